import type { TUploadCsvResponse } from '@catalyst/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../lib/api';
import { serverMessage } from '../../lib/api-errors';
import { formatBytes, formatRows } from '../../lib/format';
import { uploadCsvFiles } from './api/upload-csv-files';
import { watchCsvProgress } from './api/watch-csv-progress';
import { checkPick, clampPercent, type CsvLimits } from './csv-limits';

export interface QueuedFile {
  key: string;
  file: File;
  status: 'pending' | 'uploading' | 'success' | 'failed';
  progress: number;
  rows?: number;
  error?: string;
}

/** An upload the server refused as a whole; its message is already shown. */
export class UploadRefused extends Error {}

/** The CSV queue of a File Source: pick files, remove them before upload, upload, watch each load. */
export function useCsvQueue() {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const patch = (key: string, change: Partial<QueuedFile>) =>
    setQueue((q) => q.map((f) => (f.key === key ? { ...f, ...change } : f)));
  /** Queues the files the limits allow; answers why the others were refused (spec document 3 §5). */
  const add = (files: FileList | File[] | null, limits: CsvLimits): string[] => {
    const queued = queue.filter((f) => f.status === 'pending' || f.status === 'uploading').length;
    const { accepted, errors } = checkPick([...(files ?? [])], queued, limits);
    setQueue((q) => [
      ...q,
      ...accepted.map((file, i) => ({
        key: `${Date.now()}-${i}-${file.name}`,
        file,
        status: 'pending' as const,
        progress: 0,
      })),
    ]);
    return errors;
  };
  const remove = (key: string) => setQueue((q) => q.filter((f) => f.key !== key));

  /** Uploads the pending files into the File Source; resolves when every file has finished loading. */
  const upload = async (target: { connId?: number; name: string }) => {
    const pending = queue.filter((f) => f.status === 'pending');
    if (!pending.length) return;
    pending.forEach((f) => patch(f.key, { status: 'uploading', progress: 0 }));
    let response: TUploadCsvResponse;
    try {
      response = await uploadCsvFiles(
        target,
        pending.map((f) => f.file),
      );
    } catch (error) {
      // Spec document 3 §8: the answer's message, else 'Upload failed: <status text>'.
      const reason =
        serverMessage(error) ??
        (error instanceof ApiError
          ? `Upload failed: ${error.statusText || error.status}`
          : `Upload failed: ${error instanceof Error ? error.message : 'no answer from the server'}`);
      pending.forEach((f) => patch(f.key, { status: 'pending', progress: 0 }));
      toast.error(`Batch upload failed: ${reason}`);
      throw new UploadRefused(reason);
    }
    let loaded = 0;
    // Files whose progress stream was lost: how their load ended is not known here.
    let untracked = 0;
    await Promise.all(
      response.files.map(
        (uploaded, i) =>
          new Promise<void>((resolve) => {
            const item = pending[i]!;
            watchCsvProgress(
              uploaded.file_id,
              (e) => {
                if (e.status === 'Completed') {
                  loaded += 1;
                  patch(item.key, { status: 'success', progress: 100, rows: e.row_count });
                } else if (e.status === 'Failed')
                  patch(item.key, {
                    status: 'failed',
                    progress: 100,
                    error: `Failed to process ${item.file.name}: ${e.error ?? 'the file could not be loaded'}`,
                  });
                else patch(item.key, { progress: e.progress });
                if (e.status !== 'Processing') resolve();
              },
              () => {
                untracked += 1;
                patch(item.key, { status: 'failed', error: 'Failed to track progress' });
                resolve();
              },
            );
          }),
      ),
    );
    return { connId: response.conn_id, loaded, untracked, failed: pending.length - loaded - untracked };
  };
  return { queue, add, remove, upload, reset: () => setQueue([]) };
}

export function CsvQueue({ queue, onRemove }: { queue: QueuedFile[]; onRemove: (key: string) => void }) {
  if (!queue.length) return null;
  return (
    <ul className="grid gap-2" aria-label="Files to upload">
      {queue.map((f) => (
        <li key={f.key} className="rounded-lg border border-border p-2.5 text-sm">
          <div className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-medium">{f.file.name}</span>
            <span className="text-xs text-muted-foreground">
              {f.status === 'success'
                ? formatRows(f.rows ?? 0)
                : f.status === 'failed'
                  ? 'Failed'
                  : f.status === 'uploading'
                    ? `${Math.round(clampPercent(f.progress))}%`
                    : f.file.size < 1024
                      ? `${f.file.size} B`
                      : formatBytes(f.file.size)}
            </span>
            {f.status === 'pending' ? (
              <button
                type="button"
                aria-label={`Remove ${f.file.name}`}
                onClick={() => onRemove(f.key)}
                className="text-muted-foreground hover:text-foreground"
              >
                <X className="size-4" aria-hidden />
              </button>
            ) : null}
          </div>
          {f.status !== 'pending' ? (
            <div
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label={`${f.file.name} progress`}
              aria-valuenow={Math.round(clampPercent(f.progress))}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className={`h-full rounded-full ${f.status === 'failed' ? 'bg-destructive' : f.status === 'success' ? 'bg-success' : 'bg-primary'}`}
                style={{
                  width: `${f.status === 'uploading' ? Math.max(3, clampPercent(f.progress)) : 100}%`,
                }}
              />
            </div>
          ) : null}
          {f.error ? <p className="mt-1 text-xs text-destructive">{f.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
