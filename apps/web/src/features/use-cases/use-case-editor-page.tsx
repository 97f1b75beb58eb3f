import { ZAgentConfig, type TAgentConfig, type TUseCaseDetails } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NoAccess } from '../../components/no-access';
import { Page } from '../../components/page';
import { Alert } from '../../components/ui/alert';
import { usePermissions } from '../../lib/permissions';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDistance } from '../../lib/format';
import { AgentsTab } from './agents-tab';
import { useUseCase } from './api/get-use-case';
import { useCaseKeys } from './api/keys';
import { EMPTY_DEFINITION, formOf, useDefinitionSaver } from './definition-saver';
import { usePublish } from './publish';
import { DefinitionTab, type DefinitionForm } from './definition-tab';
import { FlowsTab } from './flows-tab';
import { KnowledgeTab } from './knowledge-tab';

const TABS = [
  { value: 'definition', label: 'DEFINITION', title: 'Definition' },
  { value: 'context', label: 'KNOWLEDGE', title: 'Knowledge' },
  { value: 'flows', label: 'DECISION FLOWS', title: 'Decision Flows' },
  { value: 'integrations', label: 'AGENTS', title: 'Agents' },
] as const;
type Tab = (typeof TABS)[number]['value'];

// The agent settings of a use case that has none saved: the contract's defaults (spec document 2 §3).
const DEFAULT_AGENT: TAgentConfig = ZAgentConfig.parse({});

/** /use-cases/new and /use-cases/:id (spec document 2 §2.4, §4.2–4.6). */
export function UseCaseEditorPage() {
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const routeId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const { known, can } = usePermissions();
  // Without data.write the editor shows the use case but changes nothing.
  const readOnly = !can('data.write');
  const details = useUseCase(routeId);
  const [form, setForm] = useState<DefinitionForm>(EMPTY_DEFINITION);
  const formRef = useRef(form);
  formRef.current = form;
  const [tab, setTab] = useState<Tab>('definition');
  /** Agent settings changed but not saved yet; kept here so a tab switch does not drop them. */
  const [agentDraft, setAgentDraft] = useState<TAgentConfig | null>(null);
  const [, tick] = useState(0);
  const loadedFor = useRef<number | null>(null);
  /** The form as last read from the server, to tell a newer server copy from the user's own edits. */
  const loadedForm = useRef<string | null>(null);

  const {
    id,
    saver,
    flush: flushDefinition,
    saving,
    savedAt,
    setSavedAt,
    saveError,
  } = useDefinitionSaver({
    id: routeId,
    form: formRef,
    onCreated: (created, f) => {
      loadedFor.current = created.usecase_id;
      loadedForm.current = JSON.stringify(f);
      void navigate(`/use-cases/${created.usecase_id}`, { replace: true });
    },
  });
  useEffect(() => {
    if (!details.data) return;
    const f = formOf(details.data);
    const json = JSON.stringify(f);
    const first = loadedFor.current !== details.data.use_case_id;
    // A newer copy from the server (a save from the last visit landed) replaces an untouched form.
    const newer =
      !first && json !== loadedForm.current && JSON.stringify(formRef.current) === loadedForm.current;
    if (!first && !newer) return;
    loadedFor.current = details.data.use_case_id;
    loadedForm.current = json;
    setForm(f);
    saver.markSaved(f);
    setSavedAt(new Date(details.data.updatedAt).getTime());
  }, [details.data, saver, setSavedAt]);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, []);

  const { publish, publishing } = usePublish(id);
  const data = id
    ? (queryClient.getQueryData<TUseCaseDetails>(useCaseKeys.detail(id)) ?? details.data)
    : undefined;
  const published = data?.OnBoardingStatus ?? data?.is_onboarded ?? false;
  const current = TABS.find((t) => t.value === tab) ?? TABS[0];

  if (known && (!can('data.read') || (routeId === null && readOnly))) {
    return (
      <Page>
        <NoAccess
          permission={can('data.read') ? 'data.write' : 'data.read'}
          what={can('data.read') ? 'Creating a use case' : 'Seeing use cases'}
        />
      </Page>
    );
  }

  if (routeId !== null && details.isError && loadedFor.current === null) {
    return (
      <Page>
        <Card className="p-8 text-center">
          <p className="font-medium">Failed to load use case details. Please try again.</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {details.error instanceof Error ? details.error.message : ''}
          </p>
          <div className="mt-4 flex justify-center gap-2">
            <Button variant="secondary" onClick={() => void details.refetch()}>
              Try Again
            </Button>
            <Button variant="ghost" onClick={() => void navigate('/use-cases')}>
              Back to Use Cases
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  return (
    <Page>
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
        <Link to="/use-cases" className="hover:text-foreground hover:underline">
          Use Cases
        </Link>
        <ChevronRight className="size-4" />
        <span className="text-foreground">{id ? 'Edit' : 'Definition'}</span>
      </nav>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight">
              {form.name.trim() || (id ? 'Edit Use Case' : 'New Use Case')}
            </h1>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium',
                published
                  ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400'
                  : 'bg-amber-500/10 text-amber-800 dark:text-amber-400',
              )}
            >
              {published ? 'Published' : 'Draft'}
            </span>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{current.title} Configuration</p>
        </div>
        <div
          className="text-sm text-muted-foreground sm:text-right"
          aria-live="polite"
          data-testid="save-status"
        >
          {saving
            ? 'Saving...'
            : savedAt
              ? `Saved ${formatDistance(savedAt, Date.now())} ago`
              : id
                ? ''
                : 'Name the use case to save it'}
          {saveError !== null ? (
            <p role="alert" className="text-destructive">
              Failed to save use case. Please try again.
              {saveError ? <span className="block text-xs">{saveError}</span> : null}
            </p>
          ) : null}
        </div>
      </div>
      <div
        role="tablist"
        aria-label="Use case sections"
        className="mt-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-4"
      >
        {TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            aria-selected={tab === t.value}
            onClick={() => {
              if (t.value !== tab) void flushDefinition({ keepalive: false });
              setTab(t.value);
            }}
            className={cn(
              'rounded-md px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground',
              tab === t.value && 'bg-surface text-foreground shadow-xs',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {known && readOnly ? (
        <Alert className="mt-4" title="View only">
          Changing use cases needs the data.write permission (Data write). Ask an administrator if you need
          it.
        </Alert>
      ) : null}
      <fieldset disabled={readOnly} className="contents">
        <div className="mt-6" role="tabpanel" aria-label={current.title}>
          {routeId !== null && details.isLoading ? (
            <div className="h-64 animate-pulse rounded-xl bg-muted" aria-label="Loading use case" />
          ) : tab === 'definition' ? (
            <DefinitionTab form={form} setForm={setForm} commit={(f) => saver.schedule(f)} />
          ) : tab === 'context' ? (
            <KnowledgeTab
              useCaseId={id}
              tools={data?.tools ?? []}
              configurations={data?.configurations ?? {}}
            />
          ) : tab === 'flows' ? (
            <FlowsTab useCaseId={id} onPublish={() => void publish()} publishing={publishing} />
          ) : (
            <AgentsTab
              useCaseId={id}
              config={agentDraft ?? { ...DEFAULT_AGENT, ...data?.agentConfig }}
              dirty={agentDraft !== null}
              onChange={setAgentDraft}
              onSaved={(saved) => {
                if (id) queryClient.setQueryData(useCaseKeys.detail(id), saved);
                setAgentDraft(null);
              }}
            />
          )}
        </div>
      </fieldset>
    </Page>
  );
}
