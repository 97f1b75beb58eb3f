import type { TDecision } from '@catalyst/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useUpdateDecision } from './api/update-decision';

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Edits a decision's title, description and rationale (PUT); status moves have their own buttons. */
export function EditDecisionDialog({ decision, onClose }: { decision: TDecision; onClose: () => void }) {
  const [title, setTitle] = useState(decision.title);
  const [description, setDescription] = useState(decision.description);
  const [rationale, setRationale] = useState(decision.decisionRationale);
  const errors = [
    !title.trim() && 'Title is required',
    !description.trim() && 'Description is required',
    !rationale.trim() && 'Decision rationale is required',
  ].filter((e): e is string => Boolean(e));
  const [tried, setTried] = useState(false);
  const save = useUpdateDecision(decision.id, {
    onSuccess: () => {
      toast.success('Decision saved');
      onClose();
    },
    onError: (error) =>
      toast.error('Decision not saved', { description: error instanceof Error ? error.message : undefined }),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>Edit decision</DialogTitle>
        <DialogDescription>
          Change what was decided and why. The status changes with the buttons on the page.
        </DialogDescription>
        <form
          className="mt-4 grid gap-3 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (!errors.length)
              save.mutate({
                title: title.trim(),
                description: description.trim(),
                decisionRationale: rationale.trim(),
              });
          }}
        >
          <label className="grid gap-1">
            <span className="font-medium">Title</span>
            <Input value={title} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">Description</span>
            <textarea
              className={textareaClass}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">Decision rationale</span>
            <textarea
              className={textareaClass}
              value={rationale}
              onChange={(e) => setRationale(e.target.value)}
            />
          </label>
          {tried && errors.length ? (
            <ul className="rounded-md border border-destructive/40 bg-destructive/10 p-2 text-destructive">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
