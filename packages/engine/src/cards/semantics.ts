import type { TBaseMeasure, TMeasure, TValueFormat } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import {
  currencyOf,
  isMoneyColumn,
  isNonAdditiveColumn,
  isRateColumn,
  isRateNamed,
  isStockColumn,
} from './words';

/**
 * What a measure's numbers mean, for sentences and formats:
 * - `additive`: adding the measure's values of disjoint groups gives the value of their union
 *   (SUM of an amount, COUNT). "yes" for flows (revenue), "not-over-time" for stocks (inventory:
 *   adds up across warehouses, not across months), "no" for averages, ratios, MIN/MAX, COUNT
 *   DISTINCT and sums that mean nothing (summed prices, rates or temperatures).
 * - `unit`: money, a ratio (a fraction of one, e.g. a margin or a rate), or anything else.
 */
export interface MeasureSemantics {
  additive: 'yes' | 'not-over-time' | 'no';
  unit: 'money' | 'ratio' | 'other';
  /** Its name or definition calls it a rate, ratio, share, margin, percentage… */
  rateNamed: boolean;
  /** Its value is the average of a 0/1 indicator (a proportion of rows). */
  proportion: boolean;
  /** ISO 4217 code when the unit is money. */
  currency?: string;
}

type Unit = MeasureSemantics['unit'];
interface Term {
  /** Contains an aggregate (outside: a number or a row-level value). */
  aggregate: boolean;
  constant: number | null;
  additive: MeasureSemantics['additive'];
  unit: Unit;
  proportion: boolean;
  indicator: boolean;
  currency?: string;
}

const UNKNOWN: Term = {
  aggregate: true,
  constant: null,
  additive: 'no',
  unit: 'other',
  proportion: false,
  indicator: false,
};
const weaker = (a: Term['additive'], b: Term['additive']): Term['additive'] =>
  a === 'no' || b === 'no' ? 'no' : a === 'not-over-time' || b === 'not-over-time' ? 'not-over-time' : 'yes';

function columnTerm(column: ModelColumn | undefined, defaultCurrency: string): Term {
  if (!column) return { ...UNKNOWN, aggregate: false };
  const money = column.kind === 'number' && isMoneyColumn(column);
  return {
    aggregate: false,
    constant: null,
    additive: isNonAdditiveColumn(column) ? 'no' : isStockColumn(column) ? 'not-over-time' : 'yes',
    unit: money ? 'money' : isRateColumn(column) ? 'ratio' : 'other',
    proportion: false,
    indicator: column.kind === 'boolean',
    currency: money ? currencyOf(column, defaultCurrency) : undefined,
  };
}

/** The result of an aggregate over a row-level term. */
function aggregateTerm(agg: string, distinct: boolean, inner: Term | null): Term {
  if (agg === 'COUNT')
    return { ...UNKNOWN, constant: null, additive: distinct ? 'no' : 'yes', unit: 'other' };
  if (!inner) return UNKNOWN;
  if (agg === 'SUM')
    return {
      ...inner,
      aggregate: true,
      constant: null,
      // Summing a 0/1 indicator counts rows: additive, not a ratio.
      unit: inner.indicator ? 'other' : inner.unit,
      additive: inner.indicator ? 'yes' : inner.additive,
      indicator: false,
    };
  return {
    ...inner,
    aggregate: true,
    constant: null,
    additive: 'no',
    unit: agg === 'AVG' && inner.indicator ? 'ratio' : inner.unit,
    proportion: agg === 'AVG' && inner.indicator,
    indicator: false,
  };
}

