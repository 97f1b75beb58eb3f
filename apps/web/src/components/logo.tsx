import { useId } from 'react';
import { cn } from '../lib/cn';

type Variant = 'light' | 'dark';

const gradients: Record<Variant, [string, string]> = {
  light: ['#4f46e5', '#7c3aed'],
  dark: ['#818cf8', '#a78bfa'],
};

/**
 * The Catalyst mark: a hexagon (a molecule) left open on one side so it reads as a "C", with the
 * spark of a reaction at its centre.
 */
export function LogoMark({ variant = 'light', className }: { variant?: Variant; className?: string }) {
  const id = useId();
  const [from, to] = gradients[variant];
  const ink = variant === 'light' ? '#ffffff' : '#14122b';
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8.5" fill={`url(#${id})`} />
      <path
        d="M23.6 10.9 16 6.6 8.4 10.9v10.2l7.6 4.3 7.6-4.3"
        fill="none"
        stroke={ink}
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M16 11.4c.5 3 1.6 4.1 4.6 4.6-3 .5-4.1 1.6-4.6 4.6-.5-3-1.6-4.1-4.6-4.6 3-.5 4.1-1.6 4.6-4.6Z"
        fill={ink}
      />
    </svg>
  );
}

function LogoVariant({
  variant,
  showWordmark,
  className,
}: {
  variant: Variant;
  showWordmark: boolean;
  className?: string;
}) {
  return (
    <span className={cn('items-center gap-2.5', className)}>
      <LogoMark variant={variant} />
      {showWordmark ? (
        <span
          className={cn(
            'text-[19px] leading-none font-semibold tracking-[-0.02em]',
            variant === 'light' ? 'text-[#17152e]' : 'text-white',
          )}
        >
          Catalyst
        </span>
      ) : null}
    </span>
  );
}

/** The logo in the variant that suits the current theme (light logo on light, dark on dark). */
export function Logo({ showWordmark = true, className }: { showWordmark?: boolean; className?: string }) {
  return (
    <span className={cn('inline-flex', className)} role="img" aria-label="Catalyst">
      <LogoVariant variant="light" showWordmark={showWordmark} className="flex dark:hidden" />
      <LogoVariant variant="dark" showWordmark={showWordmark} className="hidden dark:flex" />
    </span>
  );
}
