import type { TColumnMetadata, TRelationship, TUseCaseTable } from '@catalyst/contracts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Link2, RotateCcw, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { inputClassName } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { addRelationship } from './api/add-relationship';
import { deleteRelationship } from './api/delete-relationship';
import { discoverRelationships } from './api/discover-relationships';
import { columnsQuery } from './api/get-columns';
import { useRelationships } from './api/get-relationships';
import { knowledgeKeys } from './api/keys';
import type { KnowledgeError } from './api/knowledge-error';

const ORIGIN: Record<TRelationship['origin'], { label: string; title: string; tone: string }> = {
  declared: {
    label: 'Declared',
    title: 'A foreign key the data source declares',
    tone: 'border-primary/30 bg-primary/10 text-primary',
  },
  inferred: {
    label: 'Inferred',
    title: 'Found when the tables were profiled: a column named after a key whose values all occur in it',
    tone: 'border-border bg-muted text-foreground',
  },
  user: {
    label: 'Added by a user',
    title: 'Added in this tab',
    tone: 'border-success/40 bg-success/10 text-foreground',
  },
};

const words = (r: Pick<TRelationship, 'from_table' | 'from_columns' | 'to_table' | 'to_columns'>) =>
  `${r.from_table}.${r.from_columns.join(', ')} → ${r.to_table}.${r.to_columns.join(', ')}`;

/**
 * Relationships between the use case's tables (how Catalyst AI joins them): their origin, and
 * adding and removing them. A removed declared or inferred one is listed apart with a restore,
 * and stays removed when tables are profiled again.
 */
