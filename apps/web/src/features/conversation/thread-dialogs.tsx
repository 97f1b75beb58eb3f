import { ZRenameThread, type TThread } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { useSchemaValid } from '../../lib/form';
import { deleteThread } from './api/delete-thread';
import { useShareCandidates } from './api/get-share-candidates';
import { renameThread } from './api/rename-thread';
import { shareThread } from './api/share-thread';

export type ThreadRow = Pick<TThread, 'thread_id' | 'thread_name' | 'insert_ts' | 'usecase_id' | 'is_owner'>;

export function RenameThreadDialog({
  thread,
  onClose,
  onDone,
}: {
  thread: ThreadRow;
  onClose: () => void;
  onDone: () => void;
}) {
  // The rename request is ZRenameThread: a name, trimmed, not empty (else Save stays off).
  const { register, control, handleSubmit } = useForm({
    resolver: zodResolver(ZRenameThread),
    defaultValues: { thread_name: thread.thread_name ?? '' },
  });
  const valid = useSchemaValid(ZRenameThread, control);
  const save = handleSubmit(async ({ thread_name }) => {
    try {
      await renameThread(thread.thread_id, thread_name);
      onDone();
    } catch (error) {
      console.error('rename failed', error);
    }
    onClose();
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Rename Thread</DialogTitle>
        {/* A form: Enter saves (spec document 1 §2.3). */}
        <form onSubmit={(e) => void save(e)} noValidate>
          <Input autoFocus placeholder="Enter thread name..." {...register('thread_name')} className="mt-3" />
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteThreadDialog({
  thread,
  onClose,
  onDone,
}: {
  thread: ThreadRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const confirm = async () => {
    try {
      await deleteThread(thread.thread_id);
      onDone();
    } catch (error) {
      console.error('delete failed', error);
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="Delete Thread"
      description="Are you sure you want to delete this thread? This action cannot be undone."
      confirmLabel="Confirm"
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

export function ShareThreadDialog({ thread, onClose }: { thread: ThreadRow; onClose: () => void }) {
  const users = useShareCandidates(thread.usecase_id);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [status, setStatus] = useState<'idle' | 'sharing' | 'done' | 'failed' | 'error'>('idle');
  useEffect(() => {
    if (status !== 'done') return;
    const timer = setTimeout(onClose, 2000);
    return () => clearTimeout(timer);
  }, [status, onClose]);
  const list = (users.isError ? [] : (users.data ?? [])).filter((u) =>
    `${u.firstName} ${u.lastName} ${u.userName}`.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const share = async () => {
    setStatus('sharing');
    try {
      await shareThread(thread.thread_id, [...selected]);
      setSelected(new Set());
      setStatus('done');
    } catch (error) {
      // The server refused: "Failed to share thread"; anything else (network): the exception text.
      setStatus(error instanceof ApiError ? 'failed' : 'error');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Share Thread</DialogTitle>
        <Input
          className="mt-3"
          placeholder="Search users by name..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="mt-3 max-h-64 overflow-y-auto rounded-lg border border-border">
          {users.isLoading ? (
            <p className="p-3 text-sm text-muted-foreground">Loading users...</p>
          ) : list.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">
              {search.trim() ? 'No users found matching your search' : 'No users found'}
            </p>
          ) : (
            <ul>
              {list.map((u) => (
                <li key={u.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-muted">
                    <Checkbox
                      checked={selected.has(u.id)}
                      onCheckedChange={(checked) =>
                        setSelected((s) => {
                          const next = new Set(s);
                          if (checked) next.add(u.id);
                          else next.delete(u.id);
                          return next;
                        })
                      }
                    />
                    <span className="text-sm">
                      {u.firstName || u.userName || 'Unknown User'}
                      {u.email ? (
                        <span className="block text-xs text-muted-foreground">{u.email}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
        {status === 'done' ? <p className="mt-3 text-sm text-success">Thread shared successfully</p> : null}
        {status === 'failed' ? (
          <p className="mt-3 text-sm text-destructive">Failed to share thread. Please try again.</p>
        ) : null}
        {status === 'error' ? (
          <p className="mt-3 text-sm text-destructive">An error occurred while sharing. Please try again.</p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={selected.size === 0 || status === 'sharing' || status === 'done'}
            onClick={() => void share()}
          >
            Share ({selected.size})
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
