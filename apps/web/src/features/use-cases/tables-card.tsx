import type { TUseCaseTable } from '@catalyst/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { formatCount } from '../../lib/format';
import type { KnowledgeError } from './api/knowledge-error';

/**
 * Selected Schema Tables (spec document 2 §2.4, §4.4): the schema's tables with a search, ticked
 * from what is saved; ticking one profiles its columns. A load failure is an error with a retry,
 * never an empty list.
 */
export function TablesCard({
  tables,
  busy,
  refreshing,
  onToggle,
  onRefresh,
  onColumns,
}: {
  tables: UseQueryResult<TUseCaseTable[]>;
  busy: Set<number>;
  refreshing: boolean;
  onToggle: (t: TUseCaseTable, on: boolean) => void;
  onRefresh: () => void;
  onColumns: (t: TUseCaseTable) => void;
}) {
  const [query, setQuery] = useState('');
  const all = tables.data ?? [];
  const q = query.trim().toLowerCase();
  const shown = q ? all.filter((t) => t.table_name.toLowerCase().includes(q)) : all;
  const selected = all.filter((t) => t.is_selected).length;
  const error = tables.error as KnowledgeError | null;

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-semibold">Selected Schema Tables</h2>
          {tables.isSuccess && all.length ? (
            <p className="text-sm text-muted-foreground">
              {selected} of {all.length} selected
            </p>
          ) : null}
        </div>
        <Button variant="secondary" size="sm" disabled={refreshing} onClick={onRefresh}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} /> Refresh Schema
        </Button>
      </div>
      {tables.isLoading ? (
        <p className="mt-4 text-sm text-muted-foreground">Loading tables...</p>
      ) : tables.isError ? (
        <Alert className="mt-4" variant="destructive" title={`Error loading tables: ${error?.message ?? ''}`}>
          {error?.detail ? <p>{error.detail}</p> : null}
          <Button variant="link" onClick={() => void tables.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : all.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No tables found for this schema</p>
      ) : (
        <>
          <div className="relative mt-4 max-w-sm">
            <Search aria-hidden className="absolute top-3 left-3 size-4 text-muted-foreground" />
            <Input
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search tables..."
              aria-label="Search tables"
            />
          </div>
          {shown.length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">No item found.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="w-10 py-2">Select</th>
                    <th className="py-2">Table</th>
                    <th className="py-2">Columns</th>
                    <th className="py-2">Rows</th>
                    <th>
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((t) => (
                    <tr key={t.table_id} className="border-t border-border">
                      <td className="py-2">
                        <Checkbox
                          checked={busy.has(t.table_id) ? 'indeterminate' : t.is_selected}
                          disabled={busy.has(t.table_id) || t.is_removed}
                          aria-label={`Select ${t.table_name}`}
                          onCheckedChange={(v) => onToggle(t, v === true)}
                        />
                      </td>
                      <td className="py-2 font-medium">
                        {t.table_name}
                        {/* New since the last refresh, and not used yet. */}
                        {t.is_new && !t.is_selected ? (
                          <span className="ml-2 text-xs text-success">new</span>
                        ) : null}
                        {t.is_removed ? (
                          <span className="ml-2 text-xs text-muted-foreground">removed from the source</span>
                        ) : null}
                      </td>
                      <td className="py-2 tabular-nums">
                        {t.is_selected
                          ? `${t.selected_column_count}/${t.total_column_count}`
                          : t.total_column_count}
                      </td>
                      <td className="py-2 tabular-nums">
                        {t.row_count === null ? '—' : formatCount(t.row_count)}
                      </td>
                      <td className="py-2 text-right">
                        {busy.has(t.table_id) ? (
                          <span className="text-xs text-muted-foreground">Profiling columns...</span>
                        ) : t.is_selected ? (
                          <Button
                            variant="link"
                            aria-label={`Columns of ${t.table_name}`}
                            onClick={() => onColumns(t)}
                          >
                            Columns
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
