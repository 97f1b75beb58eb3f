import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input, inputClassName } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { useCaseKeys } from './api/keys';
import { updateUseCase } from './api/update-use-case';
import { UseCaseDocuments } from './use-case-documents';

const TOOLS = [
  { value: 'database', label: 'Database' },
  { value: 'document', label: 'Document' },
  { value: 'api', label: 'API' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'derived-metrics', label: 'Derived Metrics' },
  { value: 'decision-criteria', label: 'Decision Criteria' },
] as const;
type Tool = (typeof TOOLS)[number]['value'];
const FORMATS = ['pdf', 'docx', 'xlsx', 'txt', 'csv'];

export interface DocumentConfig {
  allowedFormats: string[];
  maxFileSize: number;
  extractMetadata: boolean;
  processImages: boolean;
}
export interface ApiConfig {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  endpoint: string;
  headers: Record<string, unknown>;
  authType: 'bearer' | 'basic' | 'apikey';
  credentials: Record<string, unknown>;
}
const DOCUMENT_DEFAULTS: DocumentConfig = {
  allowedFormats: ['pdf', 'docx'],
  maxFileSize: 10,
  extractMetadata: true,
  processImages: false,
};
const API_DEFAULTS: ApiConfig = {
  method: 'GET',
  endpoint: '',
  headers: {},
  authType: 'bearer',
  credentials: {},
};

/** JSON text applies only when it parses to an object; invalid JSON is ignored (spec document 2 §5). */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const area =
  'min-h-20 rounded-md border border-input bg-surface px-3 py-2 font-mono text-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

