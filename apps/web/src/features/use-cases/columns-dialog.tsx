import type { TColumnMetadata, TUseCaseTable } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input, inputClassName } from '../../components/ui/input';
import { formatTimestamp } from '../../lib/format';
import { useColumns } from './api/get-columns';
import { useDateFormats } from './api/get-date-formats';
import { knowledgeKeys } from './api/keys';
import type { KnowledgeError } from './api/knowledge-error';
import { updateColumn, type ColumnPatch } from './api/update-column';

const KINDS: { value: TColumnMetadata['value_type']; label: string }[] = [
  { value: 'text', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'date', label: 'Date' },
  { value: 'boolean', label: 'Yes / No' },
];
const ORIGIN = { source: 'as stored', detected: 'recognised', user: 'set by a user' } as const;
const storedDate = (c: TColumnMetadata) => /DATE|TIME/i.test(c.profile?.type ?? '');

/**
 * Table Columns dialog (spec document 2 §2.4): inline edits, saved on blur only when changed, and
 * the kind each column is read as ("Read as"), with the date format of dates kept as text.
 */
export function ColumnsDialog({
  table,
  useCaseId,
  onClose,
}: {
  table: TUseCaseTable;
  useCaseId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const key = knowledgeKeys.columns(table.table_id);
  const columns = useColumns(table.table_id);
  const formats = useDateFormats();
  const save = async (c: TColumnMetadata, patch: ColumnPatch) => {
    const changed = Object.entries(patch).some(([k, v]) => c[k as keyof TColumnMetadata] !== v);
    if (!changed) return;
    try {
      const updated = await updateColumn(c.id, patch);
      if ('value_type' in patch || 'value_format' in patch) {
        const example = formats.data?.find((f) => f.id === updated.value_format)?.example;
        const kind = KINDS.find((k) => k.value === updated.value_type)?.label.toLowerCase();
        toast.success(`${c.db_column_name} is read as ${kind}${example ? `, written like ${example}` : ''}`);
      }
    } catch (e) {
      const error = e as KnowledgeError;
      toast.error(error.message, { description: error.detail });
    }
    await queryClient.invalidateQueries({ queryKey: key });
    // What a calculation may use follows the columns ticked.
    await queryClient.invalidateQueries({ queryKey: knowledgeKeys.suggestions(useCaseId) });
  };
  const error = columns.error as KnowledgeError | null;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-6xl">
        <DialogTitle>Table Columns</DialogTitle>
        <DialogDescription>
          {table.table_name}: business names, definitions and types proposed from the data, and the kind each
          column is read as. Edits save when you leave a field.
        </DialogDescription>
        <div className="mt-4 max-h-[60vh] overflow-auto">
          {columns.isLoading ? (
            <p className="text-sm text-muted-foreground">Loading columns...</p>
          ) : columns.isError ? (
            <Alert variant="destructive" title={`Error loading columns: ${error?.message ?? ''}`}>
              {error?.detail ? <p>{error.detail}</p> : null}
              <Button variant="link" onClick={() => void columns.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : (columns.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">No columns found for this table</p>
          ) : (
            <table className="w-full min-w-[1040px] text-sm">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2">Use</th>
                  <th className="py-2">Column</th>
                  <th className="py-2">Business Name</th>
                  <th className="py-2">Definition</th>
                  <th className="py-2">Type</th>
                  <th className="py-2">Read As</th>
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
                    <td className="py-2 pr-2">
                      <span className="font-mono text-xs">{c.db_column_name}</span>
                      <span
                        className="block text-xs text-muted-foreground"
                        title="The type the database stores"
                      >
                        {c.profile?.type ?? ''}
                      </span>
                    </td>
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
                    <td className="grid gap-1.5 py-2 pr-2">
                      <select
                        className={inputClassName}
                        value={c.value_type}
                        aria-label={`Read ${c.db_column_name} as`}
                        onChange={(e) =>
                          void save(c, { value_type: e.target.value as TColumnMetadata['value_type'] })
                        }
                      >
                        {KINDS.map((k) => (
                          <option key={k.value} value={k.value}>
                            {k.label}
                          </option>
                        ))}
                      </select>
                      {c.value_type === 'date' && !storedDate(c) ? (
                        <select
                          className={inputClassName}
                          value={c.value_format ?? ''}
                          aria-label={`Date format of ${c.db_column_name}`}
                          onChange={(e) =>
                            void save(c, { value_type: 'date', value_format: e.target.value || null })
                          }
                        >
                          <option value="">ISO (2000-01-31)</option>
                          {(formats.data ?? []).map((f) => (
                            <option key={f.id} value={f.id}>
                              {f.example}
                            </option>
                          ))}
                        </select>
                      ) : null}
                      <span className="text-xs text-muted-foreground">{ORIGIN[c.value_type_origin]}</span>
                    </td>
                    <td className="py-2 text-xs whitespace-nowrap text-muted-foreground">
                      {formatTimestamp(c.updated_on)}
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
