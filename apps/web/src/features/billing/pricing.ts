/**
 * Billing's figures (spec document 3 §9): licence tiers, token packs, the savings of a pack and the
 * order total. Pure functions, so the arithmetic is tested on its own. Prices are monthly, in US
 * dollars; amounts are kept in cents to avoid floating-point drift.
 */

export interface Tier {
  id: 'lite' | 'pro' | 'enterprise';
  name: string;
  /** Monthly price in dollars; null means "price on request". */
  price: number | null;
  tokens: number;
  mostPopular?: boolean;
}

export interface TokenPack {
  id: 'starter' | 'standard' | 'premium' | 'bulk' | 'enterprise';
  name: string;
  tokens: number;
  price: number;
  popular?: boolean;
}

export const TIERS: readonly Tier[] = [
  { id: 'lite', name: 'Lite', price: 149, tokens: 10_000 },
  { id: 'pro', name: 'Pro', price: 249, tokens: 50_000, mostPopular: true },
  { id: 'enterprise', name: 'Enterprise', price: null, tokens: 200_000 },
];

export const TOKEN_PACKS: readonly TokenPack[] = [
  { id: 'starter', name: 'Starter', tokens: 10_000, price: 15 },
  { id: 'standard', name: 'Standard', tokens: 25_000, price: 35, popular: true },
  { id: 'premium', name: 'Premium', tokens: 50_000, price: 65 },
  { id: 'bulk', name: 'Bulk', tokens: 100_000, price: 120 },
  { id: 'enterprise', name: 'Enterprise', tokens: 250_000, price: 275 },
];

/** The pay-as-you-go price of one token, against which a pack's savings are measured. */
export const LIST_PRICE_PER_TOKEN = 0.0015;

const cents = (dollars: number) => Math.round(dollars * 100);

export interface PackSavings {
  /** What the tokens would cost at the list price, in dollars. */
  listPrice: number;
  /** List price minus the pack price, in dollars (0 when the pack saves nothing). */
  savings: number;
  /** Savings as a whole percentage of the list price. */
  percentOff: number;
}

/** Savings = tokens × 0.0015 − price; the percentage is of the list price. */
export function packSavings(pack: Pick<TokenPack, 'tokens' | 'price'>): PackSavings {
  const listCents = Math.round(pack.tokens * LIST_PRICE_PER_TOKEN * 100);
  const savingsCents = Math.max(0, listCents - cents(pack.price));
  return {
    listPrice: listCents / 100,
    savings: savingsCents / 100,
    percentOff: listCents ? Math.round((savingsCents / listCents) * 100) : 0,
  };
}

export type OrderTotal =
  | { kind: 'priced'; total: number; tokens: number }
  /** An Enterprise tier has no list price: the order goes through sales. */
  | { kind: 'contact-sales'; tokens: number };

/** Total = the tier's price + the pack's price (no pack: the tier alone). */
export function orderTotal(tier: Tier, pack: TokenPack | null): OrderTotal {
  const tokens = tier.tokens + (pack?.tokens ?? 0);
  if (tier.price === null) return { kind: 'contact-sales', tokens };
  return { kind: 'priced', total: (cents(tier.price) + cents(pack?.price ?? 0)) / 100, tokens };
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$149" for whole dollars, "$2.50" otherwise. */
export function formatMoney(dollars: number): string {
  return Number.isInteger(dollars) ? usd.format(dollars) : usdCents.format(dollars);
}