/** 'Select Sections' plus the Document and API tool configurations of the Knowledge tab. */
export function ToolSections({
  useCaseId,
  tools: initialTools,
  autoSelected = [],
  configurations,
}: {
  useCaseId: number;
  tools: string[];
  /** Sections ticked from saved data (a saved schema, derived metrics): saved once on mount. */
  autoSelected?: string[];
  configurations: Record<string, unknown>;
}) {
  const [tools, setTools] = useState<string[]>(initialTools);
  const [doc, setDoc] = useState<DocumentConfig>({
    ...DOCUMENT_DEFAULTS,
    ...(configurations.document as Partial<DocumentConfig> | undefined),
  });
  const [apiCfg, setApiCfg] = useState<ApiConfig>({
    ...API_DEFAULTS,
    ...(configurations.api as Partial<ApiConfig> | undefined),
  });
  const [headersText, setHeadersText] = useState(JSON.stringify(apiCfg.headers, null, 2));
  const [credText, setCredText] = useState(JSON.stringify(apiCfg.credentials, null, 2));
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  const persist = async (nextTools: string[], nextDoc = doc, nextApi = apiCfg) => {
    try {
      const updated = await updateUseCase({
        usecase_id: useCaseId,
        tools: nextTools as Tool[],
        configurations: { ...configurations, document: nextDoc, api: nextApi },
      });
      queryClient.setQueryData(useCaseKeys.detail(useCaseId), updated);
    } catch (e) {
      toast.error('Failed to save the sections', { description: e instanceof Error ? e.message : undefined });
    }
  };
  const autoSaved = useRef(false);
  useEffect(() => {
    if (autoSaved.current || autoSelected.length === 0) return;
    autoSaved.current = true;
    void persist(tools);
    // Once per mount (spec document 2 §4.4: auto-selection happens once per page load).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const toggle = (t: Tool) => {
    const next = tools.includes(t) ? tools.filter((x) => x !== t) : [...tools, t];
    setTools(next);
    void persist(next);
  };
  const saveConfigs = async () => {
    setSaving(true);
    const nextApi = {
      ...apiCfg,
      headers: parseJsonObject(headersText) ?? apiCfg.headers,
      credentials: parseJsonObject(credText) ?? apiCfg.credentials,
    };
    setApiCfg(nextApi);
    await persist(tools, doc, nextApi);
    setSaving(false);
    toast.success('Tool configuration saved');
  };

  return (
    <>
      <Card className="p-5">
        <h2 className="font-semibold">Select Sections</h2>
        <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Select Sections">
          {TOOLS.map((t) => (
            <label
              key={t.value}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-border px-3 py-1 text-sm"
            >
              <Checkbox checked={tools.includes(t.value)} onCheckedChange={() => toggle(t.value)} />
              {t.label}
            </label>
          ))}
        </div>
      </Card>
      {tools.includes('document') ? (
        <Card className="grid gap-3 p-5">
          <h2 className="font-semibold">Document Configuration</h2>
          <div className="flex flex-wrap gap-3" role="group" aria-label="Allowed formats">
            {FORMATS.map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={doc.allowedFormats.includes(f)}
                  onCheckedChange={() =>
                    setDoc({
                      ...doc,
                      allowedFormats: doc.allowedFormats.includes(f)
                        ? doc.allowedFormats.filter((x) => x !== f)
                        : [...doc.allowedFormats, f],
                    })
                  }
                />
                {f.toUpperCase()}
              </label>
            ))}
          </div>
          <label className="grid max-w-xs gap-1.5 text-sm font-medium">
            Max file size (MB)
            <Input
              type="number"
              min={1}
              max={100}
              value={doc.maxFileSize}
              onChange={(e) =>
                setDoc({ ...doc, maxFileSize: Math.min(100, Math.max(1, Number(e.target.value) || 1)) })
              }
            />
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={doc.extractMetadata}
              onCheckedChange={(v) => setDoc({ ...doc, extractMetadata: v })}
            />{' '}
            Extract metadata
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Switch
              checked={doc.processImages}
              onCheckedChange={(v) => setDoc({ ...doc, processImages: v })}
            />{' '}
            Process images
          </label>
          <UseCaseDocuments useCaseId={useCaseId} configurations={configurations} />
        </Card>
      ) : null}
      {tools.includes('api') ? (
        <Card className="grid gap-3 p-5">
          <h2 className="font-semibold">API Configuration</h2>
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <label className="grid gap-1.5 text-sm font-medium">
              Method
              <select
                className={inputClassName}
                value={apiCfg.method}
                onChange={(e) => setApiCfg({ ...apiCfg, method: e.target.value as ApiConfig['method'] })}
              >
                {['GET', 'POST', 'PUT', 'DELETE'].map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </label>
            <label className="grid gap-1.5 text-sm font-medium">
              Endpoint
              <Input
                value={apiCfg.endpoint}
                placeholder="https://api.example.com/v1/data"
                onChange={(e) => setApiCfg({ ...apiCfg, endpoint: e.target.value })}
              />
            </label>
          </div>
          <label className="grid gap-1.5 text-sm font-medium">
            Headers (JSON)
            <textarea className={area} value={headersText} onChange={(e) => setHeadersText(e.target.value)} />
          </label>
          <label className="grid max-w-xs gap-1.5 text-sm font-medium">
            Authentication type
            <select
              className={inputClassName}
              value={apiCfg.authType}
              onChange={(e) => setApiCfg({ ...apiCfg, authType: e.target.value as ApiConfig['authType'] })}
            >
              <option value="bearer">Bearer token</option>
              <option value="basic">Basic</option>
              <option value="apikey">API key</option>
            </select>
          </label>
          <label className="grid gap-1.5 text-sm font-medium">
            Credentials (JSON)
            <textarea className={area} value={credText} onChange={(e) => setCredText(e.target.value)} />
          </label>
        </Card>
      ) : null}
      {tools.includes('document') || tools.includes('api') ? (
        <div className="flex justify-end">
          <Button variant="secondary" disabled={saving} onClick={() => void saveConfigs()}>
            {saving ? 'Saving...' : 'Save Tool Configuration'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
