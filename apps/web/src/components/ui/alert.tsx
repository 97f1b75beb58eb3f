import { cva, type VariantProps } from 'class-variance-authority';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const alertVariants = cva(
  'flex gap-3 rounded-lg border px-3.5 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-border bg-muted/60 text-foreground [&>svg]:text-muted-foreground',
        destructive: 'border-destructive/30 bg-destructive/8 text-destructive dark:bg-destructive/12',
        success: 'border-success/30 bg-success/10 text-foreground [&>svg]:text-success',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = { info: Info, destructive: AlertCircle, success: CheckCircle2 } as const;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'>, VariantProps<typeof alertVariants> {
  title?: ReactNode;
}

export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div role="alert" className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden />
      <div className="min-w-0 space-y-1">
        {title ? <p className="leading-5 font-medium">{title}</p> : null}
        {children ? <div className={cn('leading-5', title && 'opacity-90')}>{children}</div> : null}
      </div>
    </div>
  );
}
