import { ChevronDown, ChevronRight, Database } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatCount, formatDateTime } from '../../lib/format';
import type { Evidence } from './types';

/**
 * The frame every card shares: title, description, body, and the evidence toggle when there is evidence.
 * The title is a level-2 heading (cards sit right under a page's h1 in a conversation); a page that
 * puts a card under a heading of its own passes `headingLevel={3}`.
 */
export function CardFrame({
  title,
  description,
  evidence,
  headingLevel = 2,
  children,
}: {
  title?: string;
  description?: string;
  evidence?: Evidence;
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5">
      {title ? <Heading className="text-[15px] font-semibold tracking-tight">{title}</Heading> : null}
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className={title || description ? 'mt-3' : undefined}>{children}</div>
      {evidence && (evidence.sql || evidence.reading) ? <EvidenceToggle evidence={evidence} /> : null}
    </section>
  );
}

function EvidenceToggle({ evidence }: { evidence: Evidence }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 border-t border-border pt-2">
      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded text-xs font-medium text-muted-foreground hover:text-foreground"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? (
          <ChevronDown className="size-3.5" aria-hidden />
        ) : (
          <ChevronRight className="size-3.5" aria-hidden />
        )}
        <Database className="size-3.5" aria-hidden /> Evidence
      </button>
      {open ? (
        <dl className="mt-2 grid gap-2 text-xs">
          {evidence.reading ? <Row label="Reading">{evidence.reading}</Row> : null}
          {evidence.periods?.length ? (
            <Row label="Periods">
              <ul className="space-y-0.5">
                {evidence.periods.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Row>
          ) : null}
          {evidence.rowCount !== undefined ? <Row label="Rows">{formatCount(evidence.rowCount)}</Row> : null}
          {evidence.tables?.length ? <Row label="Tables">{evidence.tables.join(', ')}</Row> : null}
          <Row label="Data as of">
            {evidence.freshness ? formatDateTime(evidence.freshness) : 'not known'}
          </Row>
          {evidence.confidence !== undefined ? (
            <Row label="Confidence">{Math.round(evidence.confidence * 100)}%</Row>
          ) : null}
          {evidence.sql ? (
            <Row label="SQL">
              <pre className="max-h-56 overflow-auto rounded-md bg-muted p-2 font-mono text-[11px] leading-5 whitespace-pre-wrap">
                {evidence.displaySql || evidence.sql}
              </pre>
              {evidence.displaySql && evidence.displaySql !== evidence.sql ? (
                <p className="mt-1 text-muted-foreground">
                  Values are written in for reading; the query ran with them as bound parameters.
                </p>
              ) : null}
            </Row>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[6rem_1fr]">
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
