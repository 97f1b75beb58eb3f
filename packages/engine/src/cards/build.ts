import { createHash } from 'node:crypto';
import type { TCard, TCardAction, TValueFormat } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { formatNumber } from './format';
import { narrativeFacts } from './narrative';
import { num, type ResultView } from './result';
import { formatFor, measureSemantics } from './semantics';

export interface CardInput {
  view: ResultView;
  model: SemanticModel;
  /** The plan's reading: the cards' ids are derived from it. */
  reading: string;
  /** The cards' title: the reading without promises the cards cannot keep. */
  title: string;
  followUps: TCardAction[];
  /** Sentences worded by an LLM from the facts, used instead of them. */
  narrative?: string[];
  currency?: string;
}

const idOf = (kind: string, reading: string): string =>
  `${kind}-${createHash('sha1').update(reading).digest('hex').slice(0, 10)}`;
const cell = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'number' || typeof v === 'bigint'
      ? num(v)
      : typeof v === 'boolean' || typeof v === 'string'
        ? v
        : String(v);

function metricCard(input: CardInput): TCard {
  const { view } = input;
  const row = view.rows[0] ?? [];
  const period = view.period;
  return {
    type: 'metric',
    data: {
      id: idOf('metric', input.reading),
      title: input.title,
      description: period ? `${period.text}${period.unfinished ? ` (${period.unfinished})` : ''}` : undefined,
      metrics: view.measures.map((m, i) => {
        const value = num(row[m.index]);
        const before = view.previous ? (view.previous.values[i] ?? null) : null;
        const change =
          value !== null && before !== null && before !== 0 ? (value - before) / Math.abs(before) : null;
        return {
          label: m.label,
          value: value ?? (row[m.index] === undefined ? null : String(row[m.index])),
          format: m.format,
          ...(view.previous ? { previous: before, previousLabel: view.previous.text } : {}),
          change,
          trend:
            value === null || before === null || value === before
              ? 'neutral'
              : value > before
                ? 'up'
                : 'down',
        };
      }),
    },
  };
}

const partialIndexes = (view: ResultView, rows: number[]): number[] | undefined => {
  const xs = rows.flatMap((r, i) => (view.partial[r] ? [i] : []));
  return xs.length ? xs : undefined;
};

function chartCard(input: CardInput): TCard | null {
  const { view } = input;
  const { plan, rows, columns } = view;
  const base = { id: idOf('chart', input.reading), title: input.title, interpretation: input.narrative?.[0] };
  if (plan.intent === 'correlation' && plan.columns.length === 2 && !plan.measures.length) {
    const points = rows
      .map((r) => [num(r[0]), num(r[1])])
      .filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
    return {
      type: 'chart',
      data: {
        ...base,
        interpretation: undefined,
        options: {
          chart: { type: 'scatter' },
          series: [{ name: `${columns[0]} vs ${columns[1]}`, data: points }],
        },
      },
    };
  }
  if (view.dims.length === 2 && view.measures.length === 1 && rows.length >= 2) return pivotChart(input);
  if (view.dims.length !== 1 || !view.measures.length || rows.length < 2) return null;
  const time = view.dims[0]!.grain !== undefined;
  const type = time ? 'line' : plan.share && rows.length <= 6 ? 'pie' : 'bar';
  const first = view.measures[0]!;
  return {
    type: 'chart',
    data: {
      ...base,
      options: {
        chart: { type },
        xAxis: {
          categories: view.labels.map((l) => l[0]!.slice(0, 40)),
          title: columns[0],
          partial: partialIndexes(
            view,
            rows.map((_, r) => r),
          ),
        },
        yAxis: { title: first.label, format: first.format },
        series: view.measures.map((m) => ({
          name: m.label,
          data: rows.map((r) => num(r[m.index])),
          format: m.format,
        })),
      },
    },
  };
}

/** Most series a two-dimension chart draws; the table keeps every row. */
const MAX_SERIES = 8;

/**
 * Two dimensions and one measure ("revenue by region and by month"): the time dimension (else
 * the first) on the x axis, one series per value of the other. Series and categorical x values
 * are ranked by their sum when the measure adds up, else by their mean (a ranking, never shown).
 */
