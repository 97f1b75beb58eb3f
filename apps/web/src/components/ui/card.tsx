import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-border bg-surface text-surface-foreground shadow-xs',
        className,
      )}
      {...props}
    />
  );
}
