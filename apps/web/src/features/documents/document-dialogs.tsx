import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { documentToolConfigOf, type TDocument, type TUseCase } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { deleteDocument } from './api/delete-document';
import { usePages } from './api/get-pages';
import { useShareCandidates } from './api/get-share-candidates';
import { documentKeys, fileUrl } from './api/keys';
import { linkUseCase } from './api/link-use-case';
import { shareDocument } from './api/share-document';
import { unlinkUseCase } from './api/unlink-use-case';
import { formatBytes } from '../../lib/format';

const errorText = (e: unknown) => (e instanceof Error ? e.message : undefined);

/** View: a PDF in a frame; other formats as their extracted text, page by page. */
export function ViewDialog({ doc, onClose }: { doc: TDocument; onClose: () => void }) {
  const isPdf = doc.type === 'pdf';
  const pages = usePages(doc.id, { enabled: !isPdf && doc.status === 'ready' });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="flex h-[85dvh] max-w-4xl flex-col gap-3 p-4 sm:p-6">
        <div className="pr-8">
          <DialogTitle className="truncate">{doc.name}</DialogTitle>
          <DialogDescription>
            {doc.type.toUpperCase()} · {formatBytes(doc.size)}
            {doc.status === 'ready' ? ` · ${doc.pageCount} ${isPdf ? 'pages' : 'sections'}` : ''}
          </DialogDescription>
        </div>
        {isPdf ? (
          <iframe
            title={doc.name}
            src={fileUrl(doc.id)}
            className="min-h-0 flex-1 rounded-md border border-border bg-white"
          />
        ) : doc.status === 'processing' ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Reading the text…
          </p>
        ) : doc.status === 'failed' ? (
          <Alert variant="destructive" title="The text could not be read">
            {doc.error}
          </Alert>
        ) : pages.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading…
          </p>
        ) : pages.isError ? (
          <Alert variant="destructive" title="The text could not be loaded">
            {errorText(pages.error)}
          </Alert>
        ) : (
          <div className="min-h-0 flex-1 overflow-auto rounded-md border border-border bg-muted/30 p-4">
            {pages.data?.pages.map((p) => (
              <section key={p.page} className="mb-5 last:mb-0">
                <h3 className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Section {p.page}
                </h3>
                <p className="text-sm leading-6 whitespace-pre-wrap">{p.text}</p>
              </section>
            ))}
            {pages.data?.truncated ? (
              <p className="text-xs text-muted-foreground">
                Only the first sections are shown; download the file for the rest.
              </p>
            ) : null}
          </div>
        )}
        <div className="flex justify-end">
          <Button asChild variant="secondary" size="sm">
            <a href={fileUrl(doc.id, true)} download={doc.name}>
              <Download aria-hidden /> Download
            </a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Share: the whole organisation, or only the uploader and the people chosen here. */
