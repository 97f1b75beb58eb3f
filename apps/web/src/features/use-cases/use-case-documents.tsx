import { documentToolConfigOf, type TDocument } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { inputClassName } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useAllDocuments } from './api/get-all-documents';
import { useUseCaseDocuments } from './api/get-use-case-documents';
import { useCaseDocumentKeys } from './api/keys';
import { linkDocument } from './api/link-document';
import { unlinkDocument } from './api/unlink-document';
import { uploadUseCaseDocuments } from './api/upload-use-case-documents';
const errorText = (e: unknown) => (e instanceof Error ? e.message : undefined);

/**
 * The documents of a use case inside its Document tool card: Catalyst AI quotes them in the use
 * case's conversations. Upload new ones (the saved Document tool formats and size apply) or
 * attach documents already in Document Management.
 */
export function UseCaseDocuments({
  useCaseId,
  configurations,
}: {
  useCaseId: number;
  configurations: Record<string, unknown>;
}) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const config = documentToolConfigOf(configurations);
  const linked = useUseCaseDocuments(useCaseId);
  const all = useAllDocuments();
  const linkedIds = new Set((linked.data ?? []).map((d) => d.id));
  const attachable = (all.data ?? []).filter(
    (d) =>
      !linkedIds.has(d.id) &&
      config.allowedFormats.includes(d.type) &&
      d.size <= config.maxFileSize * 1024 * 1024,
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: useCaseDocumentKeys.all });

  const run = async (work: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch (e) {
      toast.error(failure, { description: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const upload = (files: File[]) => {
    if (!files.length) return;
    void run(() => uploadUseCaseDocuments(useCaseId, files), 'Upload failed').finally(() => {
      if (input.current) input.current.value = '';
    });
  };

  return (
    <div className="grid gap-2 border-t border-border pt-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="flex-1 text-sm font-semibold">Documents of this use case</h3>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
          <Upload aria-hidden /> Upload
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload documents to this use case"
          accept={config.allowedFormats.map((f) => `.${f}`).join(',')}
          onChange={(e) => upload([...(e.target.files ?? [])])}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Catalyst AI quotes these in this use case&apos;s conversations. Saved limits:{' '}
        {config.allowedFormats.map((f) => f.toUpperCase()).join(', ')}, up to {config.maxFileSize} MB. Manage
        all documents in{' '}
        <Link to="/document-management" className="text-primary underline-offset-4 hover:underline">
          Document Management
        </Link>
        .
      </p>
      {linked.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading documents…</p>
      ) : linked.isError ? (
        <p className="text-sm text-destructive">{errorText(linked.error)}</p>
      ) : !linked.data?.length ? (
        <p className="text-sm text-muted-foreground">No documents yet.</p>
      ) : (
        <ul className="grid gap-1.5" aria-label="Documents of this use case">
          {linked.data.map((d: TDocument) => (
            <li
              key={d.id}
              className="flex items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-sm"
            >
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{d.name}</span>
              <span className="text-xs text-muted-foreground">
                {d.status === 'processing' ? (
                  <Spinner className="size-3.5" />
                ) : d.status === 'failed' ? (
                  <span className="text-destructive">Failed</span>
                ) : (
                  `${d.pageCount} ${d.type === 'pdf' ? 'pages' : 'sections'}`
                )}
              </span>
              <button
                type="button"
                aria-label={`Remove ${d.name} from this use case`}
                disabled={busy}
                className="rounded p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                onClick={() => void run(() => unlinkDocument(d.id, useCaseId), 'Not removed')}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {attachable.length ? (
        <label className="grid max-w-md gap-1 text-xs font-medium text-muted-foreground">
          Attach an existing document
          <select
            className={inputClassName}
            value=""
            disabled={busy}
            onChange={(e) => {
              const id = Number(e.target.value);
              if (id) void run(() => linkDocument(id, useCaseId), 'Not attached');
            }}
          >
            <option value="">Choose a document…</option>
            {attachable.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
