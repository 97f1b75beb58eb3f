import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { TActionFlow } from '@catalyst/contracts';
import { CalendarClock, Hand, Pause, Play, Plus, Trash2, Workflow, Zap } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDeleteActionFlow } from './api/delete-action-flow';
import { useActionFlows } from './api/get-action-flows';
import { useSetFlowStatus } from './api/set-flow-status';
import { CreateFlowDialog } from './create-flow-dialog';
import { TRIGGER_LABELS } from './flow-form';

const TRIGGER_ICONS = { manual: Hand, scheduled: CalendarClock, event: Zap } as const;
const STATUS_STYLES = {
  draft: 'bg-muted text-muted-foreground',
  active: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  inactive: 'bg-amber-500/10 text-amber-800 dark:text-amber-400',
} as const;
const SHOWN_STEPS = 4;

function FlowCard({ flow, onDelete }: { flow: TActionFlow; onDelete: () => void }) {
  const setStatus = useSetFlowStatus();
  const TriggerIcon = TRIGGER_ICONS[flow.triggerType];
  const active = flow.status === 'active';
  return (
    <li
      className="flex min-w-0 flex-col rounded-xl border border-border bg-surface p-4 shadow-xs"
      aria-label={flow.name}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{flow.name}</h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
            <span
              className={cn('rounded-full px-2 py-0.5 font-medium capitalize', STATUS_STYLES[flow.status])}
              data-testid="flow-status"
            >
              {flow.status}
            </span>
            <span className="inline-flex items-center gap-1 text-muted-foreground">
              <TriggerIcon className="size-3.5" aria-hidden /> {TRIGGER_LABELS[flow.triggerType]}
            </span>
          </div>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={active ? `Pause ${flow.name}` : `Activate ${flow.name}`}
          title={active ? 'Pause' : 'Activate'}
          onClick={() => setStatus.mutate({ id: flow.id, status: active ? 'inactive' : 'active' })}
        >
          {active ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${flow.name}`}
          title="Delete"
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {flow.description ? (
        <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{flow.description}</p>
      ) : null}
      {flow.steps.length ? (
        <ol className="mt-3 grid gap-1 text-sm">
          {flow.steps.slice(0, SHOWN_STEPS).map((step, i) => (
            <li key={i} className="flex gap-2">
              <span className="grid size-5 shrink-0 place-items-center rounded-full bg-primary-soft text-[11px] font-semibold text-primary dark:text-accent-foreground">
                {i + 1}
              </span>
              <span className="min-w-0 break-words">{step}</span>
            </li>
          ))}
          {flow.steps.length > SHOWN_STEPS ? (
            <li className="pl-7 text-xs text-muted-foreground">+{flow.steps.length - SHOWN_STEPS} more</li>
          ) : null}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-muted-foreground">No steps yet.</p>
      )}
    </li>
  );
}

/** The organisation's action flows as cards, with create, pause/play and delete (the /action-flows screen and the Agents tab). */
export function ActionFlowsPanel({ workflowForm = false }: { workflowForm?: boolean }) {
  const flows = useActionFlows();
  const remove = useDeleteActionFlow();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TActionFlow | null>(null);
  return (
    <section aria-label="Action flows">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {flows.data
            ? `${flows.data.length} flow${flows.data.length === 1 ? '' : 's'}, ${flows.data.filter((f) => f.status === 'active').length} active`
            : 'Flows of your organization'}
        </p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> {workflowForm ? 'Create Workflow' : 'Create Action Flow'}
        </Button>
      </div>
      <Alert className="mt-4" title="Flows are saved, not run">
        Catalyst keeps your flows and whether they are active, but it does not run them yet: an active flow is
        not triggered by a schedule or an event.
      </Alert>
      <div className="mt-4">
        {flows.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading action flows…</p>
        ) : flows.isError ? (
          <Card className="grid gap-3 p-6 text-sm">
            <p className="text-destructive">
              {flows.error instanceof Error ? flows.error.message : 'Failed to load action flows'}
            </p>
            <Button variant="secondary" className="justify-self-start" onClick={() => void flows.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : !flows.data?.length ? (
          <Card className="grid justify-items-center gap-2 p-10 text-center">
            <Workflow className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No action flows yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Describe the steps your team takes when a decision or an alert calls for action.
            </p>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {flows.data.map((flow) => (
              <FlowCard key={flow.id} flow={flow} onDelete={() => setDeleting(flow)} />
            ))}
          </ul>
        )}
      </div>
      {creating ? <CreateFlowDialog complete={workflowForm} onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Action Flow"
        description={`Are you sure you want to delete "${deleting?.name ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
