/**
 * Driver analysis: which values of which attributes explain the change of a measure between two
 * sets of rows. For a sum, each value's contribution is its own change (contributions add up to
 * the total delta exactly). For a ratio (numerator / denominator), the change of each value is
 * split into a mix part (its share of the denominator moved) and a rate part (its own ratio
 * moved); mix + rate of all values add up to the total change of the ratio.
 */
export type Row = Record<string, unknown>;

export interface DriverContribution {
  attribute: string;
  value: string;
  before: number;
  after: number;
  /** Part of the total change of the measure this value explains (unit of the measure). */
  contribution: number;
  /** contribution / total delta (signed; 0 when the total did not move). */
  share: number;
  /**
   * The value's usual part of the measure before the change: of a sum, its share of the total; of
   * a ratio, its share of the denominator. A change spread in proportion to size gives each value
   * a `share` near its `usual`.
   */
  usual: number;
  /** Ratio measures only: contribution from the value's weight changing. */
  mix?: number;
  /** Ratio measures only: contribution from the value's own ratio changing. */
  rate?: number;
}

export interface ExplainChangeInput {
  before: Row[];
  after: Row[];
  /** A column to sum, or a ratio of two summed columns. */
  measure: string | { numerator: string; denominator: string };
  attributes: string[];
}

export interface ExplainChangeResult {
  before: number;
  after: number;
  delta: number;
  /** Per attribute, its values ranked by |contribution|. */
  byAttribute: Record<string, DriverContribution[]>;
  /** All values of all attributes ranked by |contribution|. */
  ranked: DriverContribution[];
}

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};

function totals(rows: Row[], attribute: string, col: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const key = String(r[attribute] ?? '(blank)');
    m.set(key, (m.get(key) ?? 0) + num(r[col]));
  }
  return m;
}

const sum = (rows: Row[], col: string) => rows.reduce((s, r) => s + num(r[col]), 0);

export function explainChange(input: ExplainChangeInput): ExplainChangeResult {
  const { before, after, measure, attributes } = input;
  const ratio = typeof measure === 'string' ? null : measure;
  const value = (rows: Row[]) => {
    if (!ratio) return sum(rows, measure as string);
    const d = sum(rows, ratio.denominator);
    return d === 0 ? 0 : sum(rows, ratio.numerator) / d;
  };
  const b = value(before);
  const a = value(after);
  const delta = a - b;
  const byAttribute: Record<string, DriverContribution[]> = {};
  for (const attribute of attributes) {
    let list: DriverContribution[];
    if (!ratio) {
      const mb = totals(before, attribute, measure as string);
      const ma = totals(after, attribute, measure as string);
      const keys = new Set([...mb.keys(), ...ma.keys()]);
      const base = [...mb.values()].reduce((a, v) => a + Math.max(0, v), 0);
      list = [...keys].map((k) => {
        const x = mb.get(k) ?? 0;
        const y = ma.get(k) ?? 0;
        const usual = base ? Math.max(0, x) / base : 0;
        return { attribute, value: k, before: x, after: y, contribution: y - x, share: 0, usual };
      });
    } else {
      const nb = totals(before, attribute, ratio.numerator);
      const na = totals(after, attribute, ratio.numerator);
      const db = totals(before, attribute, ratio.denominator);
      const da = totals(after, attribute, ratio.denominator);
      const Db = sum(before, ratio.denominator);
      const Da = sum(after, ratio.denominator);
      const keys = new Set([...nb.keys(), ...na.keys(), ...db.keys(), ...da.keys()]);
      list = [...keys].map((k) => {
        const wb = Db ? (db.get(k) ?? 0) / Db : 0;
        const wa = Da ? (da.get(k) ?? 0) / Da : 0;
        const rb = db.get(k) ? (nb.get(k) ?? 0) / db.get(k)! : 0;
        const ra = da.get(k) ? (na.get(k) ?? 0) / da.get(k)! : 0;
        // Symmetric split (midpoint weights): mix + rate sums exactly to wa*ra - wb*rb, whose
        // sum over values is the change of the overall ratio. A value absent on one side takes
        // the other side's rate so that its appearance counts as mix, not rate.
        const rbx = db.get(k) ? rb : ra;
        const rax = da.get(k) ? ra : rb;
        const mix = (wa - wb) * ((rbx + rax) / 2) - ((b + a) / 2) * (wa - wb);
        const rate = ((wa + wb) / 2) * (rax - rbx);
        return {
          attribute,
          value: k,
          before: rb,
          after: ra,
          contribution: mix + rate,
          share: 0,
          usual: wb,
          mix,
          rate,
        };
      });
    }
    for (const d of list) d.share = delta === 0 ? 0 : d.contribution / delta;
    byAttribute[attribute] = list.sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
  }
  const ranked = Object.values(byAttribute)
    .flat()
    .sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution));
  return { before: b, after: a, delta, byAttribute, ranked };
}

/**
 * The values that explain a change: their part in it is clearly larger than their usual part of
 * the measure (by 15 points, and half as large again: the value moved at least 1.5 times as much
 * as the whole, which the noise of a segment's expected value alone rarely does). A value that
 * carries 40 % of a drop while it makes 40 % of the business only reflects its size. Largest
 * excess first; empty when the change is spread in proportion to size.
 */
export function standoutDrivers<T extends Pick<DriverContribution, 'share' | 'usual'>>(drivers: T[]): T[] {
  return drivers
    .filter((d) => d.share > 0 && d.share - d.usual >= 0.15 && d.share >= 1.5 * d.usual)
    .sort((a, b) => b.share - b.usual - (a.share - a.usual));
}
