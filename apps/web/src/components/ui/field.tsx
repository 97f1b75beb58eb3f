import type { ReactNode } from 'react';
import { Label } from './label';

/** The id of a field's error message, for the control's aria-describedby. */
const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A label above its control, with an optional hint or trailing element on the label row, and the
 * field's error message (a failed rule of the form's schema) under it.
 */
export function Field({
  id,
  label,
  children,
  aside,
  error,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
  error?: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="-mt-1 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes of a control whose field may show an error. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
}
