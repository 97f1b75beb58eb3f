import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FOLDER_COLORS, ZFolderInput, type TDocumentFolder } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Folder, MoreHorizontal, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { Input } from '../../components/ui/input';
import { createFolder } from './api/create-folder';
import { deleteFolder } from './api/delete-folder';
import { documentKeys } from './api/keys';
import { renameFolder } from './api/rename-folder';

const errorText = (e: unknown) => (e instanceof Error ? e.message : undefined);

/** The Folders tab: a folder per card (name, colour, documents); opening one filters the Documents tab. */
export function FoldersTab({
  folders,
  onOpen,
}: {
  folders: UseQueryResult<TDocumentFolder[]>;
  onOpen: (id: number) => void;
}) {
  const [editing, setEditing] = useState<TDocumentFolder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TDocumentFolder | null>(null);
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> New Folder
        </Button>
      </div>
      {folders.isLoading ? (
        <p className="text-sm text-muted-foreground">Loading folders…</p>
      ) : folders.isError ? (
        <Alert variant="destructive" title="The folders could not be loaded">
          <p>{errorText(folders.error)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void folders.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : !folders.data?.length ? (
        <Card className="p-8 text-center text-sm text-muted-foreground">
          No folders yet. Create one to group your documents.
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Folders">
          {folders.data.map((f) => (
            <li
              key={f.id}
              className="flex items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs"
            >
              <span
                className="grid size-10 shrink-0 place-items-center rounded-lg"
                style={{ backgroundColor: `${f.color}22`, color: f.color }}
                aria-hidden
              >
                <Folder className="size-5" />
              </span>
              <button
                type="button"
                className="min-w-0 flex-1 text-left outline-none focus-visible:underline"
                onClick={() => onOpen(f.id)}
              >
                <span className="block truncate font-medium">{f.name}</span>
                <span className="text-xs text-muted-foreground">
                  {f.documentCount} {f.documentCount === 1 ? 'document' : 'documents'}
                </span>
              </button>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for folder ${f.name}`}>
                    <MoreHorizontal aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => setEditing(f)}>
                    <Pencil aria-hidden /> Rename
                  </DropdownMenuItem>
                  <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(f)}>
                    <Trash2 aria-hidden /> Delete
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <FolderDialog folder={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

function FolderDialog({ folder, onClose }: { folder: TDocumentFolder | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Creating and renaming both send ZFolderInput: a name and a colour.
  const { register, handleSubmit, setError, clearErrors, formState } = useForm({
    resolver: zodResolver(ZFolderInput),
    defaultValues: { name: folder?.name ?? '', color: folder?.color ?? FOLDER_COLORS[0] },
  });
  const error =
    formState.errors.name?.message ??
    formState.errors.color?.message ??
    formState.errors.root?.server?.message;
  const saving = formState.isSubmitting;
  const save = handleSubmit(async (input) => {
    try {
      if (folder) await renameFolder(folder.id, input);
      else await createFolder(input);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      onClose();
    } catch (e) {
      setError('root.server', { message: errorText(e) ?? 'The folder was not saved' });
    }
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <div>
          <DialogTitle>{folder ? 'Rename folder' : 'New folder'}</DialogTitle>
          <DialogDescription>Folders group documents for everyone in the organisation.</DialogDescription>
        </div>
        <form className="grid gap-4" onSubmit={(e) => void save(e)}>
          <label className="grid gap-1.5 text-sm font-medium">
            Name
            <Input
              // Typing clears a failed save's message, as it does the name's own.
              {...register('name', { onChange: () => clearErrors('root') })}
              maxLength={100}
              autoFocus
              aria-invalid={!!error}
            />
          </label>
          {error ? <p className="-mt-2 text-sm text-destructive">{error}</p> : null}
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Colour</legend>
            <div className="flex flex-wrap gap-2">
              {FOLDER_COLORS.map((c) => (
                <label key={c} className="cursor-pointer">
                  <input
                    type="radio"
                    value={c}
                    {...register('color')}
                    className="peer sr-only"
                    aria-label={c}
                  />
                  <span
                    className="block size-7 rounded-full ring-offset-2 ring-offset-surface peer-checked:ring-2 peer-checked:ring-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
                    style={{ backgroundColor: c }}
                  />
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : folder ? 'Save' : 'Create Folder'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteFolderDialog({ folder, onClose }: { folder: TDocumentFolder; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = async () => {
    try {
      await deleteFolder(folder.id);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      toast.success(`Folder "${folder.name}" deleted`);
      onClose();
    } catch (e) {
      toast.error('The folder was not deleted', { description: errorText(e) });
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete folder"
      description={`Are you sure you want to delete “${folder.name}”? Its documents stay, outside any folder.`}
      onConfirm={() => void remove()}
      onCancel={onClose}
    />
  );
}
