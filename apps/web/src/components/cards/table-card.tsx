import { useEffect, useState } from 'react';
import { Button } from '../ui/button';
import { CardFrame } from './card-frame';
import { formatValue, type ValueFormat } from '../../lib/format';
import type { CardModel } from './types';

const PAGE = 10;

/** Visible columns by screen width (spec document 1 §2.8). */
export function visibleColumnCount(width: number): number {
  if (width < 640) return 2;
  if (width < 768) return 3;
  if (width < 1024) return 4;
  if (width < 1280) return 5;
  return 6;
}

function useWindowWidth() {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

const format = (v: unknown, f?: ValueFormat) =>
  v === null || v === undefined ? '—' : typeof v === 'number' ? formatValue(v, f) : String(v);

export function TableCard({ card }: { card: CardModel }) {
  const d = card.data as {
    columns?: { key: string; header: string; format?: ValueFormat }[];
    data?: Record<string, unknown>[];
    summary?: string;
  };
  const columns = d.columns ?? [];
  const rows = d.data ?? [];
  const [shown, setShown] = useState(PAGE);
  const [allColumns, setAllColumns] = useState(false);
  const width = useWindowWidth();
  const limit = allColumns ? columns.length : visibleColumnCount(width);
  const visible = columns.slice(0, limit);
  return (
    <CardFrame title={card.data.title} description={card.data.description} evidence={card.data.evidence}>
      {rows.length === 0 || columns.length === 0 ? (
        <p className="text-sm text-muted-foreground">No table data available</p>
      ) : (
        <>
          {d.summary ? <p className="mb-2 text-xs text-muted-foreground">{d.summary}</p> : null}
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-sm">
              <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
                <tr>
                  {visible.map((c) => (
                    <th key={c.key} scope="col" className="px-3 py-2 font-medium">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, shown).map((row, i) => (
                  <tr key={i} className="border-t border-border">
                    {visible.map((c) => (
                      <td
                        key={c.key}
                        className={
                          typeof row[c.key] === 'number' ? 'px-3 py-2 text-right tabular-nums' : 'px-3 py-2'
                        }
                      >
                        {format(row[c.key], c.format)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {shown < rows.length ? (
              <Button size="sm" variant="secondary" onClick={() => setShown((s) => s + PAGE)}>
                Load More Rows
              </Button>
            ) : null}
            {shown > PAGE ? (
              <Button size="sm" variant="ghost" onClick={() => setShown((s) => Math.max(PAGE, s - PAGE))}>
                Show Less Rows
              </Button>
            ) : null}
            {columns.length > limit || allColumns ? (
              <Button size="sm" variant="ghost" onClick={() => setAllColumns((a) => !a)}>
                {allColumns ? 'Fewer Columns' : 'Show All'}
              </Button>
            ) : null}
            <span className="ml-auto text-xs text-muted-foreground">
              {Math.min(shown, rows.length)} of {rows.length} rows
            </span>
          </div>
        </>
      )}
    </CardFrame>
  );
}