function combine(op: string, a: Term, b: Term): Term {
  const aggregate = a.aggregate || b.aggregate;
  const currency = a.currency ?? b.currency;
  const base = { aggregate, proportion: false, indicator: false, currency };
  if (a.constant !== null && b.constant !== null) {
    const v =
      op === '+'
        ? a.constant + b.constant
        : op === '-'
          ? a.constant - b.constant
          : op === '*'
            ? a.constant * b.constant
            : b.constant === 0
              ? null
              : a.constant / b.constant;
    return { ...base, constant: v, additive: 'yes', unit: 'other' };
  }
  if (op === '+' || op === '-') {
    if (a.constant === 0) return b;
    if (b.constant === 0) return a;
    if (a.constant !== null || b.constant !== null)
      return { ...base, constant: null, additive: 'no', unit: a.constant !== null ? b.unit : a.unit };
    return {
      ...base,
      constant: null,
      additive: weaker(a.additive, b.additive),
      unit: a.unit === b.unit ? a.unit : 'other',
      // (x - y) of two 0/1 indicators is no longer one.
      indicator: false,
    };
  }
  if (op === '*') {
    const k = a.constant !== null ? a : b.constant !== null ? b : null;
    if (k) {
      const other = k === a ? b : a;
      // 100 × a ratio is a number of percent points, not a fraction: shown as a plain number.
      const unit = other.unit === 'ratio' && k.constant !== 1 ? 'other' : other.unit;
      return { ...other, ...base, constant: null, unit, proportion: other.proportion && k.constant === 1 };
    }
    const unit: Unit =
      (a.unit === 'money' && b.unit !== 'money') || (b.unit === 'money' && a.unit !== 'money')
        ? 'money'
        : 'other';
    // Inside an aggregate a product of columns is a row value (price × quantity), summed later.
    return { ...base, constant: null, additive: aggregate ? 'no' : 'yes', unit };
  }
  // Division.
  if (b.constant !== null) {
    const unit = a.unit === 'ratio' && b.constant !== 1 ? 'other' : a.unit;
    return { ...a, ...base, constant: null, unit, proportion: a.proportion && b.constant === 1 };
  }
  const unit: Unit =
    a.unit === b.unit ? 'ratio' : a.unit === 'money' && b.unit === 'other' ? 'money' : 'other';
  return { ...base, constant: null, additive: aggregate ? 'no' : 'yes', unit };
}

const TOKEN = /\s*(?:("(?:[^"]|"")+")|(\d+(?:\.\d+)?)|(<>|[<>=]=?|[-+*/(),])|([A-Za-z_][A-Za-z0-9_]*))/y;

/**
 * Reads a derived metric's expression (the grammar of parseMetricExpression) into a term:
 * arithmetic over aggregates over arithmetic over columns. Anything it cannot read is "unknown":
 * not additive, no unit, which is the safe reading.
 */
