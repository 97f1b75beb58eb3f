import type { TUseCaseTable } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/ui/card';
import { useConnections } from './api/get-connections';
import { useDerivedMetrics } from './api/get-derived-metrics';
import { useSchemaData } from './api/get-schema-data';
import { useSchemas } from './api/get-schemas';
import { getTables, useTables } from './api/get-tables';
import { knowledgeKeys } from './api/keys';
import type { KnowledgeError } from './api/knowledge-error';
import { saveSchemaData } from './api/save-schema-data';
import { selectAndFetchColumns } from './api/select-and-fetch-columns';
import { unselectTables } from './api/unselect-tables';
import { ColumnsDialog } from './columns-dialog';
import { DatabaseCard } from './database-card';
import { DerivedMetricsCard } from './derived-metrics-card';
import { RelationshipsCard } from './relationships-card';
import { TablesCard } from './tables-card';
import { ToolSections } from './tool-configs';

const failed = (e: unknown) => {
  const error = e as KnowledgeError;
  toast.error(error.message, { description: error.detail });
};

/**
 * Knowledge tab (spec document 2 §2.4, §4.4): connection → schema → tables → columns, the
 * relationships between the tables, and derived metrics. Saved schema data selects the
 * connection, schema and the Database section on load; saved derived metrics select theirs
 * (once per page load). Every load failure shows as an error with a retry, never as an empty list.
 */
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
  const connections = useConnections();
  const saved = useSchemaData(useCaseId);
  const metrics = useDerivedMetrics(useCaseId);
  const [connId, setConnId] = useState<number | null>(null);
  const [schema, setSchema] = useState('');
  const [savingSchema, setSavingSchema] = useState(false);
  const [columnsOf, setColumnsOf] = useState<TUseCaseTable | null>(null);
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [refreshing, setRefreshing] = useState(false);
  useEffect(() => {
    if (saved.data && connId === null) {
      setConnId(saved.data.ConnectionId);
      setSchema(saved.data.Schema);
    }
  }, [saved.data, connId]);
  const schemas = useSchemas(connId);
  const hasSchema = !!saved.data && saved.data.ConnectionId === connId && saved.data.Schema === schema;
  const tables = useTables(useCaseId, { enabled: hasSchema });

  // What depends on the tables: the relationships between them and the columns a calculation may use.
  const knowledgeChanged = async (tableId?: number) => {
    if (!useCaseId) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.tables(useCaseId) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.relationships(useCaseId) }),
      queryClient.invalidateQueries({ queryKey: knowledgeKeys.suggestions(useCaseId) }),
      ...(tableId ? [queryClient.invalidateQueries({ queryKey: knowledgeKeys.columns(tableId) })] : []),
    ]);
  };
  const chooseSchema = async (s: string) => {
    if (!useCaseId || connId === null) return;
    const previous = schema;
    setSchema(s);
    setSavingSchema(true);
    try {
      await saveSchemaData(useCaseId, connId, s, !!saved.data);
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.schemaData(useCaseId) });
      await knowledgeChanged();
    } catch (e) {
      setSchema(previous);
      failed(e);
    }
    setSavingSchema(false);
  };
  const toggleTable = async (t: TUseCaseTable, on: boolean) => {
    setBusy((b) => new Set(b).add(t.table_id));
    try {
      await (on ? selectAndFetchColumns([t.table_id]) : unselectTables([t.table_id]));
    } catch (e) {
      failed(e);
    }
    await knowledgeChanged(t.table_id);
    setBusy((b) => {
      const next = new Set(b);
      next.delete(t.table_id);
      return next;
    });
  };
  const refreshSchema = async () => {
    if (!useCaseId) return;
    setRefreshing(true);
    try {
      queryClient.setQueryData(knowledgeKeys.tables(useCaseId), await getTables(useCaseId, true));
      await knowledgeChanged();
      toast.success('Schema refreshed');
    } catch (e) {
      failed(e);
    }
    setRefreshing(false);
  };

  if (!useCaseId)
    return (
      <Card className="p-8 text-center text-sm text-muted-foreground">
        Save the use case first (give it a name) to connect its data.
      </Card>
    );
  // Sections are ticked from saved data once both are known (a failed read adds nothing).
  const settled = (q: { isPending: boolean }) => !q.isPending;
  const autoTools = [
    ...(saved.data ? ['database'] : []),
    ...(metrics.data && metrics.data.length > 0 ? ['derived-metrics'] : []),
  ].filter((t) => !tools.includes(t));
  return (
    <div className="grid gap-4">
      {settled(saved) && settled(metrics) ? (
        <ToolSections
          key={useCaseId}
          useCaseId={useCaseId}
          tools={[...tools, ...autoTools]}
          autoSelected={autoTools}
          configurations={configurations}
        />
      ) : (
        <Card className="p-5 text-sm text-muted-foreground">Loading sections...</Card>
      )}
      <DatabaseCard
        connections={connections}
        schemas={schemas}
        connId={connId}
        schema={schema}
        saving={savingSchema}
        onConnection={(id) => {
          setConnId(id);
          setSchema('');
        }}
        onSchema={(s) => void chooseSchema(s)}
      />
      {hasSchema ? (
        <TablesCard
          tables={tables}
          busy={busy}
          refreshing={refreshing}
          onToggle={(t, on) => void toggleTable(t, on)}
          onRefresh={() => void refreshSchema()}
          onColumns={setColumnsOf}
        />
      ) : null}
      {hasSchema && tables.isSuccess ? (
        <RelationshipsCard useCaseId={useCaseId} tables={tables.data} />
      ) : null}
      <DerivedMetricsCard useCaseId={useCaseId} />
      <Card className="p-5">
        <h2 className="font-semibold">Decision Criteria</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Decision context configuration will be available here
        </p>
      </Card>
      {columnsOf ? (
        <ColumnsDialog table={columnsOf} useCaseId={useCaseId} onClose={() => setColumnsOf(null)} />
      ) : null}
    </div>
  );
}