function pivotChart(input: CardInput): TCard | null {
  const { view } = input;
  const m = view.measures[0]!;
  const timeIndex = view.dims.findIndex((d) => d.grain !== undefined);
  const xi = timeIndex >= 0 ? timeIndex : 0;
  const si = xi === 0 ? 1 : 0;
  const rank = (key: (r: number) => string) => {
    const acc = new Map<string, { sum: number; n: number }>();
    view.rows.forEach((row, r) => {
      const v = num(row[m.index]);
      const a = acc.get(key(r)) ?? { sum: 0, n: 0 };
      acc.set(key(r), v === null ? a : { sum: a.sum + v, n: a.n + 1 });
    });
    const score = ({ sum, n }: { sum: number; n: number }) =>
      m.semantics.additive === 'no' ? (n ? sum / n : -Infinity) : sum;
    return [...acc.entries()].sort((a, b) => score(b[1]) - score(a[1])).map(([k]) => k);
  };
  const xLabel = (r: number) => view.labels[r]![xi]!.slice(0, 40);
  const sLabel = (r: number) => view.labels[r]![si]!.slice(0, 40);
  const inOrder = [...new Set(view.rows.map((_, r) => xLabel(r)))];
  const xs = view.dims[xi]!.ordinal ? inOrder : rank(xLabel);
  const seriesNames = rank(sLabel).slice(0, MAX_SERIES);
  if (xs.length < 2 || seriesNames.length === 0) return null;
  const cellOf = new Map(view.rows.map((row, r) => [`${xLabel(r)}\u0000${sLabel(r)}`, num(row[m.index])]));
  const partial = xs.flatMap((x, i) =>
    view.rows.some((_, r) => view.partial[r] && xLabel(r) === x) ? [i] : [],
  );
  return {
    type: 'chart',
    data: {
      id: idOf('chart', input.reading),
      title: input.title,
      interpretation: input.narrative?.[0],
      options: {
        chart: { type: timeIndex >= 0 ? 'line' : 'bar' },
        xAxis: { categories: xs, title: view.columns[xi], partial: partial.length ? partial : undefined },
        yAxis: { title: m.label, format: m.format },
        series: seriesNames.map((name) => ({
          name,
          data: xs.map((x) => cellOf.get(`${x}\u0000${name}`) ?? null),
          format: m.format,
        })),
      },
    },
  };
}

/** Formats of a listing's columns: money and rates read from the columns like measures are. */
function listingFormats(input: CardInput): (TValueFormat | undefined)[] {
  const { view, model } = input;
  return view.plan.columns.map((c, i) => {
    const values = view.rows.map((r) => num(r[i]));
    if (values.every((v) => v === null)) return undefined;
    const semantics = measureSemantics({ agg: 'max', column: c, label: view.columns[i] ?? c.column }, model, {
      currency: input.currency,
    });
    const format = formatFor(semantics, values);
    return format.style === 'number' ? undefined : format;
  });
}

function tableCard(input: CardInput): TCard {
  const { view } = input;
  const formats: (TValueFormat | undefined)[] = view.plan.measures.length
    ? view.columns.map(
        (_, i) =>
          (view.measures.find((m) => m.index === i) ?? view.derived.find((c) => c.index === i))?.format,
      )
    : listingFormats(input);
  const keys = view.columns.map((c, i) => ({
    key: `c${i}`,
    header: c,
    ...(formats[i] ? { format: formats[i] } : {}),
  }));
  const timeDims = new Set(view.dims.filter((d) => d.grain).map((d) => d.index));
  return {
    type: 'table',
    data: {
      id: idOf('table', input.reading),
      title: input.title,
      summary: `${formatNumber(view.rows.length)} rows`,
      columns: keys,
      data: view.rows.map((r, ri) =>
        Object.fromEntries(keys.map((k, i) => [k.key, timeDims.has(i) ? view.labels[ri]![i]! : cell(r[i])])),
      ),
    },
  };
}

/** The cards of an answer, in the order the conversation shows them. */
export function buildCards(input: CardInput): TCard[] {
  const { view } = input;
  const cards: TCard[] = [];
  const single = view.measures.length > 0 && view.dims.length === 0 && view.rows.length === 1;
  if (single) cards.push(metricCard(input));
  const chart = chartCard(input);
  if (chart) cards.push(chart);
  if (!single) cards.push(tableCard(input));
  const facts = input.narrative ?? narrativeFacts(view);
  if (facts.length)
    cards.push({
      type: 'text',
      data: { id: idOf('text', input.reading), title: 'What the data says', content: facts },
    });
  if (input.followUps.length) {
    cards.push({
      type: 'action',
      data: { id: idOf('action', input.reading), title: 'Ask next', actions: input.followUps.slice(0, 3) },
    });
  }
  return cards;
}

/** Asked back when the engine is not sure: its best readings, each one a question to send. */
export function clarificationCard(
  readings: { reading: string; question: string }[],
  question: string,
): TCard {
  return {
    type: 'action',
    data: {
      id: idOf('clarify', question),
      title: 'Did you mean…',
      description: 'I am not sure I understood the question. Pick the reading you meant:',
      actions: readings.slice(0, 3).map((r) => ({ label: r.reading, question: r.question })),
    },
  };
}
