import {
  ZLlmProviderInput,
  type TConnectionTest,
  type TLlmProvider,
  type TLlmSettings,
} from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, Cpu, Server } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { Switch } from '../../components/ui/switch';
import { errorMessages, readAs } from '../../lib/form';
import { useDeleteLlmProvider } from './api/delete-llm-provider';
import { useLlmSettings } from './api/get-llm-settings';
import { useSaveLlmProvider } from './api/save-llm-provider';
import { useTestLlmProvider } from './api/test-llm-provider';
import { TestResult } from './test-result';

const errorText = (error: unknown, fallback: string) => (error instanceof Error ? error.message : fallback);

function ActiveSource({ settings }: { settings: TLlmSettings }) {
  const p = settings.provider;
  const host = p ? new URL(p.baseUrl).host : '';
  const [Icon, text] =
    settings.activeSource === 'organization'
      ? ([Bot, `Catalyst AI plans answers with ${p!.model} at ${host}.`] as const)
      : settings.activeSource === 'environment'
        ? ([
            Server,
            `Catalyst AI uses this server's default LLM${settings.environmentModel ? ` (${settings.environmentModel})` : ''}. Save a provider below to use your own.`,
          ] as const)
        : ([
            Cpu,
            'Catalyst AI answers with its embedded engine, without an LLM. Connect an OpenAI-compatible endpoint to let a model plan the queries.',
          ] as const);
  return (
    <Card className="flex gap-3 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary dark:text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-medium" data-testid="llm-active-source">
          {text}
        </p>
        <p className="mt-1 text-muted-foreground">
          Every plan a model proposes is checked against your data model before it runs. If the provider fails
          or is too slow, the embedded engine answers instead.
        </p>
      </div>
    </Card>
  );
}

/**
 * The provider form sends ZLlmProviderInput (the test, its connection fields). The timeout is
 * typed in seconds and sent in milliseconds; a typed API key replaces the saved one rather than
 * removing it.
 */
const ZLlmForm = ZLlmProviderInput.omit({ timeoutMs: true })
  .extend({
    timeout: readAs(
      (seconds) => (seconds.trim() ? Math.round(Number(seconds) * 1000) : null),
      ZLlmProviderInput.shape.timeoutMs,
    ),
  })
  .transform(({ timeout, ...provider }) => ({
    ...provider,
    timeoutMs: timeout,
    clearApiKey: provider.clearApiKey && !provider.apiKey,
  }));

