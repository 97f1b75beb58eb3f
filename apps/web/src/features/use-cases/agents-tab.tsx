import type { TAgentConfig, TUseCaseDetails } from '@catalyst/contracts';
import { Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, inputClassName } from '../../components/ui/input';
import { EMBED_SIZE, embedSnippet, embedUrl } from '../../lib/embed';
import { updateUseCase } from './api/update-use-case';

const area =
  'min-h-20 rounded-md border border-input bg-surface px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

/**
 * Agents tab (spec document 2 §2.4): the Create Conversation Agent form, embed code, placeholders.
 * The editor holds the unsaved settings (`config`, `onChange`), so a tab switch keeps them.
 */
export function AgentsTab({
  useCaseId,
  config: cfg,
  dirty,
  onChange,
  onSaved,
}: {
  useCaseId: number | null;
  config: TAgentConfig;
  dirty: boolean;
  onChange: (config: TAgentConfig) => void;
  onSaved: (useCase: TUseCaseDetails) => void;
}) {
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof TAgentConfig>(k: K, v: TAgentConfig[K]) => onChange({ ...cfg, [k]: v });
  const embed = useCaseId ? embedSnippet(window.location.origin, useCaseId, cfg) : '';
  const save = async () => {
    if (!useCaseId) return;
    setSaving(true);
    try {
      onSaved(await updateUseCase({ usecase_id: useCaseId, agentConfig: cfg }));
      toast.success('Agent saved');
    } catch (e) {
      toast.error('Failed to save the agent', { description: e instanceof Error ? e.message : undefined });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="grid gap-4 p-5">
        <h2 className="font-semibold">Create Conversation Agent</h2>
        <label className="grid gap-1.5 text-sm font-medium">
          Agent Type
          <select
            className={inputClassName}
            value={cfg.agentType}
            onChange={(e) => set('agentType', e.target.value as TAgentConfig['agentType'])}
          >
            <option value="conversational">Conversational</option>
            <option value="workflow">Workflow</option>
          </select>
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          Agent Name
          <Input value={cfg.agentName} onChange={(e) => set('agentName', e.target.value)} />
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          Description
          <textarea
            className={area}
            value={cfg.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          Available Endpoints
          <Input disabled placeholder="coming soon" />
        </label>
        <h3 className="text-sm font-semibold">Conversation Settings</h3>
        <label className="grid gap-1.5 text-sm font-medium">
          System Prompt
          <textarea
            className={area}
            value={cfg.systemPrompt}
            onChange={(e) => set('systemPrompt', e.target.value)}
          />
        </label>
        <label className="grid gap-1.5 text-sm font-medium">
          Welcome Message
          <Input value={cfg.welcomeMessage} onChange={(e) => set('welcomeMessage', e.target.value)} />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="grid gap-1.5 text-sm font-medium">
            Max Tokens: {cfg.maxTokens}
            <input
              type="range"
              min={100}
              max={2000}
              step={100}
              value={cfg.maxTokens}
              onChange={(e) => set('maxTokens', Number(e.target.value))}
              className="accent-[var(--color-primary)]"
            />
          </label>
          <label className="grid gap-1.5 text-sm font-medium">
            Temperature: {cfg.temperature.toFixed(1)}
            <input
              type="range"
              min={0}
              max={1}
              step={0.1}
              value={cfg.temperature}
              onChange={(e) => set('temperature', Number(e.target.value))}
              className="accent-[var(--color-primary)]"
            />
          </label>
        </div>
        <div className="flex items-center justify-end gap-3">
          {dirty ? <span className="text-sm text-muted-foreground">Unsaved changes</span> : null}
          <Button onClick={() => void save()} disabled={!useCaseId || saving}>
            {saving ? 'Saving...' : 'Save Agent'}
          </Button>
        </div>
      </Card>
      <div className="grid content-start gap-4">
        <Card className="p-5">
          <h2 className="font-semibold">Embed Code</h2>
          {useCaseId ? (
            <>
              <p className="mt-1 text-sm text-muted-foreground">
                A {EMBED_SIZE.width} × {EMBED_SIZE.height} frame with this agent. Viewers chat with their own
                Catalyst session and see only what their account may see.
              </p>
              <pre
                className="mt-3 max-h-48 overflow-auto rounded-md bg-muted p-3 text-xs break-all whitespace-pre-wrap"
                data-testid="embed-code"
              >
                {embed}
              </pre>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    void navigator.clipboard.writeText(embed).then(
                      () => toast.success('Embed code copied'),
                      () => toast.error('Could not copy the embed code'),
                    )
                  }
                >
                  <Copy /> Copy
                </Button>
                <Button variant="ghost" size="sm" asChild>
                  <a href={embedUrl(window.location.origin, useCaseId, cfg)} target="_blank" rel="noopener">
                    <ExternalLink /> Preview
                  </a>
                </Button>
              </div>
            </>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              Save the use case first to get its embed code.
            </p>
          )}
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold">Connect LLM</h2>
          <p className="mt-1 text-sm text-muted-foreground">LLM connection will be available here</p>
        </Card>
        <Card className="p-5">
          <h2 className="font-semibold">Connect MCP Server</h2>
          <p className="mt-1 text-sm text-muted-foreground">MCP server connection will be available here</p>
        </Card>
      </div>
    </div>
  );
}
