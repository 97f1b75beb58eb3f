import type { TColumnMetadata, TUseCaseTable } from '@catalyst/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input, inputClassName } from '../../components/ui/input';
import { api } from '../../lib/api';

const SV = '/api/copilot/schema_validation';
const fmt = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Table Columns dialog (spec document 2 §2.4): inline edits, saved on blur only when changed. */
export function ColumnsDialog({ table, onClose }: { table: TUseCaseTable; onClose: () => void }) {
  const queryClient = useQueryClient();
  const key = ['columns', table.table_id];
  const columns = useQuery({
    queryKey: key,
    queryFn: () => api.get<TColumnMetadata[]>(`${SV}/table_column_metadata/${table.table_id}`),
  });
  const save = async (
    c: TColumnMetadata,
    patch: Partial<
      Pick<TColumnMetadata, 'business_name' | 'business_definition' | 'entity_type' | 'is_selected'>
    >,
  ) => {
    const changed = Object.entries(patch).some(([k, v]) => c[k as keyof TColumnMetadata] !== v);
    if (!changed) return;
    try {
      await api.post(`${SV}/table_column_metadata/update`, { id: c.id, ...patch });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (e) {
      toast.error('Failed to update the column', { description: e instanceof Error ? e.message : undefined });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogTitle>Table Columns</DialogTitle>
        <DialogDescription>
          {table.table_name}: business names, definitions and types proposed from the data. Edits save when
          you leave a field.
        </DialogDescription>
        <div className="mt-4 max-h-[60vh] overflow-auto">
          {columns.isLoading ? (
            <p className="text-sm text-muted-foreground">Loading columns...</p>
          ) : columns.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {columns.error instanceof Error ? columns.error.message : 'Failed to load columns'}
            </p>
          ) : (columns.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">No columns yet.</p>
          ) : (
            <table className="w-full min-w-[760px] text-sm">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2">Use</th>
                  <th className="py-2">Column</th>
                  <th className="py-2">Business Name</th>
                  <th className="py-2">Definition</th>
                  <th className="py-2">Type</th>
                  <th className="py-2">Updated On</th>
                </tr>
              </thead>
              <tbody>
                {(columns.data ?? []).map((c) => (
                  <tr key={c.id} className="border-t border-border align-top">
                    <td className="py-2 pr-2">
                      <Checkbox
                        checked={c.is_selected}
                        aria-label={`Use ${c.db_column_name}`}
                        onCheckedChange={(v) => void save(c, { is_selected: v === true })}
                      />
                    </td>
                    <td className="py-2 pr-2 font-mono text-xs">{c.db_column_name}</td>
                    <td className="py-2 pr-2">
                      <Input
                        defaultValue={c.business_name}
                        aria-label={`Business name of ${c.db_column_name}`}
                        onBlur={(e) => void save(c, { business_name: e.target.value.trim() })}
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <Input
                        defaultValue={c.business_definition}
                        aria-label={`Definition of ${c.db_column_name}`}
                        onBlur={(e) => void save(c, { business_definition: e.target.value })}
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <select
                        className={inputClassName}
                        value={c.entity_type}
                        aria-label={`Type of ${c.db_column_name}`}
                        onChange={(e) =>
                          void save(c, { entity_type: e.target.value as TColumnMetadata['entity_type'] })
                        }
                      >
                        <option value="ATTRIBUTE">ATTRIBUTE</option>
                        <option value="KPI">KPI</option>
                      </select>
                    </td>
                    <td className="py-2 text-xs whitespace-nowrap text-muted-foreground">
                      {fmt.format(new Date(c.updated_on))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
