import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { TDerivedMetric } from '@catalyst/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { api } from '../../lib/api';

const SV = '/api/copilot/schema_validation';
type Field = 'derived_metric' | 'metric_definition' | 'calculation';
interface Draft {
  key: string;
  id: number | null;
  derived_metric: string;
  metric_definition: string;
  calculation: string;
}
let seq = 0;

function MetricRow({
  useCaseId,
  initial,
  columns,
  onDelete,
  onSaved,
}: {
  useCaseId: number;
  initial: Draft;
  columns: string[];
  onDelete: (d: Draft) => void;
  onSaved: (id: number) => void;
}) {
  const [d, setD] = useState(initial);
  const saved = useRef(initial);
  const creating = useRef<Promise<unknown> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [suggest, setSuggest] = useState(false);
  const hide = useRef<ReturnType<typeof setTimeout>>(undefined);

  const blur = async (field: Field) => {
    if (d[field] === saved.current[field]) return;
    if (d.id === null && !d[field].trim()) return;
    setError(null);
    try {
      if (d.id === null) {
        if (creating.current) await creating.current;
        const p = api.post<{ id: number }>(`${SV}/add_derived_metric`, {
          usecase_id: useCaseId,
          derived_metric: d.derived_metric,
          metric_definition: d.metric_definition,
          calculation: d.calculation,
          type: 'general',
        });
        creating.current = p;
        const res = await p;
        setD((x) => ({ ...x, id: res.id }));
        saved.current = { ...d, id: res.id };
        onSaved(res.id);
        return;
      } else {
        await api.post(`${SV}/update_derived_metric`, {
          id: d.id,
          usecase_id: useCaseId,
          derived_metric: d.derived_metric,
          metric_definition: d.metric_definition,
          calculation: d.calculation,
          type: 'general',
        });
        saved.current = d;
      }
      onSaved(d.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save the metric');
    }
  };
  const q = (d.calculation.match(/[A-Za-z_][A-Za-z0-9_]*$/)?.[0] ?? '').toLowerCase();
  const shown = columns.filter((c) => c.toLowerCase().includes(q)).slice(0, 8);

  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 md:grid-cols-[1fr_1.4fr_1.6fr_auto]">
      <Input
        placeholder="Metric name"
        aria-label="Metric name"
        value={d.derived_metric}
        onChange={(e) => setD({ ...d, derived_metric: e.target.value })}
        onBlur={() => void blur('derived_metric')}
      />
      <Input
        placeholder="Definition"
        aria-label="Metric definition"
        value={d.metric_definition}
        onChange={(e) => setD({ ...d, metric_definition: e.target.value })}
        onBlur={() => void blur('metric_definition')}
      />
      <div className="relative">
        <Input
          placeholder="Calculation, e.g. SUM(revenue) - SUM(cost)"
          aria-label="Calculation"
          aria-invalid={error ? true : undefined}
          className="font-mono text-xs"
          value={d.calculation}
          onFocus={() => setSuggest(true)}
          onChange={(e) => setD({ ...d, calculation: e.target.value })}
          onBlur={() => {
            hide.current = setTimeout(() => setSuggest(false), 200);
            void blur('calculation');
          }}
        />
        {suggest && shown.length > 0 ? (
          <ul
            className="absolute z-20 mt-1 max-h-48 w-full overflow-auto rounded-md border border-border bg-surface py-1 text-sm shadow-md"
            aria-label="Computation suggestions"
          >
            {shown.map((c) => (
              <li key={c}>
                <button
                  type="button"
                  className="w-full px-3 py-1.5 text-left font-mono text-xs hover:bg-muted"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    clearTimeout(hide.current);
                    setD((x) => ({
                      ...x,
                      calculation: x.calculation.replace(/[A-Za-z_][A-Za-z0-9_]*$/, '') + c,
                    }));
                  }}
                >
                  {c}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p role="alert" className="mt-1 text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete metric ${d.derived_metric || 'draft'}`}
        onClick={() => onDelete(d)}
      >
        <Trash2 />
      </Button>
    </li>
  );
}

/** Derived Metrics (spec document 2 §4.5, §5). */
export function DerivedMetricsCard({ useCaseId }: { useCaseId: number | null }) {
  const queryClient = useQueryClient();
  const key = ['derived-metrics', useCaseId];
  const metrics = useQuery({
    queryKey: key,
    enabled: !!useCaseId,
    queryFn: () => api.get<TDerivedMetric[]>(`${SV}/get_derived_metrics?usecase_id=${useCaseId}`),
  });
  const columns = useQuery({
    queryKey: ['autosuggest', useCaseId],
    enabled: !!useCaseId,
    queryFn: () =>
      api
        .get<{ columns: string[] }>(`${SV}/autosuggest_columns?usecase_id=${useCaseId}`)
        .then((r) => r.columns),
  });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [deleting, setDeleting] = useState<Draft | null>(null);

  const known = new Set((metrics.data ?? []).map((m) => m.id));
  const rows: Draft[] = [
    ...(metrics.data ?? []).map((m) => ({
      key: `m${m.id}`,
      id: m.id,
      derived_metric: m.derived_metric,
      metric_definition: m.metric_definition,
      calculation: m.calculation,
    })),
    ...drafts.filter((d) => d.id === null || !known.has(d.id)),
  ];
  const remove = async (d: Draft) => {
    setDeleting(null);
    setDrafts((x) => x.filter((r) => r.key !== d.key));
    if (d.id === null) return;
    try {
      await api.post(`${SV}/delete_derived_metric`, { id: d.id });
      toast.success('Metric deleted');
    } catch (e) {
      toast.error('Failed to delete the metric', { description: e instanceof Error ? e.message : undefined });
    }
    await queryClient.invalidateQueries({ queryKey: key });
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
          disabled={!useCaseId}
          title={useCaseId ? undefined : 'Save the use case first to add derived metrics'}
          onClick={() =>
            setDrafts((x) => [
              ...x,
              { key: `d${++seq}`, id: null, derived_metric: '', metric_definition: '', calculation: '' },
            ])
          }
        >
          <Plus /> Add Metric
        </Button>
      </div>
      {!useCaseId ? (
        <p className="mt-3 text-sm text-muted-foreground">Save the use case first to add derived metrics</p>
      ) : null}
      {rows.length === 0 && useCaseId ? (
        <p className="mt-3 text-sm text-muted-foreground">No derived metrics yet.</p>
      ) : null}
      <ul className="mt-3 grid gap-2">
        {rows.map((r) => (
          <MetricRow
            key={r.key}
            useCaseId={useCaseId ?? 0}
            initial={r}
            columns={columns.data ?? []}
            onDelete={(d) => setDeleting(d)}
            onSaved={(id) => {
              setDrafts((x) => x.map((d) => (d.key === r.key ? { ...d, id } : d)));
              void queryClient.invalidateQueries({ queryKey: ['autosuggest', useCaseId] });
            }}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Derived Metric"
        description={`Are you sure you want to delete "${deleting?.derived_metric || 'this metric'}"?`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
