import { Button } from './button';

export interface FormFooterProps {
  /** What went wrong with the last submit, shown above the buttons and read out. */
  error?: string | null;
  submitLabel: string;
  /** The submit button is off while the form is incomplete or being sent. */
  disabled: boolean;
  onCancel: () => void;
}

/** The end of a dialog's form: its error, Cancel, and the submit button (stacked on phones, submit on top). */
export function FormFooter({ error, submitLabel, disabled, onCancel }: FormFooterProps) {
  return (
    <>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
