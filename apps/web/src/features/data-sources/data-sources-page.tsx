import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { TConnection } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  Database,
  FileSpreadsheet,
  Globe,
  LayoutGrid,
  List,
  Pencil,
  Plus,
  Search,
  Trash2,
  Warehouse,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Page, PageHeader } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { NoAccess } from '../../components/no-access';
import { ApiError } from '../../lib/api';
import { serverMessage } from '../../lib/api-errors';
import { usePermissions } from '../../lib/permissions';
import { deleteConnection } from './api/delete-connection';
import { useConnections } from './api/get-connections';
import { useDbTypes } from './api/get-db-types';
import { useSchemas } from './api/get-schemas';
import { dataSourceKeys } from './api/keys';
import { ConnectionDialog } from './connection-dialog';

const ICONS = { 'File Source': FileSpreadsheet, Database, API: Globe, 'Data Warehouse': Warehouse } as const;

function Schemas({ connId }: { connId: number }) {
  const [open, setOpen] = useState(false);
  const schemas = useSchemas(connId, { enabled: open });
  return (
    <div className="mt-1 text-xs">
      <button
        type="button"
        className="font-medium text-primary hover:underline"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide schemas' : 'Show schemas'}
      </button>
      {open ? (
        <p className="mt-1 text-muted-foreground" aria-label="Schemas">
          {schemas.isLoading
            ? 'Loading schemas…'
            : schemas.isError
              ? `Error: ${schemas.error instanceof Error ? schemas.error.message : 'Failed to load schemas'}`
              : (schemas.data ?? []).join(', ') || 'No schemas'}
        </p>
      ) : null}
    </div>
  );
}

