import type { TConnection, TUseCaseTable } from '@catalyst/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { api, ApiError } from '../../lib/api';
import { inputClassName } from '../../components/ui/input';
import { ColumnsDialog } from './columns-dialog';
import { DerivedMetricsCard } from './derived-metrics-card';
import { ToolSections } from './tool-configs';

const O = '/api/copilot/onboarding';
const SV = '/api/copilot/schema_validation';

/** Knowledge tab (spec document 2 §2.4, §4.4): connection → schema → tables → columns. */
export function KnowledgeTab({
  useCaseId,
  tools,
  configurations,
}: {
  useCaseId: number | null;
  tools: string[];
  configurations: Record<string, unknown>;
}) {
  const queryClient = useQueryClient();
  const conns = useQuery({
    queryKey: ['connections'],
    queryFn: () =>
      api.get<{ connections: TConnection[] }>('/api/copilot/db_conn/get_conns').then((r) => r.connections),
  });
  const saved = useQuery({
    queryKey: ['schema-data', useCaseId],
    enabled: !!useCaseId,
    queryFn: () =>
      api
        .get<{ ConnectionId: number; Schema: string }>(`${O}/use_case/schema_data/${useCaseId}`)
        .catch((e: unknown) => {
          if (e instanceof ApiError && e.status === 404) return null;
          throw e;
        }),
  });
  const [connId, setConnId] = useState<number | null>(null);
  const [schema, setSchema] = useState('');
  const [columnsOf, setColumnsOf] = useState<TUseCaseTable | null>(null);
  const [busy, setBusy] = useState<Set<number>>(new Set());
  useEffect(() => {
    if (saved.data && connId === null) {
      setConnId(saved.data.ConnectionId);
      setSchema(saved.data.Schema);
    }
  }, [saved.data, connId]);
  const schemas = useQuery({
    queryKey: ['schemas', connId],
    enabled: connId !== null,
    queryFn: () => api.get<string[]>(`${O}/connections/${connId}/schemas/`),
  });
  const tables = useQuery({
    queryKey: ['uc-tables', useCaseId, schema],
    enabled: !!useCaseId && !!schema && !!saved.data,
    queryFn: () => api.get<TUseCaseTable[]>(`${SV}/usecase_db_tables/${useCaseId}`),
  });

  const chooseSchema = async (s: string) => {
    if (!useCaseId || connId === null) return;
    setSchema(s);
    try {
      const method = saved.data ? 'PUT' : 'POST';
      await (method === 'POST' ? api.post : api.put)(`${O}/use_case/add_schema_data`, {
        usecase_id: useCaseId,
        conn_id: connId,
        schema: s,
      });
      await queryClient.invalidateQueries({ queryKey: ['schema-data', useCaseId] });
      await queryClient.invalidateQueries({ queryKey: ['uc-tables', useCaseId] });
    } catch (e) {
      toast.error('Failed to save the schema', { description: e instanceof Error ? e.message : undefined });
    }
  };
  const toggleTable = async (t: TUseCaseTable, on: boolean) => {
    setBusy((b) => new Set(b).add(t.table_id));
    try {
      if (on) await api.post(`${SV}/usecase_db_tables/select_and_fetch_columns`, { table_ids: [t.table_id] });
      else await api.post(`${SV}/usecase_db_tables/select`, { table_ids: [t.table_id], is_selected: false });
    } catch (e) {
      toast.error('Failed to update the table selection', {
        description: e instanceof Error ? e.message : undefined,
      });
    }
    await queryClient.invalidateQueries({ queryKey: ['uc-tables', useCaseId] });
    await queryClient.invalidateQueries({ queryKey: ['columns', t.table_id] });
    setBusy((b) => {
      const next = new Set(b);
      next.delete(t.table_id);
      return next;
    });
  };
  const refreshSchema = async () => {
    try {
      const fresh = await api.get<TUseCaseTable[]>(`${SV}/usecase_db_tables/${useCaseId}?refresh=true`);
      queryClient.setQueryData(['uc-tables', useCaseId, schema], fresh);
      toast.success('Schema refreshed');
    } catch (e) {
      toast.error('Failed to refresh the schema', {
        description: e instanceof Error ? e.message : undefined,
      });
    }
  };

  if (!useCaseId)
    return (
      <Card className="p-8 text-center text-sm text-muted-foreground">
        Save the use case first (give it a name) to connect its data.
      </Card>
    );
  return (
    <div className="grid gap-4">
      <ToolSections key={useCaseId} useCaseId={useCaseId} tools={tools} configurations={configurations} />
      <Card className="grid gap-4 p-5">
        <div>
          <h2 className="font-semibold">Database Configuration</h2>
          <p className="text-sm text-muted-foreground">
            Choose the connection and schema this use case reads.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1.5 text-sm font-medium">
            Connection
            <select
              className={inputClassName}
              value={connId ?? ''}
              onChange={(e) => {
                setConnId(e.target.value ? Number(e.target.value) : null);
                setSchema('');
              }}
            >
              <option value="">{conns.isLoading ? 'Loading connections...' : 'Select a connection'}</option>
              {(conns.data ?? []).map((c) => (
                <option key={c.conn_id} value={c.conn_id}>
                  {c.conn_name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1.5 text-sm font-medium">
            Schema
            <select
              className={inputClassName}
              value={schema}
              disabled={connId === null || schemas.isLoading}
              onChange={(e) => void chooseSchema(e.target.value)}
            >
              <option value="">{schemas.isLoading ? 'Loading schemas...' : 'Select a schema'}</option>
              {(schemas.data ?? []).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        </div>
        {schemas.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {schemas.error instanceof Error ? schemas.error.message : 'Failed to load schemas'}
          </p>
        ) : null}
      </Card>
      {schema && saved.data ? (
        <Card className="p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 className="font-semibold">Selected Schema Tables</h2>
            <Button variant="secondary" size="sm" onClick={() => void refreshSchema()}>
              <RefreshCw /> Refresh Schema
            </Button>
          </div>
          {tables.isLoading ? (
            <p className="mt-4 text-sm text-muted-foreground">Loading tables...</p>
          ) : (tables.data ?? []).length === 0 ? (
            <p className="mt-4 text-sm text-muted-foreground">No tables in this schema.</p>
          ) : (
            <div className="mt-4 overflow-x-auto">
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
                  {(tables.data ?? []).map((t) => (
                    <tr key={t.table_id} className="border-t border-border">
                      <td className="py-2">
                        <Checkbox
                          checked={busy.has(t.table_id) ? 'indeterminate' : t.is_selected}
                          disabled={busy.has(t.table_id)}
                          aria-label={`Select ${t.table_name}`}
                          onCheckedChange={(v) => void toggleTable(t, v === true)}
                        />
                      </td>
                      <td className="py-2 font-medium">{t.table_name}</td>
                      <td className="py-2 tabular-nums">
                        {t.is_selected
                          ? `${t.selected_column_count}/${t.total_column_count}`
                          : t.total_column_count}
                      </td>
                      <td className="py-2 tabular-nums">{t.row_count?.toLocaleString('en-US') ?? '—'}</td>
                      <td className="py-2 text-right">
                        {busy.has(t.table_id) ? (
                          <span className="text-xs text-muted-foreground">Profiling columns...</span>
                        ) : t.is_selected ? (
                          <Button variant="link" onClick={() => setColumnsOf(t)}>
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
        </Card>
      ) : null}
      <DerivedMetricsCard useCaseId={useCaseId} />
      <Card className="p-5">
        <h2 className="font-semibold">Decision Criteria</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Decision context configuration will be available here
        </p>
      </Card>
      {columnsOf ? <ColumnsDialog table={columnsOf} onClose={() => setColumnsOf(null)} /> : null}
    </div>
  );
}
