import type { TQueryPlan } from '@catalyst/contracts';

export const formatNumber = (v: number): string =>
  Number.isInteger(v) ? v.toLocaleString('en-US') : v.toLocaleString('en-US', { maximumFractionDigits: 2 });

const asNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : null;

/**
 * Facts computed from the result, worded: total, biggest contributor and its share, growth
 * over a time series, outliers. Every number here is read from `rows`.
 */
export function narrativeFacts(plan: TQueryPlan, columns: string[], rows: unknown[][]): string[] {
  const facts: string[] = [];
  const dims = plan.dimensions.length;
  if (!plan.measures.length) {
    facts.push(
      `${formatNumber(rows.length)} ${rows.length === 1 ? 'row matches' : 'rows match'} the question.`,
    );
    return facts;
  }
  const label = columns[dims] ?? 'value';
  const values = rows.map((r) => asNumber(r[dims]));
  if (!dims) {
    const v = values[0];
    if (v !== null && v !== undefined) facts.push(`**${label}** is ${formatNumber(v)}.`);
    return facts;
  }
  const numeric = values.filter((v): v is number => v !== null);
  if (!numeric.length) return facts;
  const additive = ['count', 'sum'].includes(plan.measures[0]!.agg) && !plan.share;
  const total = numeric.reduce((a, b) => a + b, 0);
  if (additive)
    facts.push(
      `${label.startsWith('Total') ? label : `Total ${label}`}: ${formatNumber(total)} across ${formatNumber(rows.length)} groups of ${columns[0] ?? 'rows'}.`,
    );
  const timeSeries = plan.dimensions[0]?.grain !== undefined;
  if (timeSeries && numeric.length >= 2) {
    const first = numeric[0]!;
    const last = numeric[numeric.length - 1]!;
    if (first !== 0)
      facts.push(
        `${label} went from ${formatNumber(first)} to ${formatNumber(last)} (${last >= first ? '+' : ''}${formatNumber(Math.round(((last - first) / Math.abs(first)) * 1000) / 10)} %).`,
      );
  } else {
    let best = 0;
    values.forEach((v, i) => {
      if (v !== null && (values[best] === null || v > (values[best] as number))) best = i;
    });
    const top = values[best];
    if (top !== null && top !== undefined) {
      const share =
        additive && total > 0
          ? ` (${formatNumber(Math.round((top / total) * 1000) / 10)} % of the total)`
          : '';
      facts.push(`Biggest: **${String(rows[best]![0])}** with ${formatNumber(top)}${share}.`);
    }
  }
  if (numeric.length >= 5) {
    const mean = total / numeric.length;
    const sd = Math.sqrt(numeric.reduce((a, v) => a + (v - mean) ** 2, 0) / numeric.length);
    const outliers = rows.filter(
      (_, i) => sd > 0 && values[i] !== null && Math.abs(((values[i] as number) - mean) / sd) > 2.5,
    );
    if (outliers.length)
      facts.push(
        `Outliers: ${outliers
          .slice(0, 3)
          .map((r) => `${String(r[0])} (${formatNumber(asNumber(r[dims]) ?? 0)})`)
          .join(', ')}.`,
      );
  }
  return facts;
}
