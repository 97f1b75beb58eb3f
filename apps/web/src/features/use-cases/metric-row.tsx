import type { TDerivedMetric } from '@catalyst/contracts';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { serverMessage } from '../../lib/api-errors';
import { formatTimestamp } from '../../lib/format';
import { addMetric, type MetricValues } from './api/add-derived-metric';
import { deleteMetric } from './api/delete-derived-metric';
import { updateMetric } from './api/update-derived-metric';

type Field = keyof MetricValues;
const valuesOf = (m: TDerivedMetric | null): MetricValues => ({
  derived_metric: m?.derived_metric ?? '',
  metric_definition: m?.metric_definition ?? '',
  calculation: m?.calculation ?? '',
});
const same = (a: MetricValues, b: MetricValues) =>
  a.derived_metric === b.derived_metric &&
  a.metric_definition === b.metric_definition &&
  a.calculation === b.calculation;
const blank = (v: MetricValues) =>
  !v.derived_metric.trim() && !v.metric_definition.trim() && !v.calculation.trim();
const WORD = /[A-Za-z_][A-Za-z0-9_]*$/;

/** Category and last change of a saved metric (spec document 2 §3: category, default 'ALL'; updatedOn). */
function MetricFacts({ metric }: { metric: TDerivedMetric }) {
  return (
    <p className="text-xs text-muted-foreground">
      <span className="rounded bg-muted px-1.5 py-0.5 font-medium tracking-wide uppercase" title="Category">
        <span className="sr-only">Category: </span>
        {metric.type || 'ALL'}
      </span>{' '}
      Updated <time dateTime={metric.updated_on}>{formatTimestamp(metric.updated_on)}</time>
    </p>
  );
}

