import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { formatMoney, packSavings, TIERS, TOKEN_PACKS, type Tier, type TokenPack } from './pricing';

/** A native radio button drawn as a card: arrow keys move between options, Space selects. */
function RadioCard({
  name,
  value,
  checked,
  onSelect,
  children,
  badge,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
  badge?: string;
}) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer flex-col gap-1 rounded-xl border bg-surface p-4 shadow-xs transition-colors hover:border-primary/50 has-focus-visible:ring-2 has-focus-visible:ring-ring',
        checked ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      <input
        type="radio"
        className="sr-only"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
      />
      {badge ? (
        <span className="absolute -top-2.5 right-3 rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold text-primary-foreground">
          {badge}
        </span>
      ) : null}
      {checked ? <Check className="absolute top-3 right-3 size-4 text-primary" aria-hidden /> : null}
      {children}
    </label>
  );
}

export function TierPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Tier['id'];
  onChange: (id: Tier['id']) => void;
}) {
  return (
    <fieldset>
      <legend className="text-base font-semibold">Plan</legend>
      <p className="mt-1 text-sm text-muted-foreground">A monthly licence with tokens included.</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        {TIERS.map((tier) => (
          <RadioCard
            key={tier.id}
            name={name}
            value={tier.id}
            checked={value === tier.id}
            onSelect={() => onChange(tier.id)}
            badge={tier.mostPopular ? 'Most popular' : undefined}
          >
            <span className="text-sm font-medium">{tier.name}</span>
            <span className="text-2xl font-semibold tracking-tight">
              {tier.price === null ? 'On request' : formatMoney(tier.price)}
              {tier.price === null ? null : (
                <span className="text-sm font-normal text-muted-foreground"> /month</span>
              )}
            </span>
            <span className="text-sm text-muted-foreground">{formatCount(tier.tokens)} tokens a month</span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}

export function PackPicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: TokenPack['id'] | null;
  onChange: (id: TokenPack['id'] | null) => void;
}) {
  return (
    <fieldset>
      <legend className="text-base font-semibold">Token pack</legend>
      <p className="mt-1 text-sm text-muted-foreground">
        Extra tokens each month. Savings are against the pay-as-you-go price of $0.0015 a token.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <RadioCard name={name} value="none" checked={value === null} onSelect={() => onChange(null)}>
          <span className="text-sm font-medium">No token pack</span>
          <span className="text-sm text-muted-foreground">Only the plan's tokens</span>
        </RadioCard>
        {TOKEN_PACKS.map((pack) => {
          const { savings, percentOff } = packSavings(pack);
          return (
            <RadioCard
              key={pack.id}
              name={name}
              value={pack.id}
              checked={value === pack.id}
              onSelect={() => onChange(pack.id)}
              badge={pack.popular ? 'Popular' : undefined}
            >
              <span className="text-sm font-medium">{pack.name}</span>
              <span className="text-xl font-semibold tracking-tight">
                {formatMoney(pack.price)}
                <span className="text-sm font-normal text-muted-foreground"> /month</span>
              </span>
              <span className="text-sm text-muted-foreground">{formatCount(pack.tokens)} tokens</span>
              <span
                className={cn('text-xs font-medium', savings > 0 ? 'text-success' : 'text-muted-foreground')}
              >
                {savings > 0 ? `Save ${formatMoney(savings)} (${percentOff}% off)` : 'Pay-as-you-go price'}
              </span>
            </RadioCard>
          );
        })}
      </div>
    </fieldset>
  );
}
