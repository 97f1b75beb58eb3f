import type { TCsvProgressEvent, TUploadCsvResponse } from '@catalyst/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/api';

export interface QueuedFile {
  key: string;
  file: File;
  status: 'pending' | 'uploading' | 'success' | 'failed';
  progress: number;
  rows?: number;
  error?: string;
}

/** Watches one file's load over the server-sent progress stream until Completed or Failed. */
function track(fileId: number, onEvent: (e: TCsvProgressEvent) => void, onLost: () => void) {
  const source = new EventSource(`/api/copilot/upload-files/csv_progress/stream/${fileId}`, {
    withCredentials: true,
  });
  source.onmessage = (message) => {
    const event = JSON.parse(String(message.data)) as TCsvProgressEvent;
    onEvent(event);
    if (event.status !== 'Processing') source.close();
  };
  source.onerror = () => {
    source.close();
    onLost();
  };
}

/** The CSV queue of a File Source: pick files, remove them before upload, upload, watch each load. */
export function useCsvQueue() {
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const patch = (key: string, change: Partial<QueuedFile>) =>
    setQueue((q) => q.map((f) => (f.key === key ? { ...f, ...change } : f)));
  const add = (files: FileList | null) =>
    setQueue((q) => [
      ...q,
      ...[...(files ?? [])].map((file, i) => ({
        key: `${Date.now()}-${i}-${file.name}`,
        file,
        status: 'pending' as const,
        progress: 0,
      })),
    ]);
  const remove = (key: string) => setQueue((q) => q.filter((f) => f.key !== key));

  /** Uploads the pending files into the File Source; resolves when every file has finished loading. */
  const upload = async (target: { connId?: number; name: string }) => {
    const pending = queue.filter((f) => f.status === 'pending');
    if (!pending.length) return;
    const form = new FormData();
    form.append('conn_name', target.name);
    if (target.connId) form.append('conn_id', String(target.connId));
    for (const f of pending) form.append('files', f.file, f.file.name);
    pending.forEach((f) => patch(f.key, { status: 'uploading', progress: 0 }));
    let response: TUploadCsvResponse;
    try {
      response = await api.post<TUploadCsvResponse>('/api/copilot/upload-files/upload-csv', form);
    } catch (error) {
      pending.forEach((f) =>
        patch(f.key, { status: 'failed', error: error instanceof Error ? error.message : 'Upload failed' }),
      );
      throw error;
    }
    await Promise.all(
      response.files.map(
        (uploaded, i) =>
          new Promise<void>((resolve) => {
            const item = pending[i]!;
            track(
              uploaded.file_id,
              (e) => {
                if (e.status === 'Completed')
                  patch(item.key, { status: 'success', progress: 100, rows: e.row_count });
                else if (e.status === 'Failed')
                  patch(item.key, { status: 'failed', progress: 100, error: e.error });
                else patch(item.key, { progress: e.progress });
                if (e.status !== 'Processing') resolve();
              },
              () => {
                patch(item.key, { status: 'failed', error: 'Failed to track progress' });
                resolve();
              },
            );
          }),
      ),
    );
    return response.conn_id;
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
                ? `${(f.rows ?? 0).toLocaleString()} rows`
                : f.status === 'failed'
                  ? 'Failed'
                  : f.status === 'uploading'
                    ? `${Math.round(f.progress)}%`
                    : `${(f.file.size / 1024).toFixed(0)} KB`}
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
              aria-valuenow={Math.round(f.progress)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className={`h-full rounded-full ${f.status === 'failed' ? 'bg-destructive' : f.status === 'success' ? 'bg-success' : 'bg-primary'}`}
                style={{ width: `${f.status === 'uploading' ? Math.max(3, f.progress) : 100}%` }}
              />
            </div>
          ) : null}
          {f.error ? <p className="mt-1 text-xs text-destructive">{f.error}</p> : null}
        </li>
      ))}
    </ul>
  );
}
