/**
 * How a numeric KPI column may be aggregated over a period and a segment. Only additive measures
 * are summed: a week's revenue is the sum of its orders' revenue, but a week's temperature is not
 * the sum of its readings, nor is a price, a rate, a percentage, a balance or a stock level.
 * Those are averaged. Identifiers, codes and calendar numbers (an order id, a zip code, a year)
 * are not measures at all: summed or averaged they mean nothing, so they are skipped.
 *
 * The column's name and business label are read as words (not its definition: the generated
 * one says "a measure to sum or average" of every KPI); its SQL type and profile (distinct values
 * against rows) tell an identifier from a measure where the words do not.
 */
export type Aggregation = 'sum' | 'avg' | 'skip';

export interface ColumnFacts {
  name: string;
  label?: string;
  /** The declared SQL type (INTEGER, DOUBLE, numeric(10,2)…). */
  type?: string;
  isKey?: boolean;
  distinctCount?: number | null;
  rowCount?: number | null;
}

/** Words split on case changes, underscores, dashes and spaces: "unitPrice_EUR" → unit price eur. */
function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean);
}

const IDENTIFIER = new Set([
  'id',
  'ids',
  'uuid',
  'guid',
  'key',
  'code',
  'zip',
  'zipcode',
  'postcode',
  'postal',
  'sku',
  'ean',
  'upc',
  'isbn',
  'phone',
  'fk',
  'pk',
]);
const CALENDAR = new Set([
  'year',
  'yr',
  'month',
  'quarter',
  'week',
  'weekday',
  'dow',
  'day',
  'hour',
  'minute',
  'fiscal',
]);
const POSITION = new Set([
  'lat',
  'latitude',
  'lon',
  'lng',
  'longitude',
  'coordinate',
  'coordinates',
  'version',
  'rank',
  'ranking',
  'position',
]);
/** Words of measures that are levels, intensities or ratios: averaged, never summed. */
const NON_ADDITIVE = new Set([
  // physical readings
  'temperature',
  'temp',
  'celsius',
  'fahrenheit',
  'degrees',
  'humidity',
  'pressure',
  'voltage',
  'speed',
  'velocity',
  'latency',
  'altitude',
  'elevation',
  'ph',
  'density',
  // quotes of a traded price
  'open',
  'high',
  'low',
  'close',
  'adj',
  // prices and ratios
  'price',
  'prices',
  'rate',
  'rates',
  'ratio',
  'percent',
  'percentage',
  'pct',
  '%',
  'share',
  'margin',
  'discount',
  'markup',
  'yield',
  'apr',
  'interest',
  'conversion',
  'ctr',
  'cpc',
  'cpm',
  'roi',
  'roas',
  // scores and grades
  'score',
  'rating',
  'grade',
  'nps',
  'satisfaction',
  'index',
  'probability',
  'likelihood',
  'confidence',
  // states at a moment (semi-additive: they add across things, not across time)
  'balance',
  'inventory',
  'stock',
  'level',
  'headcount',
  'capacity',
  'utilization',
  'utilisation',
  'occupancy',
  'age',
  'tenure',
  // already aggregated
  'min',
  'max',
  'minimum',
  'maximum',
]);
/** Words that make any measure a per-thing figure: "unit cost", "revenue per order", "avg basket". */
const PER = new Set(['unit', 'per', 'avg', 'average', 'mean', 'median', 'each']);
/** Words that make a non-additive word additive again: "price total", "discount amount", "stock units sold". */
const ADDITIVE = new Set([
  'amount',
  'total',
  'sum',
  'count',
  'revenue',
  'sales',
  'cost',
  'costs',
  'spend',
  'quantity',
  'qty',
  'units',
  'sold',
  'volume',
  'orders',
  'value',
]);

/** Whether the column's values identify rows (nearly every value distinct, integer type). */
function looksLikeIdentifier(c: ColumnFacts): boolean {
  if (!c.distinctCount || !c.rowCount || c.rowCount < 50) return false;
  const integer = /int|serial|long|short/i.test(c.type ?? '');
  return integer && c.distinctCount >= 0.95 * c.rowCount;
}

export function aggregationOf(c: ColumnFacts): Aggregation {
  if (c.isKey) return 'skip';
  const name = words(c.name);
  const all = [...name, ...words(c.label ?? '')];
  const last = name[name.length - 1] ?? '';
  if (IDENTIFIER.has(last) || name[0] === 'id' || all.some((w) => POSITION.has(w))) return 'skip';
  if (name.length <= 2 && name.some((w) => CALENDAR.has(w)) && !all.some((w) => ADDITIVE.has(w)))
    return 'skip';
  if (/^(no|num|number|nr)$/.test(last) && name.length > 1 && !all.some((w) => ADDITIVE.has(w)))
    return 'skip';
  if (looksLikeIdentifier(c)) return 'skip';
  if (all.some((w) => PER.has(w))) return 'avg';
  // "stock units sold" are units, "discount amount" is money: an additive last word decides first.
  if (ADDITIVE.has(last) && last !== 'value') return 'sum';
  if (all.some((w) => NON_ADDITIVE.has(w))) return 'avg';
  return 'sum';
}