/** A saved metric, read-only, with Edit and Delete. */
export function MetricSummary({
  metric,
  onEdit,
  onDelete,
}: {
  metric: TDerivedMetric;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const name = metric.derived_metric || 'Untitled metric';
  return (
    <li className="flex items-start gap-3 rounded-lg border border-border p-3" aria-label={name}>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate font-medium">{name}</p>
        {metric.metric_definition ? (
          <p className="text-sm text-muted-foreground">{metric.metric_definition}</p>
        ) : null}
        {metric.calculation ? (
          <code className="text-xs break-words whitespace-pre-wrap">{metric.calculation}</code>
        ) : null}
        <MetricFacts metric={metric} />
      </div>
      <Button variant="ghost" size="icon" aria-label={`Edit metric ${name}`} onClick={onEdit}>
        <Pencil />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete metric ${name}`} onClick={onDelete}>
        <Trash2 />
      </Button>
    </li>
  );
}

/**
 * An open metric row (spec document 2 §4.5): the first blur of a non-empty field creates the
 * metric, later blurs update it; ✓ saves what is left, refreshes the list and closes the row; ✗
 * puts the metric back as it was when the row opened (a metric created in this row is deleted).
 * Saves run one after another; a failed save leaves the row dirty, so the next blur or ✓ tries
 * again — including the very first one.
 */
export function MetricEditor({
  useCaseId,
  metric,
  columns,
  onClose,
  onDelete,
}: {
  useCaseId: number;
  metric: TDerivedMetric | null;
  columns: string[];
  /** The row closed; `saved` is the metric as the server now has it (null when none exists). */
  onClose: (saved: TDerivedMetric | null) => void;
  onDelete: (metric: TDerivedMetric) => void;
}) {
  const [d, setD] = useState<MetricValues>(() => valuesOf(metric));
  const current = useRef(d);
  useEffect(() => {
    current.current = d;
  });
  const opened = useRef({ metric, values: valuesOf(metric) });
  const saved = useRef<{ metric: TDerivedMetric | null; values: MetricValues }>({
    metric,
    values: valuesOf(metric),
  });
  const [savedMetric, setSavedMetric] = useState(metric);
  const [openedMetric] = useState(metric);
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [suggest, setSuggest] = useState(false);
  const hide = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hide.current), []);

  const persistNow = async (): Promise<boolean> => {
    const v = current.current;
    const s = saved.current;
    if (s.metric === null) {
      if (blank(v)) return true;
      try {
        const res = await addMetric(useCaseId, v);
        saved.current = { metric: res.metric, values: v };
        setSavedMetric(res.metric);
        setError(null);
        return true;
      } catch (e) {
        setError({ title: 'Failed to add derived metric. Please try again.', detail: serverMessage(e) });
        return false;
      }
    }
    if (same(v, s.values)) return true;
    try {
      const res = await updateMetric(useCaseId, s.metric.id, v, s.metric.type);
      saved.current = { metric: res.metric, values: v };
      setSavedMetric(res.metric);
      setError(null);
      return true;
    } catch (e) {
      setError({ title: 'Failed to update derived metric. Please try again.', detail: serverMessage(e) });
      return false;
    }
  };
  const persist = () => (chain.current = chain.current.then(persistNow, persistNow));

  const blur = (field: Field) => {
    const v = current.current;
    if (v[field] === saved.current.values[field]) return;
    // A new metric is created only on the blur of a field with text (spec document 2 §5).
    if (saved.current.metric === null && !v[field].trim()) return;
    void persist();
  };
  const confirm = async () => {
    setBusy(true);
    const ok = await persist();
    setBusy(false);
    if (ok) onClose(saved.current.metric);
  };
  const cancel = async () => {
    setBusy(true);
    await chain.current;
    const o = opened.current;
    const s = saved.current;
    try {
      if (o.metric === null && s.metric !== null) await deleteMetric(s.metric.id);
      else if (o.metric !== null && s.metric !== null && !same(s.values, o.values))
        await updateMetric(useCaseId, o.metric.id, o.values, o.metric.type);
      onClose(o.metric);
    } catch (e) {
      setError({
        title:
          o.metric === null
            ? 'Failed to delete derived metric. Please try again.'
            : 'Failed to update derived metric. Please try again.',
        detail: serverMessage(e),
      });
    } finally {
      setBusy(false);
    }
  };

  const q = (d.calculation.match(WORD)?.[0] ?? '').toLowerCase();
  const shown = columns.filter((c) => c.toLowerCase().includes(q)).slice(0, 8);
  const field = (f: Field) => ({
    value: d[f],
    onChange: (e: { target: { value: string } }) => setD((x) => ({ ...x, [f]: e.target.value })),
  });
  const label = d.derived_metric || 'new metric';

  return (
    <li className="grid gap-2 rounded-lg border border-primary/50 p-3" aria-label={`Editing ${label}`}>
      <div className="grid gap-2 md:grid-cols-[1fr_1.4fr_1.6fr_auto]">
        <Input
          placeholder="Metric name"
          aria-label="Metric name"
          {...field('derived_metric')}
          onBlur={() => blur('derived_metric')}
        />
        <Input
          placeholder="Definition"
          aria-label="Metric definition"
          {...field('metric_definition')}
          onBlur={() => blur('metric_definition')}
        />
        <div className="relative">
          <Input
            placeholder="Calculation, e.g. SUM(revenue) - SUM(cost)"
            aria-label="Calculation"
            aria-invalid={error ? true : undefined}
            className="font-mono text-xs"
            {...field('calculation')}
            onFocus={() => {
              // Back in the field within the 200 ms of a blur: the list stays.
              clearTimeout(hide.current);
              setSuggest(true);
            }}
            onBlur={() => {
              hide.current = setTimeout(() => setSuggest(false), 200);
              blur('calculation');
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
                      setD((x) => ({ ...x, calculation: x.calculation.replace(WORD, '') + c }));
                    }}
                  >
                    {c}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Save metric ${label}`}
            title="Save and close"
            disabled={busy}
            onClick={() => void confirm()}
          >
            <Check className="text-success" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Cancel editing ${label}`}
            title="Cancel"
            disabled={busy}
            onClick={() => void cancel()}
          >
            <X />
          </Button>
          {openedMetric ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete metric ${label}`}
              disabled={busy}
              onClick={() => onDelete(openedMetric)}
            >
              <Trash2 />
            </Button>
          ) : null}
        </div>
      </div>
      {savedMetric ? <MetricFacts metric={savedMetric} /> : null}
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error.title}
          {error.detail ? <span className="block">{error.detail}</span> : null}
        </p>
      ) : null}
    </li>
  );
}