/** /database-connections (spec document 3): the organisation's data sources. */
export function DataSourcesPage() {
  const queryClient = useQueryClient();
  const { known, can } = usePermissions();
  const readable = can('data.read');
  const writable = can('data.write');
  const types = useDbTypes({ enabled: readable });
  const conns = useConnections({ enabled: readable });
  const [search, setSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState('all');
  const [sort, setSort] = useState<'modified' | 'name'>('modified');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [editing, setEditing] = useState<TConnection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TConnection | null>(null);
  const kindOf = (c: TConnection) =>
    types.data?.find((t) => t.connectionName === c.db_type)?.connectionType ?? 'Database';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: dataSourceKeys.connections });

  const filtered = (conns.data ?? [])
    .filter(
      (c) =>
        (typeFilter === 'all' || kindOf(c) === typeFilter) &&
        `${c.conn_name} ${c.host ?? ''} ${c.db_name ?? ''}`
          .toLowerCase()
          .includes(search.trim().toLowerCase()),
    )
    .sort((a, b) =>
      sort === 'name' ? a.conn_name.localeCompare(b.conn_name) : b.updated_at.localeCompare(a.updated_at),
    );

  // Spec document 3 §8: the server's error, else 'Failed to delete connection (<status>)'; no answer
  // at all is 'An unexpected error occurred while deleting the connection.'
  const remove = async (c: TConnection) => {
    try {
      await deleteConnection(c.conn_id);
      toast.success('Data source has been successfully deleted.');
      refresh();
    } catch (error) {
      toast.error(
        serverMessage(error) ??
          (error instanceof ApiError
            ? `Failed to delete connection (${error.status})`
            : 'An unexpected error occurred while deleting the connection.'),
      );
    }
    setDeleting(null);
  };

  return (
    <Page>
      <PageHeader
        title="Data Sources"
        description="The databases, warehouses, APIs and files Catalyst AI reads — always read-only."
        actions={
          writable ? (
            <Button onClick={() => setEditing('new')} disabled={!types.data}>
              <Plus aria-hidden /> New Data Source
            </Button>
          ) : null
        }
      />
      {known && !readable ? <NoAccess permission="data.read" what="Seeing data sources" /> : null}
      {types.isError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {types.error instanceof Error ? types.error.message : 'Failed to load supported DB types'}
        </p>
      ) : null}
      <div className={known && !readable ? 'hidden' : 'mt-6 flex flex-col gap-3 sm:flex-row'}>
        <label className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            aria-label="Search data sources"
            placeholder="Search data sources..."
            className="h-10 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <select
          aria-label="Type"
          className="h-10 rounded-md border border-input bg-surface px-3 text-sm"
          value={typeFilter}
          onChange={(e) => setTypeFilter(e.target.value)}
        >
          <option value="all">All types</option>
          {['File Source', 'Database', 'API', 'Data Warehouse'].map((k) => (
            <option key={k}>{k}</option>
          ))}
        </select>
        <select
          aria-label="Sort"
          className="h-10 rounded-md border border-input bg-surface px-3 text-sm"
          value={sort}
          onChange={(e) => setSort(e.target.value as 'modified' | 'name')}
        >
          <option value="modified">Recently Modified</option>
          <option value="name">Name A-Z</option>
        </select>
        <div className="flex gap-1">
          <Button
            variant={view === 'grid' ? 'subtle' : 'ghost'}
            size="icon"
            aria-label="Grid view"
            aria-pressed={view === 'grid'}
            onClick={() => setView('grid')}
          >
            <LayoutGrid aria-hidden />
          </Button>
          <Button
            variant={view === 'list' ? 'subtle' : 'ghost'}
            size="icon"
            aria-label="List view"
            aria-pressed={view === 'list'}
            onClick={() => setView('list')}
          >
            <List aria-hidden />
          </Button>
        </div>
      </div>
      <div className="mt-6">
        {!readable ? null : conns.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading data sources…</p>
        ) : conns.isError ? (
          <Card className="grid gap-3 p-6 text-sm" role="alert">
            {/* The spec adds 'Showing demo data instead': Catalyst never shows made-up sources, so it says no such thing. */}
            <p className="text-destructive">
              Error loading connections:{' '}
              {conns.error instanceof Error ? conns.error.message : 'Failed to load connections'}
            </p>
            <Button variant="secondary" className="justify-self-start" onClick={() => void conns.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : filtered.length === 0 ? (
          <Card className="p-8 text-center text-sm text-muted-foreground">
            {search.trim() || typeFilter !== 'all' ? 'No matching connections' : 'No data source connections'}
          </Card>
        ) : (
          <ul className={view === 'grid' ? 'grid gap-4 md:grid-cols-2 xl:grid-cols-3' : 'grid gap-2'}>
            {filtered.map((c) => {
              const kind = kindOf(c);
              const Icon = ICONS[kind];
              return (
                <li key={c.conn_id} className="rounded-xl border border-border bg-surface p-4 shadow-xs">
                  <div className="flex items-start gap-3">
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary dark:text-accent-foreground">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <h2 className="truncate font-semibold">{c.conn_name}</h2>
                      <p className="truncate text-xs text-muted-foreground">
                        {kind}
                        {c.host ? ` · ${c.host}${c.port ? `:${c.port}` : ''}/${c.db_name ?? ''}` : ''}
                        {c.baseUrl ? ` · ${c.baseUrl}` : ''}
                      </p>
                      {kind === 'API' ? (
                        <span className="mt-1 inline-block rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
                          Connected
                        </span>
                      ) : null}
                      {kind === 'Database' || kind === 'Data Warehouse' || kind === 'File Source' ? (
                        <Schemas connId={c.conn_id} />
                      ) : null}
                    </div>
                    {writable ? (
                      <>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${c.conn_name}`}
                          onClick={() => setEditing(c)}
                        >
                          <Pencil aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${c.conn_name}`}
                          onClick={() => setDeleting(c)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {editing && types.data ? (
        <ConnectionDialog
          types={types.data}
          existing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Data Source"
        description={`Are you sure you want to delete "${deleting?.conn_name ?? ''}"? This action cannot be undone.`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Page>
  );
}