function expressionTerm(expression: string, column: (name: string) => Term): Term {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < expression.length && (m = TOKEN.exec(expression))) tokens.push(m[0].trim());
  if (tokens.join('').length !== expression.replace(/\s+/g, '').length) return UNKNOWN;
  let i = 0;
  const peek = (): string => tokens[i]?.toUpperCase() ?? '';
  const take = (expected?: string): string => {
    const t = tokens[i++];
    if (t === undefined || (expected && t.toUpperCase() !== expected)) throw new Error('unexpected');
    return t;
  };
  const expr = (): Term => {
    let left = term();
    while (peek() === '+' || peek() === '-') left = combine(take(), left, term());
    return left;
  };
  const term = (): Term => {
    let left = factor();
    while (peek() === '*' || peek() === '/') left = combine(take(), left, factor());
    return left;
  };
  const factor = (): Term => {
    const t = peek();
    if (t === '-') {
      take();
      const f = factor();
      return f.constant !== null ? { ...f, constant: -f.constant } : f;
    }
    if (t === '(') {
      take();
      const e = expr();
      take(')');
      return e;
    }
    if (/^\d/.test(t)) return { ...UNKNOWN, aggregate: false, constant: Number(take()), additive: 'yes' };
    if (t.startsWith('"')) return column(take().slice(1, -1).replace(/""/g, '"'));
    if (t === 'NULL') {
      take();
      return { ...UNKNOWN, aggregate: false, constant: 0 };
    }
    if (t === 'CASE') return caseTerm();
    if (['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'].includes(t)) {
      take();
      take('(');
      const distinct = peek() === 'DISTINCT';
      if (distinct) take();
      let inner: Term | null = null;
      if (peek() === '*') take();
      else inner = expr();
      take(')');
      return aggregateTerm(t, distinct, inner);
    }
    if (t === 'NULLIF' || t === 'COALESCE') {
      take();
      take('(');
      const first = expr();
      while (peek() === ',') {
        take();
        expr();
      }
      take(')');
      return first;
    }
    throw new Error('unexpected');
  };
  // CASE WHEN … THEN a ELSE b END: a 0/1 indicator when its results are only 0 and 1.
  const caseTerm = (): Term => {
    take('CASE');
    const results: Term[] = [];
    let depth = 0;
    while (i < tokens.length) {
      const t = peek();
      if (t === 'END' && depth === 0) break;
      if (t === 'CASE') depth++;
      if (t === 'END') depth--;
      if ((t === 'THEN' || t === 'ELSE') && depth === 0) {
        take();
        results.push(expr());
        continue;
      }
      take();
    }
    take('END');
    const zeroOne = results.length > 0 && results.every((r) => r.constant === 0 || r.constant === 1);
    return zeroOne
      ? { ...UNKNOWN, aggregate: false, additive: 'yes', indicator: true }
      : { ...UNKNOWN, aggregate: false };
  };
  try {
    const result = expr();
    return i === tokens.length ? result : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

/**
 * The semantics of one measure of a plan, from its aggregate, its column or its metric; a ratio's
 * from both of its parts. A format the plan names (a percentage) is taken as said.
 */
export function measureSemantics(
  measure: TMeasure,
  model: SemanticModel,
  options: { share?: boolean; currency?: string } = {},
): MeasureSemantics {
  const currency = options.currency ?? 'USD';
  const own = termOf(measure, model, currency);
  const t = measure.over ? combine('/', own.term, termOf(measure.over, model, currency).term) : own.term;
  if (options.share) return { additive: 'no', unit: 'ratio', rateNamed: true, proportion: true };
  if (measure.format === 'percent')
    return { additive: 'no', unit: 'ratio', rateNamed: true, proportion: true };
  const unit = measure.format === 'currency' ? 'money' : t.unit;
  return {
    additive: measure.over ? 'no' : t.additive,
    unit,
    rateNamed: isRateNamed(...own.words),
    proportion: t.proportion,
    currency: unit === 'money' ? (t.currency ?? currency) : undefined,
  };
}

function termOf(
  measure: TBaseMeasure,
  model: SemanticModel,
  currency: string,
): { term: Term; words: string[] } {
  const findColumn = (table: string, name: string) =>
    model.tables.find((t) => t.name === table)?.columns.find((c) => c.name === name);
  if (measure.metric) {
    const metric = model.metrics.find((x) => x.name === measure.metric);
    if (!metric) return { term: UNKNOWN, words: [measure.label] };
    return {
      term: expressionTerm(metric.expression, (name) => columnTerm(findColumn(metric.table, name), currency)),
      words: [metric.name, metric.label, metric.definition],
    };
  }
  const column = measure.column ? findColumn(measure.column.table, measure.column.column) : undefined;
  // A median or percentile is of the values' unit and does not add up, as an average.
  const agg = measure.agg === 'count_distinct' ? 'COUNT' : measure.agg.toUpperCase();
  const term = aggregateTerm(
    agg,
    measure.agg === 'count_distinct',
    measure.agg === 'count' ? null : columnTerm(column, currency),
  );
  return { term, words: [measure.label, ...(column ? [column.name, column.label] : [])] };
}

/**
 * How a measure's values are shown. Money in its currency. A percentage when the value is a
 * fraction: a share of total, a proportion of rows, a ratio named as a rate/margin/share, or a
 * rate-named column whose values all lie within ±1 (a discount of 0.15, not an interest rate
 * of 3.5). Everything else is a plain number.
 */
export function formatFor(semantics: MeasureSemantics, values: (number | null)[]): TValueFormat {
  if (semantics.unit === 'money') return { style: 'currency', currency: semantics.currency ?? 'USD' };
  if (semantics.unit === 'ratio') {
    const fractions = values.every((v) => v === null || Math.abs(v) <= 1);
    if (semantics.proportion || (semantics.rateNamed && fractions)) return { style: 'percent' };
  }
  return { style: 'number' };
}
