import { ACTION_FLOW_TRIGGERS } from '@catalyst/contracts';
import { Plus, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useCreateActionFlow } from './api/create-action-flow';
import {
  addStep,
  EMPTY_FLOW,
  flowPayload,
  removeStep,
  TRIGGER_LABELS,
  validateFlow,
  type FlowFormValues,
} from './flow-form';

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-surface px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';
const selectClass =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The create dialog (spec document 3 §5). `complete` is the stricter workflow form of the Agents screen. */
export function CreateFlowDialog({ onClose, complete = false }: { onClose: () => void; complete?: boolean }) {
  const [v, setV] = useState<FlowFormValues>(EMPTY_FLOW);
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreateActionFlow();
  const set = <K extends keyof FlowFormValues>(key: K, value: FlowFormValues[K]) =>
    setV((all) => ({ ...all, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateFlow(v, { complete });
    setErrors(problems);
    if (problems.length) return;
    try {
      const flow = await create.mutateAsync(flowPayload(v));
      toast.success('Action flow created', { description: `${flow.name} is saved as a draft.` });
      onClose();
    } catch (error) {
      setErrors([error instanceof Error ? error.message : 'The flow could not be saved.']);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogTitle>{complete ? 'Create Workflow' : 'Create Action Flow'}</DialogTitle>
        <DialogDescription>
          A named sequence of steps and what starts it. It is saved as a draft; Catalyst does not run flows
          yet.
        </DialogDescription>
        <form className="grid gap-4 text-sm" onSubmit={(e) => void submit(e)} noValidate>
          <label className="grid gap-1.5">
            <span className="font-medium">Name</span>
            <Input value={v.name} onChange={(e) => set('name', e.target.value)} maxLength={200} autoFocus />
          </label>
          <label className="grid gap-1.5">
            <span className="font-medium">Description</span>
            <textarea
              className={textareaClass}
              value={v.description}
              onChange={(e) => set('description', e.target.value)}
              maxLength={2000}
            />
          </label>
          <label className="grid gap-1.5">
            <span className="font-medium">Trigger</span>
            <select
              className={selectClass}
              value={v.triggerType}
              onChange={(e) => set('triggerType', e.target.value as FlowFormValues['triggerType'])}
            >
              {ACTION_FLOW_TRIGGERS.map((t) => (
                <option key={t} value={t}>
                  {TRIGGER_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 font-medium">Steps</legend>
            <ol className="grid gap-2">
              {v.steps.map((step, i) => (
                <li key={i} className="flex items-center gap-2">
                  <span className="w-5 shrink-0 text-right text-xs text-muted-foreground">{i + 1}.</span>
                  <Input
                    aria-label={`Step ${i + 1}`}
                    value={step}
                    maxLength={500}
                    onChange={(e) =>
                      set(
                        'steps',
                        v.steps.map((s, j) => (j === i ? e.target.value : s)),
                      )
                    }
                    placeholder="Describe what happens"
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove step ${i + 1}`}
                    disabled={v.steps.length === 1}
                    onClick={() => set('steps', removeStep(v.steps, i))}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ol>
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              onClick={() => set('steps', addStep(v.steps))}
              disabled={v.steps.length >= 50}
            >
              <Plus aria-hidden /> Add step
            </Button>
          </fieldset>
          {errors.length ? (
            <ul role="alert" className="grid gap-1 text-destructive">
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : complete ? 'Create Workflow' : 'Create Flow'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
