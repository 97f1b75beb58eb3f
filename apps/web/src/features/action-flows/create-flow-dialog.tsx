import { ACTION_FLOW_TRIGGERS, type TActionFlowTrigger } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { errorMessages } from '../../lib/form';
import { useCreateActionFlow } from './api/create-action-flow';
import {
  addStep,
  EMPTY_FLOW,
  FLOW_FIELDS,
  removeStep,
  TRIGGER_LABELS,
  ZFlowForm,
  ZWorkflowForm,
  type FlowFormValues,
} from './flow-form';

interface FlowRequest {
  name: string;
  description: string;
  triggerType: TActionFlowTrigger;
  steps: string[];
}

const textareaClass =
  'min-h-20 w-full rounded-md border border-input bg-surface px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';
const selectClass =
  'h-10 w-full rounded-md border border-input bg-surface px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The create dialog (spec document 3 §5). `complete` is the stricter workflow form of the Agents screen. */
export function CreateFlowDialog({ onClose, complete = false }: { onClose: () => void; complete?: boolean }) {
  // One set of fields for both forms; the workflow form's schema asks for more of them.
  const resolver = (complete ? zodResolver(ZWorkflowForm) : zodResolver(ZFlowForm)) as Resolver<
    FlowFormValues,
    unknown,
    FlowRequest
  >;
  const { register, control, handleSubmit, setValue, setError, formState } = useForm({
    resolver,
    defaultValues: EMPTY_FLOW,
    reValidateMode: 'onSubmit',
  });
  const steps = useWatch({ control, name: 'steps' });
  const errors = errorMessages(formState.errors, [...FLOW_FIELDS, 'root.server']);
  const create = useCreateActionFlow();
  const setSteps = (next: string[]) => setValue('steps', next);

  const submit = handleSubmit(async (request) => {
    try {
      const flow = await create.mutateAsync(request);
      toast.success('Action flow created', { description: `${flow.name} is saved as a draft.` });
      onClose();
    } catch (error) {
      setError('root.server', {
        message: error instanceof Error ? error.message : 'The flow could not be saved.',
      });
    }
  });

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
            <Input {...register('name')} maxLength={200} autoFocus />
          </label>
          <label className="grid gap-1.5">
            <span className="font-medium">Description</span>
            <textarea className={textareaClass} {...register('description')} maxLength={2000} />
          </label>
          <label className="grid gap-1.5">
            <span className="font-medium">Trigger</span>
            <select className={selectClass} {...register('triggerType')}>
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
              {steps.map((step, i) => (
                <li key={i} className="flex items-center gap-2">
                  <span className="w-5 shrink-0 text-right text-xs text-muted-foreground">{i + 1}.</span>
                  <Input
                    aria-label={`Step ${i + 1}`}
                    value={step}
                    maxLength={500}
                    onChange={(e) => setSteps(steps.map((s, j) => (j === i ? e.target.value : s)))}
                    placeholder="Describe what happens"
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove step ${i + 1}`}
                    disabled={steps.length === 1}
                    onClick={() => setSteps(removeStep(steps, i))}
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
              onClick={() => setSteps(addStep(steps))}
              disabled={steps.length >= 50}
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
