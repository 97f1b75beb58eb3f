import type { TDecision, TDecisionOutcome, TDecisionStatus } from '@catalyst/contracts';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ChartCard } from '../../components/cards/chart-card';
import { Page } from '../../components/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { NoAccess } from '../../components/no-access';
import { formatDateTime, formatValue } from '../../lib/format';
import { usePermissions } from '../../lib/permissions';
import { useChangeDecisionStatus } from './api/change-decision-status';
import { useDeleteDecision } from './api/delete-decision';
import { useDecision } from './api/get-decision';
import { useDecisionOutcome } from './api/get-decision-outcome';
import { ArtifactsCard } from './artifacts-card';
import { EditDecisionDialog } from './edit-decision-dialog';
import { StatusBadge } from './status-badge';

const VERB: Record<TDecisionStatus, string> = {
  pending: 'Reopen',
  approved: 'Approve',
  implemented: 'Mark implemented',
  rejected: 'Reject',
};

/** A decision: its record, its status moves with who and when, its artifacts, and its measured outcome. */
export function DecisionDetailPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'rejected' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteDecision(id, {
    onSuccess: () => {
      toast.success('Decision deleted');
      navigate('/decisions');
    },
    onError: (error) =>
      toast.error('Decision not deleted', {
        description: error instanceof Error ? error.message : undefined,
      }),
  });
  const permissions = usePermissions();
  const decision = useDecision(id);
  const outcome = useDecisionOutcome(id);
  const move = useChangeDecisionStatus(id, {
    onSuccess: (d) => toast.success(`Decision ${d.status}`),
    onError: (error) =>
      toast.error('Status not changed', { description: error instanceof Error ? error.message : undefined }),
  });

  if (permissions.known && !permissions.can('reports.view'))
    return (
      <Page>
        <NoAccess permission="reports.view" what="Seeing decisions" />
      </Page>
    );
  if (decision.isLoading) return <Page>Loading decision…</Page>;
  if (decision.isError || !decision.data)
    return (
      <Page>
        <Alert variant="destructive" title="Error">
          {decision.error instanceof Error ? decision.error.message : 'Failed to load the decision'}
        </Alert>
      </Page>
    );
  const d = decision.data;
  const o = outcome.data;
  return (
    <Page>
      <Link
        to="/decisions"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Decisions
      </Link>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <StatusBadge status={d.status} />
            <span className="text-xs text-muted-foreground">{d.useCaseName}</span>
          </div>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">{d.title}</h1>
          {d.alertTitle ? <p className="mt-1 text-sm text-muted-foreground">Alert: {d.alertTitle}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {d.allowedTransitions.map((s) => (
            <Button
              key={s}
              variant={s === 'rejected' ? 'secondary' : 'primary'}
              disabled={move.isPending}
              onClick={() => (s === 'rejected' ? setConfirm('rejected') : move.mutate(s))}
            >
              {VERB[s]}
            </Button>
          ))}
          <Button variant="ghost" onClick={() => setEditing(true)}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button variant="ghost" onClick={() => setConfirm('delete')}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-4">
          <Card className="p-5 text-sm leading-6">
            <h2 className="font-semibold">Description</h2>
            <p className="mt-1 whitespace-pre-wrap">{d.description}</p>
            <h2 className="mt-4 font-semibold">Rationale</h2>
            <p className="mt-1 whitespace-pre-wrap">{d.decisionRationale}</p>
          </Card>
          <section aria-labelledby="outcome" className="grid gap-3">
            <h2 id="outcome" className="text-lg font-semibold">
              Outcome
            </h2>
            {outcome.isError ? (
              <Alert variant="destructive" title="Error">
                {outcome.error instanceof Error ? outcome.error.message : 'Failed to read the outcome'}
              </Alert>
            ) : o ? (
              <Card className={`p-5 text-sm leading-6 ${o.status === 'measured' ? '' : 'border-dashed'}`}>
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  {OUTCOME_LABEL[o.status]}
                </p>
                <p className="mt-1">{o.statement}</p>
                {o.comparison ? (
                  <dl className="mt-3 grid grid-cols-3 gap-3 text-xs">
                    <div>
                      <dt className="text-muted-foreground">Actual (mean)</dt>
                      <dd className="text-base font-semibold tabular-nums">
                        {formatValue(o.comparison.actualMean)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Expected (baseline)</dt>
                      <dd className="text-base font-semibold tabular-nums">
                        {formatValue(o.comparison.expectedMean)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-muted-foreground">Over</dt>
                      <dd className="text-base font-semibold tabular-nums">
                        {o.comparison.periods} {o.metric?.grain ?? 'period'}
                        {o.comparison.periods === 1 ? '' : 's'}
                      </dd>
                    </div>
                  </dl>
                ) : null}
              </Card>
            ) : (
              <p className="text-sm text-muted-foreground">Reading the outcome…</p>
            )}
            {o && o.points.length > 1 ? (
              <ChartCard
                headingLevel={3}
                card={{
                  type: 'chart',
                  data: {
                    id: `outcome-${id}`,
                    title: `${o.metric?.label ?? 'Metric'}: actual against the baseline`,
                    description: outcomeChartNote(o, d),
                    options: {
                      chart: { type: 'line' },
                      xAxis: { categories: o.points.map((p) => p.period) },
                      series: [
                        { name: 'Actual', data: o.points.map((p) => p.actual) },
                        { name: 'Expected (baseline)', data: o.points.map((p) => p.expected) },
                      ],
                    },
                  },
                }}
              />
            ) : null}
          </section>
        </div>
        <div className="grid content-start gap-4">
          <Card className="p-5">
            <h2 className="font-semibold">History</h2>
            <ol className="mt-2 grid gap-2 text-sm">
              {d.history.map((h, i) => (
                <li key={i}>
                  <span className="font-medium capitalize">{h.to}</span> · {h.by} · {formatDateTime(h.at)}
                </li>
              ))}
            </ol>
          </Card>
          <ArtifactsCard decision={d} />
        </div>
      </div>
      {editing ? <EditDecisionDialog decision={d} onClose={() => setEditing(false)} /> : null}
      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogTitle>
            {confirm === 'delete' ? 'Delete this decision?' : 'Reject this decision?'}
          </DialogTitle>
          <DialogDescription>
            {confirm === 'delete'
              ? `"${d.title}", its history and its artifacts are removed for good.`
              : `"${d.title}" is marked rejected. A rejected decision cannot be approved later.`}
          </DialogDescription>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={move.isPending || remove.isPending}
              onClick={() => {
                if (confirm === 'delete') remove.mutate();
                else move.mutate('rejected');
                setConfirm(null);
              }}
            >
              {confirm === 'delete' ? 'Delete' : 'Reject'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Page>
  );
}

const OUTCOME_LABEL: Record<TDecisionOutcome['status'], string> = {
  no_metric: 'Not measured',
  awaiting_approval: 'Awaiting approval',
  awaiting_implementation: 'Awaiting implementation',
  too_early: 'Too early to tell',
  measured: 'Measured',
};

/** Names the periods the chart compares, since the line itself does not mark them. */
function outcomeChartNote(o: TDecisionOutcome, d: TDecision): string {
  const implemented = [...d.history].reverse().find((h) => h.to === 'implemented');
  const parts = [
    o.baseline
      ? `Baseline ${o.baseline.from} to ${o.baseline.to}: ${formatValue(o.baseline.mean)} per ${o.metric?.grain ?? 'period'}.`
      : null,
    implemented ? `Implemented ${implemented.at.slice(0, 10)}.` : null,
  ];
  return parts.filter(Boolean).join(' ');
}
