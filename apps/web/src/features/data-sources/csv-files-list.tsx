import type { TCsvFile } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { serverMessage } from '../../lib/api-errors';
import { formatRows } from '../../lib/format';
import { deleteCsvFile } from './api/delete-csv-file';
import { useCsvFiles } from './api/get-csv-files';
import { dataSourceKeys } from './api/keys';

/**
 * The CSV files of a File Source, each deletable on its own (spec document 3 §7, §8): the
 * confirmation names the file, a failure says 'Failed to delete file: <name>'.
 */
export function CsvFilesList({ connId, onChanged }: { connId: number; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const files = useCsvFiles(connId);
  const [deleting, setDeleting] = useState<TCsvFile | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (file: TCsvFile) => {
    setBusy(true);
    try {
      await deleteCsvFile(file.file_id);
      toast.success(`Deleted ${file.file_name}`);
      onChanged();
    } catch (error) {
      toast.error(`Failed to delete file: ${file.file_name}`, { description: serverMessage(error) });
    } finally {
      setBusy(false);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: dataSourceKeys.csvFiles(connId) });
    }
  };

  if (files.isLoading) return <p className="text-sm text-muted-foreground">Loading CSV files…</p>;
  if (files.isError)
    return (
      <div role="alert" className="flex items-center justify-between gap-2 text-sm text-destructive">
        <span>Failed to load CSV files</span>
        <Button variant="secondary" size="sm" onClick={() => void files.refetch()}>
          Try Again
        </Button>
      </div>
    );
  if (!files.data?.length) return <p className="text-sm text-muted-foreground">No CSV files yet.</p>;
  return (
    <>
      <p className="text-sm font-medium">Uploaded files</p>
      <ul className="grid gap-1 text-sm" aria-label="Uploaded files">
        {files.data.map((f) => (
          <li key={f.file_id} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate" title={f.file_name}>
              {f.file_name}
            </span>
            <span
              className={f.status === 'FAILED' ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
            >
              {f.status === 'FAILED'
                ? (f.error ?? 'Failed')
                : f.status === 'PROCESSING'
                  ? 'Loading…'
                  : formatRows(f.file_row_count ?? 0)}
            </span>
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Delete file ${f.file_name}`}
              onClick={() => setDeleting(f)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete CSV File"
        description={`Are you sure you want to delete "${deleting?.file_name ?? ''}"?`}
        busy={busy}
        busyLabel="Deleting..."
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
