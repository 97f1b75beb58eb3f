import { ZUpdateDecision, type TDecision } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { errorMessages } from '../../lib/form';
import { useUpdateDecision } from './api/update-decision';

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The edit sends ZUpdateDecision's texts, all three required here. */
const ZEditDecisionForm = ZUpdateDecision.pick({
  title: true,
  description: true,
  decisionRationale: true,
}).required();

/** Edits a decision's title, description and rationale (PUT); status moves have their own buttons. */
export function EditDecisionDialog({ decision, onClose }: { decision: TDecision; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(ZEditDecisionForm),
    defaultValues: {
      title: decision.title,
      description: decision.description,
      decisionRationale: decision.decisionRationale,
    },
  });
  const errors = errorMessages(formState.errors, ['title', 'description', 'decisionRationale']);
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
          onSubmit={(e) => void handleSubmit((text) => save.mutate(text))(e)}
        >
          <label className="grid gap-1">
            <span className="font-medium">Title</span>
            <Input {...register('title')} />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">Description</span>
            <textarea className={textareaClass} {...register('description')} />
          </label>
          <label className="grid gap-1">
            <span className="font-medium">Decision rationale</span>
            <textarea className={textareaClass} {...register('decisionRationale')} />
          </label>
          {errors.length ? (
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
