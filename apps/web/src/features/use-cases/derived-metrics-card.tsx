import type { TDerivedMetric } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { serverMessage } from '../../lib/api-errors';
import { deleteMetric } from './api/delete-derived-metric';
import { useDerivedMetrics } from './api/get-derived-metrics';
import { useSuggestedColumns } from './api/get-suggested-columns';
import { metricKeys } from './api/keys';
import { MetricEditor, MetricSummary } from './metric-row';

let seq = 0;

/**
 * Derived Metrics (spec document 2 §4.5, §5, §8): saved metrics are listed read-only with their
 * category and last change; Edit opens a row, Add Metric opens a new one (only once the use case
 * has an id).
 */
export function DerivedMetricsCard({ useCaseId }: { useCaseId: number | null }) {
  const queryClient = useQueryClient();
  const key = metricKeys.list(useCaseId);
  const metrics = useDerivedMetrics(useCaseId);
  const columns = useSuggestedColumns(useCaseId);
  const [editing, setEditing] = useState<Set<number>>(new Set());
  const [drafts, setDrafts] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<TDerivedMetric | null>(null);
  const [busy, setBusy] = useState(false);
  const [noId, setNoId] = useState(false);

  const setEdit = (id: number, on: boolean) =>
    setEditing((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  /** A row closed: show the server's copy at once, then refresh the list (spec: ✓ refreshes it). */
  const closed = (saved: TDerivedMetric | null) => {
    if (saved)
      queryClient.setQueryData<TDerivedMetric[]>(key, (old) =>
        old?.some((m) => m.id === saved.id)
          ? old.map((m) => (m.id === saved.id ? saved : m))
          : [...(old ?? []), saved],
      );
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: metricKeys.columns(useCaseId) });
  };
  const remove = async (m: TDerivedMetric) => {
    setBusy(true);
    try {
      await deleteMetric(m.id);
      setEdit(m.id, false);
      toast.success('Metric deleted');
    } catch (e) {
      toast.error('Failed to delete derived metric. Please try again.', { description: serverMessage(e) });
    } finally {
      setBusy(false);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };
  const add = () => {
    if (!useCaseId) {
      setNoId(true);
      return;
    }
    setDrafts((x) => [...x, `new-${++seq}`]);
  };

  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">Derived Metrics</h2>
          <p className="text-sm text-muted-foreground">
            SQL expressions over the use case's columns (aggregates and arithmetic), validated on save.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={!useCaseId}
          title={useCaseId ? undefined : 'Save the use case first to add derived metrics'}
          onClick={add}
        >
          <Plus /> Add Metric
        </Button>
      </div>
      {!useCaseId ? (
        <p className="mt-3 text-sm text-muted-foreground">Save the use case first to add derived metrics</p>
      ) : null}
      {noId && !useCaseId ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          No use case ID available. Please save the use case first.
        </p>
      ) : null}
      {metrics.isError ? (
        <div role="alert" className="mt-3 flex items-center justify-between gap-2 text-sm text-destructive">
          <span>Failed to load derived metrics. Please try again.</span>
          <Button variant="secondary" size="sm" onClick={() => void metrics.refetch()}>
            Try Again
          </Button>
        </div>
      ) : metrics.isLoading && useCaseId ? (
        <p className="mt-3 text-sm text-muted-foreground">Loading derived metrics…</p>
      ) : useCaseId && (metrics.data ?? []).length === 0 && drafts.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No derived metrics defined yet</p>
      ) : null}
      <ul className="mt-3 grid gap-2" aria-label="Derived metrics">
        {(metrics.data ?? []).map((m) =>
          editing.has(m.id) && useCaseId ? (
            <MetricEditor
              key={`m${m.id}`}
              useCaseId={useCaseId}
              metric={m}
              columns={columns.data ?? []}
              onDelete={setDeleting}
              onClose={(saved) => {
                setEdit(m.id, false);
                closed(saved);
              }}
            />
          ) : (
            <MetricSummary
              key={`m${m.id}`}
              metric={m}
              onEdit={() => setEdit(m.id, true)}
              onDelete={() => setDeleting(m)}
            />
          ),
        )}
        {useCaseId
          ? drafts.map((k) => (
              <MetricEditor
                key={k}
                useCaseId={useCaseId}
                metric={null}
                columns={columns.data ?? []}
                onDelete={setDeleting}
                onClose={(saved) => {
                  setDrafts((x) => x.filter((d) => d !== k));
                  closed(saved);
                }}
              />
            ))
          : null}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Derived Metric"
        description={`Are you sure you want to delete "${deleting?.derived_metric || 'this metric'}"?`}
        busy={busy}
        busyLabel="Deleting..."
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
