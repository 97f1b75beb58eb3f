import type { ModelColumn } from '../model/types';
import { splitIdentifier } from '../nlp/text';

// What a column's name, business name and definition say about its numbers. Words are matched
// whole, after splitting identifiers ("unitPrice", "unit_price" → unit, price).

const words = (...texts: string[]): string[] =>
  texts.flatMap((t) => splitIdentifier(t ?? '').map((w) => w.toLowerCase()));
const has = (ws: string[], set: Set<string>): boolean => ws.some((w) => set.has(w));

const RATE = new Set([
  'rate',
  'rates',
  'ratio',
  'share',
  'margin',
  'percent',
  'percentage',
  'pct',
  'proportion',
  'conversion',
  'churn',
  'retention',
  'utilization',
  'utilisation',
  'yield',
  'discount',
  'ctr',
]);
/** "exchange rate", "heart rate": rates that are not fractions of a whole. */
const NOT_A_FRACTION = new Set(['exchange', 'fx', 'heart', 'pulse', 'respiratory', 'frame', 'bit', 'baud']);

export function isRateNamed(...texts: string[]): boolean {
  const ws = words(...texts);
  return (has(ws, RATE) || texts.some((t) => t?.includes('%'))) && !has(ws, NOT_A_FRACTION);
}

const MONEY = new Set([
  'revenue',
  'revenues',
  'sales',
  'turnover',
  'income',
  'earnings',
  'profit',
  'profits',
  'cost',
  'costs',
  'cogs',
  'expense',
  'expenses',
  'spend',
  'spending',
  'spent',
  'price',
  'prices',
  'amount',
  'fee',
  'fees',
  'salary',
  'salaries',
  'wage',
  'wages',
  'payment',
  'payments',
  'paid',
  'budget',
  'gmv',
  'takings',
  'arr',
  'mrr',
  'ltv',
  'aov',
  'refund',
  'refunds',
  'tax',
  'cash',
  'balance',
  'payroll',
  'invoice',
  'invoiced',
  'billing',
  'billed',
]);
/** Words that make a money word a count or a rate: "sales count", "cost ratio", "price index". */
const NOT_MONEY = new Set([
  'count',
  'qty',
  'quantity',
  'units',
  'number',
  'num',
  'index',
  'score',
  'rank',
  'id',
  'code',
  'days',
  'hours',
  'year',
]);
const CURRENCY_WORDS = /\b(currency|dollars?|euros?|pounds? sterling|yen|francs?|cents?)\b|[$€£¥]/i;

/** Words that make a rate word an amount: "discount amount", "margin value". */
const AMOUNT = new Set(['amount', 'amt', 'value', 'total', 'sum']);

/** A column of rates: rate-named, and not the amount of one ("discount_amount" is money). */
export function isRateColumn(column: ModelColumn): boolean {
  return isRateNamed(column.name, column.label) && !has(words(column.name, column.label), AMOUNT);
}

export function isMoneyColumn(column: ModelColumn): boolean {
  const ws = words(column.name, column.label);
  if (has(ws, NOT_MONEY) || isRateColumn(column)) return false;
  return has(ws, MONEY) || CURRENCY_WORDS.test(column.definition) || codeIn(column.definition) !== null;
}

/** Summing these means nothing: rates, averages, prices, scores, ages, temperatures, ids. */
const NON_ADDITIVE = new Set([
  'avg',
  'average',
  'mean',
  'median',
  'price',
  'prices',
  'age',
  'score',
  'rating',
  'index',
  'temperature',
  'temp',
  'celsius',
  'fahrenheit',
  'humidity',
  'latitude',
  'longitude',
  'lat',
  'lon',
  'lng',
  'id',
  'year',
  'rank',
  'percentile',
]);
/**
 * The quotes of a traded price, when they end the column's name ("close", "adj_close", "high"):
 * a day's price, summed over days it means nothing. Not "open_orders" or "low_stock_count".
 */
const QUOTES = new Set(['open', 'high', 'low', 'close']);
export function isNonAdditiveColumn(column: ModelColumn): boolean {
  const name = words(column.name);
  return (
    column.isKey ||
    isRateColumn(column) ||
    has(words(column.name, column.label), NON_ADDITIVE) ||
    QUOTES.has(name[name.length - 1] ?? '')
  );
}

/** Levels at a point in time: they add up across places or products, not across periods. */
const STOCK = new Set(['balance', 'inventory', 'stock', 'headcount', 'backlog', 'outstanding', 'level']);
export function isStockColumn(column: ModelColumn): boolean {
  return has(words(column.name, column.label), STOCK);
}

const CODES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'CNY',
  'INR',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'BRL',
  'MXN',
  'ZAR',
  'SGD',
  'HKD',
  'KRW',
  'TRY',
  'AED',
  'SAR',
  'ILS',
];
function codeIn(text: string): string | null {
  const m = new RegExp(`\\b(${CODES.join('|')})\\b`).exec(text ?? '');
  return m ? m[1]! : null;
}

/**
 * A money column's currency: an ISO code, symbol or currency word in its business name or
 * definition ("Revenue in EUR", "€"), else the deployment's currency.
 */
export function currencyOf(column: ModelColumn, fallback: string): string {
  const text = `${column.label} ${column.definition}`;
  const code = codeIn(text);
  if (code) return code;
  if (/€|\beuros?\b/i.test(text)) return 'EUR';
  if (/£|\bpounds? sterling\b/i.test(text)) return 'GBP';
  if (/¥|\byen\b/i.test(text)) return 'JPY';
  if (/\$|\bdollars?\b/i.test(text)) return /D$/.test(fallback) ? fallback : 'USD';
  return fallback;
}

/**
 * The one number column among these whose name has one of `names` (and that `also` accepts),
 * or undefined when none or several do: "the table's sales", "its quantity", "its cost".
 */
export function onlyNumberNamed(
  columns: ModelColumn[],
  names: Set<string>,
  also: (column: ModelColumn) => boolean = () => true,
): ModelColumn | undefined {
  const found = columns.filter(
    (c) => c.kind === 'number' && !c.isKey && words(c.name).some((w) => names.has(w)) && also(c),
  );
  return found.length === 1 ? found[0] : undefined;
}