function LlmForm({ provider, canManage }: { provider: TLlmProvider | null; canManage: boolean }) {
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZLlmForm),
    defaultValues: {
      baseUrl: provider?.baseUrl ?? '',
      model: provider?.model ?? '',
      apiKey: '',
      clearApiKey: false,
      timeout: provider?.timeoutMs ? String(provider.timeoutMs / 1000) : '',
      enabled: provider?.enabled ?? true,
    },
    reValidateMode: 'onSubmit',
  });
  const problems = errorMessages(formState.errors, ['baseUrl', 'model', 'timeout', 'apiKey', 'root.server']);
  const apiKey = useWatch({ control, name: 'apiKey' });
  const [result, setResult] = useState<TConnectionTest | null>(null);
  const save = useSaveLlmProvider();
  const remove = useDeleteLlmProvider();
  const test = useTestLlmProvider();

  const onTest = handleSubmit(async ({ baseUrl, model, apiKey, timeoutMs }) => {
    setResult(null);
    try {
      setResult(await test.mutateAsync({ baseUrl, model, apiKey, timeoutMs }));
    } catch (error) {
      setError('root.server', { message: errorText(error, 'The test could not be run.') });
    }
  });
  const onSave = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success('LLM provider saved', {
        description: input.enabled
          ? 'Catalyst AI uses it from the next question on.'
          : 'It is switched off: Catalyst AI keeps its default.',
      });
    } catch (error) {
      setError('root.server', { message: errorText(error, 'The provider could not be saved.') });
    }
  });
  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success('LLM provider removed', { description: 'Catalyst AI is back to its default.' });
    } catch (error) {
      setError('root.server', { message: errorText(error, 'The provider could not be removed.') });
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold">OpenAI-compatible endpoint</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Any service that speaks the OpenAI chat completions API: OpenAI, Azure OpenAI, a gateway, or a local
        server such as Ollama or vLLM.
      </p>
      {!canManage ? (
        <p className="mt-3 text-sm text-muted-foreground">
          Only members who may edit the organization (orgs.write) can change these settings.
        </p>
      ) : null}
      <form className="mt-5 grid gap-4" onSubmit={(e) => void onSave(e)} noValidate>
        <fieldset disabled={!canManage} className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5 text-sm sm:col-span-2">
            <label htmlFor="llm-base-url" className="font-medium">
              Base URL
            </label>
            <Input
              id="llm-base-url"
              aria-describedby="llm-base-url-hint"
              {...register('baseUrl')}
              placeholder="https://api.openai.com/v1"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
            />
            <span id="llm-base-url-hint" className="text-xs text-muted-foreground">
              Usually ends in /v1; Catalyst calls {'{base URL}'}/chat/completions.
            </span>
          </div>
          <label className="grid gap-1.5 text-sm">
            <span className="font-medium">Model</span>
            <Input {...register('model')} placeholder="gpt-4o-mini" autoComplete="off" spellCheck={false} />
          </label>
          <label className="grid gap-1.5 text-sm">
            <span className="font-medium">Timeout (seconds)</span>
            <Controller
              control={control}
              name="timeout"
              render={({ field }) => (
                <Input
                  {...field}
                  value={String(field.value ?? '')}
                  // Digits and a decimal point only.
                  onChange={(e) => field.onChange(e.target.value.replace(/[^\d.]/g, ''))}
                  placeholder="15"
                  inputMode="decimal"
                />
              )}
            />
          </label>
          <div className="grid gap-1.5 text-sm sm:col-span-2">
            <label htmlFor="llm-api-key" className="font-medium">
              API key
            </label>
            <PasswordInput
              id="llm-api-key"
              aria-describedby="llm-api-key-hint"
              {...register('apiKey')}
              placeholder={provider?.hasApiKey ? 'Saved: leave blank to keep it' : 'sk-…'}
              autoComplete="off"
              spellCheck={false}
            />
            <span id="llm-api-key-hint" className="text-xs text-muted-foreground">
              Encrypted at rest and never shown again. Leave it blank for endpoints that need none.
            </span>
            {provider?.hasApiKey ? (
              <label className="mt-1 flex items-center gap-2">
                <Controller
                  control={control}
                  name="clearApiKey"
                  render={({ field }) => (
                    <Checkbox
                      checked={field.value}
                      onCheckedChange={(c) => field.onChange(c === true)}
                      disabled={Boolean(apiKey)}
                    />
                  )}
                />
                Remove the saved key
              </label>
            ) : null}
          </div>
          <label className="flex items-center gap-3 text-sm sm:col-span-2">
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-label="Use this provider for Catalyst AI"
                />
              )}
            />
            Use this provider for Catalyst AI
          </label>
        </fieldset>
        {problems.length ? (
          <ul role="alert" className="grid gap-1 text-sm text-destructive">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        {result ? (
          <TestResult test={result} />
        ) : provider?.lastTest ? (
          <TestResult test={provider.lastTest} recorded />
        ) : null}
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void onTest()} disabled={test.isPending}>
              {test.isPending ? 'Testing…' : 'Test connection'}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
            {provider ? (
              <Button
                variant="ghost"
                className="sm:ml-auto"
                onClick={() => void onRemove()}
                disabled={remove.isPending}
              >
                Remove provider
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/** The LLM Providers tab: the endpoint Catalyst AI plans answers with. */
export function LlmProviderTab() {
  const settings = useLlmSettings();
  if (settings.isLoading) return <p className="text-sm text-muted-foreground">Loading the LLM settings…</p>;
  if (settings.isError || !settings.data)
    return (
      <Card className="grid gap-3 p-6 text-sm">
        <p className="text-destructive">{errorText(settings.error, 'Failed to load the LLM settings')}</p>
        <Button variant="secondary" className="justify-self-start" onClick={() => void settings.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  const { provider, canManage } = settings.data;
  return (
    <div className="grid gap-4">
      <ActiveSource settings={settings.data} />
      {/* Re-keyed on save, so the form starts from what the server stored. */}
      <LlmForm key={provider?.updatedAt ?? 'none'} provider={provider} canManage={canManage} />
    </div>
  );
}