export function ShareDialog({ doc, onClose }: { doc: TDocument; onClose: () => void }) {
  const queryClient = useQueryClient();
  const candidates = useShareCandidates();
  const [restricted, setRestricted] = useState(doc.isRestricted);
  const [chosen, setChosen] = useState<Set<number>>(new Set(doc.sharedWith.map((u) => u.id)));
  const [saving, setSaving] = useState(false);
  const people = (candidates.data ?? []).filter((u) => u.id !== doc.uploadedById);
  const save = async () => {
    setSaving(true);
    try {
      await shareDocument(doc.id, { isRestricted: restricted, sharedWith: [...chosen] });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(
        restricted
          ? `"${doc.name}" is shared with ${chosen.size ? `${chosen.size} ${chosen.size === 1 ? 'person' : 'people'}` : 'nobody else'}`
          : `"${doc.name}" is visible to everyone in the organisation`,
      );
      onClose();
    } catch (e) {
      toast.error('Sharing was not saved', { description: errorText(e) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <div>
          <DialogTitle>Share “{doc.name}”</DialogTitle>
          <DialogDescription>
            Who in your organisation may see this document and have Catalyst AI quote it.
          </DialogDescription>
        </div>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Visibility</legend>
          <label className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary">
            <input
              type="radio"
              name="visibility"
              className="mt-0.5 accent-primary"
              checked={!restricted}
              onChange={() => setRestricted(false)}
            />
            <span>
              <span className="font-medium">Everyone in the organisation</span>
              <span className="block text-xs text-muted-foreground">
                Every member can find, read and ask about it.
              </span>
            </span>
          </label>
          <label className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary">
            <input
              type="radio"
              name="visibility"
              className="mt-0.5 accent-primary"
              checked={restricted}
              onChange={() => setRestricted(true)}
            />
            <span>
              <span className="font-medium">Restricted</span>
              <span className="block text-xs text-muted-foreground">
                Only {doc.uploadedBy} and the people chosen below.
              </span>
            </span>
          </label>
        </fieldset>
        {restricted ? (
          <div
            className="max-h-56 overflow-auto rounded-lg border border-border p-2"
            role="group"
            aria-label="Share with"
          >
            {candidates.isLoading ? (
              <p className="p-2 text-sm text-muted-foreground">Loading people…</p>
            ) : candidates.isError ? (
              <p className="p-2 text-sm text-destructive">{errorText(candidates.error)}</p>
            ) : people.length === 0 ? (
              <p className="p-2 text-sm text-muted-foreground">Nobody else is in your organisation yet.</p>
            ) : (
              people.map((u) => (
                <label
                  key={u.id}
                  className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                >
                  <Checkbox
                    checked={chosen.has(u.id)}
                    onCheckedChange={(on) =>
                      setChosen((s) => {
                        const next = new Set(s);
                        if (on === true) next.add(u.id);
                        else next.delete(u.id);
                        return next;
                      })
                    }
                  />
                  <span>{u.name}</span>
                  <span className="text-xs text-muted-foreground">@{u.username}</span>
                </label>
              ))
            )}
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Use cases: the use cases whose conversations may quote this document (each use case's Document tool limits apply). */
export function UseCasesDialog({
  doc,
  useCases,
  onClose,
}: {
  doc: TDocument;
  useCases: TUseCase[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const linked = new Set(doc.useCases.map((u) => u.id));
  const toggle = async (useCase: TUseCase, on: boolean) => {
    setBusy(useCase.use_case_id);
    try {
      await (on ? linkUseCase : unlinkUseCase)(doc.id, useCase.use_case_id);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    } catch (e) {
      toast.error(on ? 'Not added to the use case' : 'Not removed from the use case', {
        description: errorText(e),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <div>
          <DialogTitle>Use cases of “{doc.name}”</DialogTitle>
          <DialogDescription>
            Catalyst AI quotes this document in the conversations of the use cases ticked here.
          </DialogDescription>
        </div>
        <div
          className="max-h-72 overflow-auto rounded-lg border border-border p-2"
          role="group"
          aria-label="Use cases"
        >
          {useCases.length === 0 ? (
            <p className="p-2 text-sm text-muted-foreground">There are no use cases yet.</p>
          ) : (
            useCases.map((u) => {
              const config = documentToolConfigOf(u.configurations);
              const fits =
                config.allowedFormats.includes(doc.type) && doc.size <= config.maxFileSize * 1024 * 1024;
              return (
                <label
                  key={u.use_case_id}
                  className="flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                >
                  <Checkbox
                    checked={linked.has(u.use_case_id)}
                    disabled={busy !== null || (!fits && !linked.has(u.use_case_id))}
                    onCheckedChange={(on) => void toggle(u, on === true)}
                  />
                  <span className="min-w-0 flex-1 truncate">{u.use_case_name}</span>
                  {!fits ? (
                    <span className="text-xs text-muted-foreground">
                      takes {config.allowedFormats.map((f) => f.toUpperCase()).join(', ')} ≤{' '}
                      {config.maxFileSize} MB
                    </span>
                  ) : null}
                  {busy === u.use_case_id ? <Spinner /> : null}
                </label>
              );
            })
          )}
        </div>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteDocumentDialog({ doc, onClose }: { doc: TDocument; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteDocument(doc.id);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(`"${doc.name}" deleted`);
      onClose();
    } catch (e) {
      toast.error('The document was not deleted', { description: errorText(e) });
      setDeleting(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete document"
      description={`Are you sure you want to delete “${doc.name}”? This action cannot be undone.`}
      busy={deleting}
      busyLabel="Deleting…"
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
}
