import { Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoAccess } from '../../components/no-access';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { usePermissions } from '../../lib/permissions';
import { EMPTY_DEFINITION, useDefinitionSaver } from './definition-saver';
import { BasicInformation, DecisionCriteria, type DefinitionForm } from './definition-tab';
import { FlowsTab } from './flows-tab';
import { usePublish } from './publish';
import { WIZARD_STEPS, clampStep } from './status';

/**
 * /use-cases/wizard: the 3-step variant of creating a use case (spec document 2 §2.4) —
 * Definition (name, description), Decision Criteria (goals, stakeholders, risk tolerance,
 * confidence threshold), Decision Flow. Next saves the step first (the first Next creates the use
 * case) and stays put when that save fails; leaving the page saves what was typed.
 */
export function UseCaseWizardPage() {
  const navigate = useNavigate();
  const { known, can } = usePermissions();
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<DefinitionForm>(EMPTY_DEFINITION);
  const formRef = useRef(form);
  formRef.current = form;
  const [nameError, setNameError] = useState(false);
  const [moving, setMoving] = useState(false);
  const { id, currentId, saver, flush, saving, saveError } = useDefinitionSaver({ id: null, form: formRef });
  const { publish, publishing } = usePublish(id);

  const go = async (to: number) => {
    const target = clampStep(to);
    if (target > step && !form.name.trim()) {
      setNameError(true);
      return;
    }
    setMoving(true);
    await flush({ keepalive: false });
    setMoving(false);
    // Forward only once the step is saved (and the use case exists); back never waits.
    if (target > step && (saver.dirty || currentId() === null)) return;
    setStep(target);
  };
  if (known && !can('data.write'))
    return (
      <Page>
        <NoAccess permission="data.write" what="Creating a use case" />
      </Page>
    );

  const props = { form, setForm, commit: (f: DefinitionForm) => saver.schedule(f) };
  return (
    <Page>
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-sm text-muted-foreground">
        <Link to="/use-cases" className="hover:text-foreground hover:underline">
          Use Cases
        </Link>
        <ChevronRight className="size-4" />
        <span className="text-foreground">Guided Setup</span>
      </nav>
      <div className="mt-3 flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">
            {form.name.trim() || 'New Use Case'}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Step {step} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step - 1]}
          </p>
        </div>
        <div className="text-sm text-muted-foreground" aria-live="polite">
          {saving ? 'Saving...' : id ? 'Saved' : ''}
          {saveError !== null ? (
            <p role="alert" className="text-destructive">
              Failed to save use case. Please try again.
              {saveError ? <span className="block text-xs">{saveError}</span> : null}
            </p>
          ) : null}
        </div>
      </div>
      <ol className="mt-6 flex gap-2" aria-label="Steps">
        {WIZARD_STEPS.map((title, i) => {
          const n = i + 1;
          return (
            <li
              key={title}
              aria-current={n === step ? 'step' : undefined}
              className={cn(
                'flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                // On a phone only the current step has room for its title.
                n === step
                  ? 'flex-1 border-primary bg-primary/5 font-medium'
                  : 'shrink-0 border-border text-muted-foreground sm:flex-1',
              )}
            >
              <span
                className={cn(
                  'grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold',
                  n < step ? 'bg-primary text-primary-foreground' : 'bg-muted',
                )}
                aria-hidden
              >
                {n < step ? <Check className="size-3.5" /> : n}
              </span>
              <span className={cn('truncate', n !== step && 'sr-only sm:not-sr-only')}>{title}</span>
            </li>
          );
        })}
      </ol>
      <section className="mt-6 grid gap-4" aria-label={WIZARD_STEPS[step - 1]}>
        {step === 1 ? (
          <>
            <BasicInformation
              {...props}
              setForm={(f) => {
                if (f.name.trim()) setNameError(false);
                setForm(f);
              }}
            />
            {nameError ? (
              <p role="alert" className="text-sm text-destructive">
                Please fill in use case name
              </p>
            ) : null}
          </>
        ) : step === 2 ? (
          <DecisionCriteria {...props} />
        ) : (
          <FlowsTab useCaseId={id} onPublish={() => void publish()} publishing={publishing} />
        )}
      </section>
      <div className="mt-6 flex items-center justify-between gap-2">
        <Button variant="secondary" disabled={step === 1 || moving} onClick={() => void go(step - 1)}>
          <ChevronLeft /> Previous
        </Button>
        {step < WIZARD_STEPS.length ? (
          <Button disabled={moving} onClick={() => void go(step + 1)}>
            {moving ? 'Saving...' : 'Next'} <ChevronRight />
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => id && void navigate(`/use-cases/${id}`)}>
            Open in Editor
          </Button>
        )}
      </div>
    </Page>
  );
}
