import { Lock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatCount } from '../../lib/format';
import { formatMoney, orderTotal, type Tier, type TokenPack } from './pricing';

export const PAYMENTS_OFF = 'Payments are not connected in this installation';

/** The order: plan, pack, tokens and the total (tier price + pack price), with an honest purchase button. */
export function OrderSummary({
  id,
  tier,
  pack,
  billedTo,
}: {
  id: string;
  tier: Tier;
  pack: TokenPack | null;
  billedTo: string;
}) {
  const total = orderTotal(tier, pack);
  return (
    <Card className="p-5 lg:sticky lg:top-20" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Summary
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{billedTo}</p>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{tier.name} plan</dt>
          <dd className="font-medium">{tier.price === null ? 'On request' : formatMoney(tier.price)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{pack ? `${pack.name} pack` : 'Token pack'}</dt>
          <dd className="font-medium">{pack ? formatMoney(pack.price) : 'None'}</dd>
        </div>
        <div className="flex justify-between gap-3 text-muted-foreground">
          <dt>Tokens a month</dt>
          <dd>{formatCount(total.tokens)}</dd>
        </div>
        <div className="mt-2 flex items-baseline justify-between gap-3 border-t border-border pt-3">
          <dt className="font-semibold">Total</dt>
          <dd className="text-xl font-semibold tracking-tight" data-testid={`${id}-total`}>
            {total.kind === 'priced' ? (
              <>
                {formatMoney(total.total)}
                <span className="text-sm font-normal text-muted-foreground"> /month</span>
              </>
            ) : (
              'Contact sales'
            )}
          </dd>
        </div>
      </dl>
      {total.kind === 'contact-sales' ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Enterprise pricing is on request: contact your Catalyst sales representative.
        </p>
      ) : null}
      <Button className="mt-5 w-full" disabled aria-describedby={`${id}-payments`}>
        <Lock aria-hidden /> Purchase
      </Button>
      <p id={`${id}-payments`} className="mt-2 text-center text-xs text-muted-foreground">
        {PAYMENTS_OFF}: nothing can be bought or charged here yet.
      </p>
    </Card>
  );
}
