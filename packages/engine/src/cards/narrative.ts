import {
  GRAIN_PLURAL,
  addDays,
  bucketLabel,
  formatChange,
  formatNumber,
  formatValue,
  shortDay,
  toDay,
} from './format';
import { num, type MeasureView, type ResultView } from './result';

/**
 * "What the data says": each sentence kind states one kind of fact and is written only when its
 * precondition holds for the result's grouping and measure semantics — a total only of an additive
 * measure over a complete result, a first→last change only along time within one series, shares
 * only of additive measures, cells (not groups) when there are two or more dimensions, and no
 * partial period in a high, low or change. Every number is read from the rows.
 */
type SentenceKind =
  | 'rows'
  | 'value'
  | 'period-change'
  | 'no-comparison'
  | 'total'
  | 'group-leader'
  | 'extremes'
  | 'share'
  | 'trend'
  | 'partial-period'
  | 'outliers';

export interface Sentence {
  kind: SentenceKind;
  text: string;
}

const fmt = (v: number, m: MeasureView): string => formatValue(v, m.format);
const name = (view: ResultView, r: number): string => view.labels[r]!.join(' · ');
const timeDim = (view: ResultView) => view.dims.find((d) => d.grain);
const additiveHere = (view: ResultView, m: MeasureView): boolean =>
  m.semantics.additive === 'yes' || (m.semantics.additive === 'not-over-time' && !timeDim(view));

/** Rows whose first measure is a number, leaving out partial periods. */
function comparable(view: ResultView, m: MeasureView): { r: number; v: number }[] {
  return view.rows.flatMap((row, r) => {
    const v = num(row[m.index]);
    return v === null || view.partial[r] ? [] : [{ r, v }];
  });
}

function what(view: ResultView, count: number): string {
  const t = timeDim(view);
  if (view.dims.length === 1 && t?.grain) return `${count} ${GRAIN_PLURAL[t.grain]}`;
  if (view.dims.length === 1) return `${count} ${view.dims[0]!.label} values`;
  return `${count} ${view.dims.map((d) => d.label).join(' · ')} combinations`;
}

// Precondition: a listing (no measures).
function rows(view: ResultView): string[] {
  if (view.plan.measures.length) return [];
  const n = view.rows.length;
  if (!view.complete) return [`The first ${formatNumber(n)} matching rows are shown.`];
  return [`${formatNumber(n)} ${n === 1 ? 'row matches' : 'rows match'} the question.`];
}

// Precondition: one figure per measure (no dimensions, one row).
function value(view: ResultView): string[] {
  if (view.dims.length || view.rows.length !== 1) return [];
  const row = view.rows[0]!;
  const when = view.period
    ? ` for ${view.period.text}${view.period.unfinished ? ` (${view.period.unfinished})` : ''}`
    : '';
  return view.measures.flatMap((m) => {
    const v = num(row[m.index]);
    return v === null ? [] : [`**${m.label}** is ${fmt(v, m)}${when}.`];
  });
}

// Precondition: a single figure and its value over the comparison period (same length of days).
function periodChange(view: ResultView): string[] {
  if (view.dims.length || view.rows.length !== 1 || !view.previous) return [];
  return view.measures.flatMap((m, i) => {
    const now = num(view.rows[0]![m.index]);
    const before = view.previous!.values[i] ?? null;
    if (now === null || before === null) return [];
    const change = formatChange(before, now, m.format);
    if (!change) return [];
    const head = view.measures.length > 1 ? `${m.label}: ` : '';
    const then = `${fmt(before, m)} in ${view.previous!.text}`;
    if (change.startsWith('±')) return [`${head}About the same as ${then}.`];
    return [`${head}${change.startsWith('+') ? 'Up' : 'Down'} ${change.slice(1)} from ${then}.`];
  });
}

// Precondition: the question asked for a comparison that could not be computed.
function noComparison(view: ResultView): string[] {
  // A single figure against a named period the data only partly covers (answer/present.ts).
  if (view.plan.comparisonRange && !view.dims.length)
    return view.previous?.values.every((v) => v === null)
      ? [`The data does not cover all of ${view.previous.text}: no change is shown.`]
      : [];
  if (!view.plan.comparison) return [];
  const against = view.plan.comparison === 'previous_year' ? 'a year earlier' : 'the previous period';
  // A breakdown with a whole period shows the compared period's figures in columns of its own.
  if (view.dims.length)
    return view.derived.some((c) => c.kind === 'compared')
      ? []
      : [`The comparison with ${against} is not shown: the question names no whole period to compare.`];
  if (!view.previous)
    return [`The comparison with ${against} is not shown: the question names no period to compare.`];
  if (view.previous.values.every((v) => v === null))
    return [`There is no data for ${view.previous.text} to compare with.`];
  return [];
}