export function RelationshipsCard({ useCaseId, tables }: { useCaseId: number; tables: TUseCaseTable[] }) {
  const queryClient = useQueryClient();
  const key = knowledgeKeys.relationships(useCaseId);
  const list = useRelationships(useCaseId);
  const selected = tables.filter((t) => t.is_selected && !t.is_removed);
  const columns = useQueries({
    queries: selected.map((t) => columnsQuery(t.table_id)),
  });
  const columnsOf = (table: string): TColumnMetadata[] =>
    columns[selected.findIndex((t) => t.table_name === table)]?.data?.filter(
      (c) => c.is_selected && !c.is_removed,
    ) ?? [];
  const [pending, setPending] = useState<number | 'find' | 'add' | null>(null);
  const [draft, setDraft] = useState({ from_table: '', from_column: '', to_table: '', to_column: '' });
  const [addError, setAddError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const run = async (
    what: typeof pending,
    action: () => Promise<unknown>,
    failure: string,
    success?: string,
  ) => {
    setPending(what);
    try {
      await action();
      if (success) toast.success(success);
    } catch (e) {
      toast.error(failure, { description: e instanceof Error ? e.message : undefined });
    }
    await refresh();
    setPending(null);
  };
  const remove = (r: TRelationship) =>
    run(r.id, () => deleteRelationship(r.id), 'Failed to remove the relationship', 'Relationship removed');
  const restore = (r: TRelationship) =>
    run(
      r.id,
      () =>
        addRelationship({
          usecase_id: useCaseId,
          from_table: r.from_table,
          from_column: r.from_columns[0],
          to_table: r.to_table,
          to_column: r.to_columns[0],
        }),
      'Failed to restore the relationship',
      'Relationship restored',
    );
  const add = async () => {
    setAddError(null);
    setPending('add');
    try {
      await addRelationship({ usecase_id: useCaseId, ...draft });
      toast.success('Relationship added');
      setDraft({ from_table: '', from_column: '', to_table: '', to_column: '' });
    } catch (e) {
      setAddError(e instanceof Error ? e.message : 'Failed to add the relationship');
    }
    await refresh();
    setPending(null);
  };

  const all = list.data?.relationships ?? [];
  const kept = all.filter((r) => !r.is_removed);
  const removed = all.filter((r) => r.is_removed);
  const error = list.error as KnowledgeError | null;
  const select = (field: keyof typeof draft, label: string, options: string[], disabled = false) => (
    <label className="grid gap-1.5 text-sm font-medium">
      {label}
      <select
        className={inputClassName}
        aria-label={label}
        value={draft[field]}
        disabled={disabled}
        onChange={(e) =>
          setDraft((d) => ({
            ...d,
            [field]: e.target.value,
            ...(field === 'from_table' && { from_column: '' }),
            ...(field === 'to_table' && { to_column: '' }),
          }))
        }
      >
        <option value="">Select...</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </label>
  );

  return (
    <Card className="grid gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="max-w-2xl">
          <h2 className="font-semibold">Relationships</h2>
          <p className="text-sm text-muted-foreground">
            How Catalyst AI joins the selected tables. Found from the source’s keys and, when tables are
            profiled, from columns named after another table’s key whose values all occur in it.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={pending !== null || selected.length < 2}
          onClick={() =>
            void run(
              'find',
              () => discoverRelationships(useCaseId),
              'Failed to find relationships',
              'Relationships checked',
            )
          }
        >
          <Search /> {pending === 'find' ? 'Finding...' : 'Find Relationships'}
        </Button>
      </div>
      {list.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading relationships...</p>
      ) : list.isError ? (
        <Alert variant="destructive" title={`Error loading relationships: ${error?.message ?? ''}`}>
          {error?.detail ? <p>{error.detail}</p> : null}
          <Button variant="link" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : kept.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {selected.length < 2
            ? 'Select two or more tables to relate them.'
            : 'No relationships between the selected tables. Add one below if Catalyst AI should join them.'}
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Relationships">
          {kept.map((r) => (
            <li
              key={r.id}
              className={cn(
                'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border px-3 py-2 text-sm',
                !r.active && 'opacity-70',
              )}
            >
              <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 font-mono text-xs sm:text-sm">
                <Link2 aria-hidden className="mr-1 hidden size-4 shrink-0 text-muted-foreground sm:block" />
                <span className="whitespace-nowrap">
                  {r.from_table}.<b>{r.from_columns.join(', ')}</b>
                </span>
                <ArrowRight aria-label="refers to" className="size-3.5 shrink-0" />
                <span className="whitespace-nowrap">
                  {r.to_table}.<b>{r.to_columns.join(', ')}</b>
                </span>
              </span>
              <span
                title={ORIGIN[r.origin].title}
                className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', ORIGIN[r.origin].tone)}
              >
                {ORIGIN[r.origin].label}
              </span>
              {!r.active ? (
                <span className="text-xs text-muted-foreground">not used: a table is not selected</span>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                disabled={pending !== null}
                aria-label={`Remove relationship ${words(r)}`}
                title="Remove"
                onClick={() => void remove(r)}
              >
                <Trash2 />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removed.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">Removed ({removed.length})</h3>
          <ul className="grid gap-1.5" aria-label="Removed relationships">
            {removed.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span className="font-mono text-xs line-through">{words(r)}</span>
                <span className="text-xs">({ORIGIN[r.origin].label.toLowerCase()})</span>
                <Button
                  variant="link"
                  size="sm"
                  disabled={pending !== null}
                  aria-label={`Restore relationship ${words(r)}`}
                  onClick={() => void restore(r)}
                >
                  <RotateCcw /> Restore
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {selected.length >= 2 ? (
        <fieldset className="grid gap-3 rounded-lg border border-dashed border-border p-3">
          <legend className="px-1 text-sm font-medium">Add a relationship</legend>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {select(
              'from_table',
              'Table',
              selected.map((t) => t.table_name),
            )}
            {select(
              'from_column',
              'Column',
              columnsOf(draft.from_table).map((c) => c.db_column_name),
              !draft.from_table,
            )}
            {select(
              'to_table',
              'Refers to table',
              selected.map((t) => t.table_name).filter((t) => t !== draft.from_table),
            )}
            {select(
              'to_column',
              'Key column',
              columnsOf(draft.to_table).map((c) => c.db_column_name),
              !draft.to_table,
            )}
          </div>
          {addError ? <Alert variant="destructive" title={addError} /> : null}
          <div>
            <Button
              size="sm"
              disabled={pending !== null || Object.values(draft).some((v) => !v)}
              onClick={() => void add()}
            >
              {pending === 'add' ? 'Adding...' : 'Add Relationship'}
            </Button>
          </div>
        </fieldset>
      ) : null}
    </Card>
  );
}
