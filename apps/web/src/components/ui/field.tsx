import type { ReactNode } from 'react';
import { Label } from './label';

/** A label above its control, with an optional hint or trailing element on the label row. */
export function Field({
  id,
  label,
  children,
  aside,
}: {
  id: string;
  label: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
    </div>
  );
}
