import { ArrowDownRight, ArrowRight, ArrowUpRight, FileText, Minus } from 'lucide-react';
import { Button } from '../ui/button';
import { CardFrame } from './card-frame';
import { formatChange, formatValue, type ValueFormat } from '../../lib/format';
import { RichText } from './rich-text';
import type { CardHandlers, CardModel } from './types';

export function TextCard({ card }: { card: CardModel }) {
  const d = card.data as { header?: string; content?: string[]; text?: string };
  const content = d.content?.filter(Boolean) ?? [];
  const empty = !content.length && !d.text && !d.header;
  return (
    <CardFrame title={card.data.title} description={card.data.description} evidence={card.data.evidence}>
      {empty ? <p className="text-sm text-muted-foreground">No content available</p> : null}
      {d.header ? <p className="mb-2 text-sm font-medium">{d.header}</p> : null}
      {content.length ? (
        <ul className="space-y-1.5 text-sm leading-6">
          {content.map((line, i) => (
            <li key={i} className="flex gap-2">
              <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary/70" aria-hidden />
              <span>
                <RichText text={line} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {d.text ? (
        <p className="text-sm leading-6">
          <RichText text={d.text} />
        </p>
      ) : null}
    </CardFrame>
  );
}

type Action = string | { label: string; description?: string; question?: string };

export function ActionCard({ card, handlers }: { card: CardModel; handlers: CardHandlers }) {
  const d = card.data as { actions?: Action[]; context?: Record<string, string> };
  const actions = (d.actions ?? [])
    .map((a) => (typeof a === 'string' ? { label: a, question: a } : a))
    .filter((a) => a.label);
  return (
    <CardFrame title={card.data.title} description={card.data.description}>
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No actions available</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a.label}
              variant={a.question ? 'secondary' : 'primary'}
              size="sm"
              title={a.description}
              onClick={() =>
                a.question ? handlers.onAsk?.(a.question) : handlers.onAction?.(a.label, d.context)
              }
            >
              {a.label}
              <ArrowRight aria-hidden />
            </Button>
          ))}
        </div>
      )}
    </CardFrame>
  );
}

interface MetricItem {
  label: string;
  value: number | string | null;
  /** Relative change (0.12 for +12 %); a string from older payloads is shown as it is. */
  change?: number | string | null;
  trend?: 'up' | 'down' | 'neutral';
  format?: ValueFormat;
  /** The value over the comparison period and that period's days. */
  previous?: number | null;
  previousLabel?: string;
}

export function MetricCard({ card }: { card: CardModel }) {
  const metrics = (card.data.metrics as MetricItem[] | undefined) ?? [];
  return (
    <CardFrame title={card.data.title} description={card.data.description} evidence={card.data.evidence}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {metrics.map((m) => {
          const Icon = m.trend === 'up' ? ArrowUpRight : m.trend === 'down' ? ArrowDownRight : Minus;
          const tone =
            m.trend === 'up'
              ? 'text-success'
              : m.trend === 'down'
                ? 'text-destructive'
                : 'text-muted-foreground';
          const change =
            typeof m.change === 'string' ? m.change : formatChange(m.change, m.format, m.value, m.previous);
          return (
            <div key={m.label} className="rounded-lg bg-muted/50 p-3">
              <p className="text-xs font-medium text-muted-foreground">{m.label}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums">
                {m.value === null
                  ? '—'
                  : typeof m.value === 'number'
                    ? formatValue(m.value, m.format)
                    : m.value}
              </p>
              {change ? (
                <p className={`mt-1 inline-flex items-center gap-1 text-xs font-medium ${tone}`}>
                  <Icon className="size-3.5" aria-hidden />
                  {change}
                </p>
              ) : null}
              {m.previousLabel !== undefined ? (
                <p className="mt-1 text-xs text-muted-foreground">
                  vs {m.previousLabel}:{' '}
                  <span className="tabular-nums">
                    {typeof m.previous === 'number' ? formatValue(m.previous, m.format) : 'no data'}
                  </span>
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </CardFrame>
  );
}

export function PdfCard({ card, handlers }: { card: CardModel; handlers: CardHandlers }) {
  const d = card.data as { pdfUrl?: string; url?: string; label?: string; page_number?: number };
  const url = d.pdfUrl ?? d.url;
  return (
    <CardFrame title={card.data.title} description={card.data.description}>
      {url ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => handlers.onOpenPdf?.(url, d.page_number ?? 1, card.data.title ?? 'Document')}
        >
          <FileText aria-hidden />
          {d.label ?? 'Open document'} · page {d.page_number ?? 1}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">No document available</p>
      )}
    </CardFrame>
  );
}

export function UnknownCard({ card }: { card: CardModel }) {
  return (
    <CardFrame title="Unknown Card Type">
      <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 font-mono text-xs">
        {JSON.stringify(card, null, 2)}
      </pre>
    </CardFrame>
  );
}
