import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  LIST_PRICE_PER_TOKEN,
  orderTotal,
  packSavings,
  TIERS,
  TOKEN_PACKS,
} from '../src/features/billing/pricing';

const tier = (id: string) => TIERS.find((t) => t.id === id)!;
const pack = (id: string) => TOKEN_PACKS.find((p) => p.id === id)!;

describe('billing tiers and packs (spec document 3 §9)', () => {
  it('has the spec tiers: Lite 149 / 10,000, Pro 249 / 50,000 (most popular), Enterprise on request / 200,000', () => {
    expect(TIERS.map((t) => [t.name, t.price, t.tokens, Boolean(t.mostPopular)])).toEqual([
      ['Lite', 149, 10_000, false],
      ['Pro', 249, 50_000, true],
      ['Enterprise', null, 200_000, false],
    ]);
  });

  it('has the spec token packs, Standard marked popular', () => {
    expect(TOKEN_PACKS.map((p) => [p.name, p.tokens, p.price])).toEqual([
      ['Starter', 10_000, 15],
      ['Standard', 25_000, 35],
      ['Premium', 50_000, 65],
      ['Bulk', 100_000, 120],
      ['Enterprise', 250_000, 275],
    ]);
    expect(TOKEN_PACKS.filter((p) => p.popular).map((p) => p.name)).toEqual(['Standard']);
  });
});

describe('pack savings: tokens × 0.0015 − price', () => {
  it('computes each pack against the list price per token', () => {
    expect(LIST_PRICE_PER_TOKEN).toBe(0.0015);
    expect(TOKEN_PACKS.map((p) => ({ name: p.name, ...packSavings(p) }))).toEqual([
      { name: 'Starter', listPrice: 15, savings: 0, percentOff: 0 },
      { name: 'Standard', listPrice: 37.5, savings: 2.5, percentOff: 7 },
      { name: 'Premium', listPrice: 75, savings: 10, percentOff: 13 },
      { name: 'Bulk', listPrice: 150, savings: 30, percentOff: 20 },
      { name: 'Enterprise', listPrice: 375, savings: 100, percentOff: 27 },
    ]);
  });
  it('never reports negative savings for a pack dearer than the list price', () => {
    expect(packSavings({ tokens: 1_000, price: 5 })).toEqual({ listPrice: 1.5, savings: 0, percentOff: 0 });
  });
  it('keeps cents exact', () => {
    expect(packSavings({ tokens: 33_333, price: 49.99 })).toEqual({
      listPrice: 50,
      savings: 0.01,
      percentOff: 0,
    });
  });
});

describe('order total: tier price + pack price', () => {
  it('is the tier alone without a pack', () => {
    expect(orderTotal(tier('pro'), null)).toEqual({ kind: 'priced', total: 249, tokens: 50_000 });
    expect(orderTotal(tier('lite'), null)).toEqual({ kind: 'priced', total: 149, tokens: 10_000 });
  });
  it('adds the pack price and its tokens', () => {
    expect(orderTotal(tier('pro'), pack('standard'))).toEqual({ kind: 'priced', total: 284, tokens: 75_000 });
    expect(orderTotal(tier('lite'), pack('enterprise'))).toEqual({
      kind: 'priced',
      total: 424,
      tokens: 260_000,
    });
    for (const t of TIERS.filter((x) => x.price !== null)) {
      for (const p of TOKEN_PACKS) expect(orderTotal(t, p)).toMatchObject({ total: t.price! + p.price });
    }
  });
  it('is "contact sales" for the Enterprise tier, whatever the pack', () => {
    expect(orderTotal(tier('enterprise'), null)).toEqual({ kind: 'contact-sales', tokens: 200_000 });
    expect(orderTotal(tier('enterprise'), pack('bulk'))).toEqual({ kind: 'contact-sales', tokens: 300_000 });
  });
  it('formats whole dollars without cents and others with two decimals', () => {
    expect(formatMoney(284)).toBe('$284');
    expect(formatMoney(2.5)).toBe('$2.50');
    expect(formatMoney(1234)).toBe('$1,234');
  });
});