// Precondition: an additive measure (summable over these dimensions) over a complete result.
function total(view: ResultView): string[] {
  const m = view.measures[0];
  if (!m || !view.dims.length || !view.complete || !additiveHere(view, m)) return [];
  const values = view.rows.map((r) => num(r[m.index])).filter((v): v is number => v !== null);
  if (values.length < 2) return [];
  const sum = values.reduce((a, b) => a + b, 0);
  return [`**${m.label}** across all ${what(view, view.rows.length)}: ${fmt(sum, m)}.`];
}

// Precondition: two or more dimensions, an additive measure, a complete result: group totals
// are sums of cells, so the largest group is named only when summing is valid.
function groupLeader(view: ResultView): string[] {
  const m = view.measures[0];
  if (!m || view.dims.length < 2 || !view.complete || !additiveHere(view, m)) return [];
  const g = view.dims.find((d) => !d.grain) ?? view.dims[0]!;
  const others = view.dims.filter((d) => d !== g);
  const sums = new Map<string, number>();
  view.rows.forEach((row, r) => {
    const v = num(row[m.index]);
    if (v !== null) sums.set(view.labels[r]![g.index]!, (sums.get(view.labels[r]![g.index]!) ?? 0) + v);
  });
  if (sums.size < 2) return [];
  const [top, value] = [...sums.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const over = others.map((d) => (d.grain ? `all ${GRAIN_PLURAL[d.grain]}` : `all ${d.label} values`));
  return [`Adding up ${over.join(' and ')}, the largest ${g.label} is **${top}** with ${fmt(value, m)}.`];
}

// Precondition: at least two comparable rows (cells when there are several dimensions) that
// differ. "Lowest" only when no row was cut off below, "highest" only when none was cut above.
function extremes(view: ResultView): string[] {
  const m = view.measures[0];
  if (!m || !view.dims.length) return [];
  const points = comparable(view, m);
  if (points.length < 2) return [];
  const max = Math.max(...points.map((p) => p.v));
  const min = Math.min(...points.map((p) => p.v));
  if (max === min) return [];
  const first = view.plan.order[0];
  const orderedBy = first?.kind === 'measure' && (first.index ?? 0) === 0 ? first.dir : null;
  const showHigh = view.complete || orderedBy === 'desc';
  const showLow = view.complete || orderedBy === 'asc';
  const t = timeDim(view);
  const noun = view.dims.length > 1 ? ' cell' : t?.grain ? ` ${GRAIN_PLURAL[t.grain].replace(/s$/, '')}` : '';
  const at = (v: number) =>
    points
      .filter((p) => p.v === v)
      .slice(0, 3)
      .map((p) => `**${name(view, p.r)}**`)
      .join(', ');
  const parts = [
    showHigh ? `Highest${noun}: ${at(max)} (${fmt(max, m)})` : '',
    showLow ? `${showHigh ? 'lowest' : `Lowest${noun}`}: ${at(min)} (${fmt(min, m)})` : '',
  ].filter(Boolean);
  return parts.length ? [`${parts.join('; ')}.`] : [];
}

// Precondition: one categorical dimension, an additive measure with no negative values, a
// complete result, and not already a share-of-total answer.
function share(view: ResultView): string[] {
  const m = view.measures[0];
  if (!m || view.dims.length !== 1 || timeDim(view) || !view.complete || view.plan.share) return [];
  if (m.semantics.additive === 'no') return [];
  const points = comparable(view, m);
  if (points.length < 2 || points.some((p) => p.v < 0)) return [];
  const sum = points.reduce((a, p) => a + p.v, 0);
  const top = points.reduce((a, p) => (p.v > a.v ? p : a));
  if (sum <= 0) return [];
  const pct = formatValue(top.v / sum, { style: 'percent' });
  return [`**${name(view, top.r)}** accounts for ${pct} of ${m.label}.`];
}

// Precondition: a time dimension and every period of it (not a top N of periods); first→last is
// compared within one series (per value of the other dimension when there are two), between
// complete periods only.
function trend(view: ResultView): string[] {
  const m = view.measures[0];
  const t = timeDim(view);
  if (!m || !t || view.dims.length > 2 || !view.complete) return [];
  const other = view.dims.find((d) => d !== t);
  const series = new Map<string, { r: number; v: number; at: number }[]>();
  for (const p of comparable(view, m)) {
    const at = toDay(view.rows[p.r]![t.index])?.getTime();
    if (at === undefined) continue;
    const key = other ? view.labels[p.r]![other.index]! : '';
    series.set(key, [...(series.get(key) ?? []), { ...p, at }]);
  }
  const lines = [...series.entries()]
    .map(([key, ps]) => ({ key, ps: ps.sort((a, b) => a.at - b.at) }))
    .filter((s) => s.ps.length >= 2)
    .sort((a, b) => b.ps[b.ps.length - 1]!.v - a.ps[a.ps.length - 1]!.v)
    .slice(0, 3);
  return lines.map(({ key, ps }) => {
    const a = ps[0]!;
    const b = ps[ps.length - 1]!;
    const when = (p: { at: number }) => bucketLabel(new Date(p.at), t.grain!);
    const change = formatChange(a.v, b.v, m.format);
    return `${key ? `**${key}**: ` : ''}${m.label} went from ${fmt(a.v, m)} in ${when(a)} to ${fmt(b.v, m)} in ${when(b)}${change ? ` (${change.startsWith('±') ? 'no change' : change})` : ''}.`;
  });
}

// Precondition: a time bucket the data only partly covers.
function partialPeriod(view: ResultView): string[] {
  const t = timeDim(view);
  if (!t?.grain || !view.coverage) return [];
  const last = (d: Date) => shortDay(addDays(d, -1));
  const parts = view.rows.flatMap((row, r) => {
    const day = toDay(row[t.index]);
    const edge = view.partial[r];
    if (!edge || !day) return [];
    const data =
      edge === 'end' ? `data to ${last(view.coverage!.to!)}` : `data from ${shortDay(view.coverage!.from!)}`;
    return [`${bucketLabel(day, t.grain!)} (${data})`];
  });
  if (!parts.length) return [];
  return [
    `Partial ${GRAIN_PLURAL[t.grain]}: ${[...new Set(parts)].join(', ')}; left out of highs, lows and changes.`,
  ];
}

// Precondition: one dimension, a complete result with at least 8 comparable values, and a value
// more than 2.5 standard deviations from their mean.
function outliers(view: ResultView): string[] {
  const m = view.measures[0];
  if (!m || view.dims.length !== 1 || !view.complete) return [];
  const points = comparable(view, m);
  if (points.length < 8) return [];
  const mean = points.reduce((a, p) => a + p.v, 0) / points.length;
  const sd = Math.sqrt(points.reduce((a, p) => a + (p.v - mean) ** 2, 0) / points.length);
  if (sd === 0) return [];
  const far = points.filter((p) => Math.abs(p.v - mean) / sd > 2.5).slice(0, 3);
  const list = (ps: typeof far) => ps.map((p) => `**${name(view, p.r)}** (${fmt(p.v, m)})`).join(', ');
  const high = far.filter((p) => p.v > mean);
  const low = far.filter((p) => p.v < mean);
  return [
    high.length ? `Unusually high: ${list(high)}.` : '',
    low.length ? `Unusually low: ${list(low)}.` : '',
  ].filter(Boolean);
}

const KINDS: [SentenceKind, (view: ResultView) => string[]][] = [
  ['rows', rows],
  ['value', value],
  ['period-change', periodChange],
  ['total', total],
  ['group-leader', groupLeader],
  ['extremes', extremes],
  ['share', share],
  ['trend', trend],
  ['outliers', outliers],
  ['partial-period', partialPeriod],
  ['no-comparison', noComparison],
];

/** The sentences that hold for this result, in reading order. */
export function narrate(view: ResultView): Sentence[] {
  return KINDS.flatMap(([kind, write]) => write(view).map((text) => ({ kind, text })));
}

/** The sentences' texts (the facts an LLM may reword, and the text card's content). */
export function narrativeFacts(view: ResultView): string[] {
  return narrate(view).map((s) => s.text);
}
