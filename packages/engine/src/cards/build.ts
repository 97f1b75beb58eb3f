import { createHash } from 'node:crypto';
import type { TCard, TCardAction, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { formatNumber, narrativeFacts } from './narrative';

export interface CardInput {
  plan: TQueryPlan;
  model: SemanticModel;
  reading: string;
  columns: string[];
  rows: unknown[][];
  /** The same measures over the comparison period, when the plan compares periods. */
  previous?: unknown[] | null;
  followUps: TCardAction[];
  narrative?: string[];
}

const idOf = (kind: string, reading: string): string =>
  `${kind}-${createHash('sha1').update(reading).digest('hex').slice(0, 10)}`;
/** Drops binary floating-point noise (369987.94000000024 → 369987.94) without rounding real digits. */
const clean = (n: number): number =>
  Number.isInteger(n) || !Number.isFinite(n) ? n : Number(n.toPrecision(12));
const cell = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'number'
      ? clean(v)
      : typeof v === 'boolean' || typeof v === 'string'
        ? v
        : String(v);
const num = (v: unknown): number | null =>
  typeof v === 'number'
    ? clean(v)
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? clean(Number(v))
      : null;

function metricCard(input: CardInput): TCard {
  const row = input.rows[0] ?? [];
  return {
    type: 'metric',
    data: {
      id: idOf('metric', input.reading),
      title: input.reading,
      metrics: input.plan.measures.map((m, i) => {
        const value = num(row[i]);
        const before = input.previous ? num(input.previous[i]) : null;
        const change =
          value !== null && before !== null && before !== 0 ? (value - before) / Math.abs(before) : null;
        return {
          label: m.label,
          value: value ?? (row[i] === undefined ? null : String(row[i])),
          change,
          trend: change === null ? 'neutral' : change > 0 ? 'up' : change < 0 ? 'down' : 'neutral',
        };
      }),
    },
  };
}

function chartCard(input: CardInput): TCard | null {
  const { plan, rows, columns } = input;
  const dims = plan.dimensions.length;
  if (plan.intent === 'correlation' && plan.columns.length === 2) {
    const points = rows
      .map((r) => [num(r[0]), num(r[1])])
      .filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
    return {
      type: 'chart',
      data: {
        id: idOf('chart', input.reading),
        title: input.reading,
        options: {
          chart: { type: 'scatter' },
          series: [{ name: `${columns[0]} vs ${columns[1]}`, data: points }],
        },
      },
    };
  }
  if (dims === 2 && plan.measures.length === 1 && rows.length >= 2) return pivotChart(input);
  if (dims !== 1 || !plan.measures.length || rows.length < 2) return null;
  const time = plan.dimensions[0]!.grain !== undefined;
  const type = time ? 'line' : plan.share && rows.length <= 6 ? 'pie' : 'bar';
  return {
    type: 'chart',
    data: {
      id: idOf('chart', input.reading),
      title: input.reading,
      interpretation: input.narrative?.[0],
      options: {
        chart: { type },
        xAxis: { categories: rows.map((r) => String(r[0] ?? '(empty)').slice(0, 10 * 4)), title: columns[0] },
        yAxis: { title: columns[1] },
        series: plan.measures.map((m, i) => ({ name: m.label, data: rows.map((r) => num(r[1 + i])) })),
      },
    },
  };
}

/** Most series a two-dimension chart draws; the table keeps every row. */
const MAX_SERIES = 8;

/**
 * Two dimensions and one measure ("revenue by region and by month"): the time dimension (else
 * the first) on the x axis, one series per value of the other, ranked by total.
 */
function pivotChart(input: CardInput): TCard | null {
  const { plan, rows, columns } = input;
  const timeIndex = plan.dimensions.findIndex((d) => d.grain !== undefined);
  const xi = timeIndex >= 0 ? timeIndex : 0;
  const si = xi === 0 ? 1 : 0;
  const label = (v: unknown) => String(v ?? '(empty)').slice(0, 40);
  const xs = [...new Set(rows.map((r) => label(r[xi])))];
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(label(r[si]), (totals.get(label(r[si])) ?? 0) + (num(r[2]) ?? 0));
  const seriesNames = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SERIES)
    .map(([name]) => name);
  if (xs.length < 2 || seriesNames.length === 0) return null;
  const cellOf = new Map(rows.map((r) => [`${label(r[xi])}\u0000${label(r[si])}`, num(r[2])]));
  return {
    type: 'chart',
    data: {
      id: idOf('chart', input.reading),
      title: input.reading,
      interpretation: input.narrative?.[0],
      options: {
        chart: { type: timeIndex >= 0 ? 'line' : 'bar' },
        xAxis: { categories: xs, title: columns[xi] },
        yAxis: { title: columns[2] },
        series: seriesNames.map((name) => ({
          name,
          data: xs.map((x) => cellOf.get(`${x}\u0000${name}`) ?? null),
        })),
      },
    },
  };
}

function tableCard(input: CardInput): TCard {
  const keys = input.columns.map((c, i) => ({ key: `c${i}`, header: c }));
  return {
    type: 'table',
    data: {
      id: idOf('table', input.reading),
      title: input.reading,
      summary: `${formatNumber(input.rows.length)} rows`,
      columns: keys,
      data: input.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k.key, cell(r[i])]))),
    },
  };
}

/** The cards of an answer, in the order the conversation shows them. */
export function buildCards(input: CardInput): TCard[] {
  const cards: TCard[] = [];
  const single =
    input.plan.measures.length > 0 && input.plan.dimensions.length === 0 && input.rows.length === 1;
  if (single) cards.push(metricCard(input));
  const chart = chartCard(input);
  if (chart) cards.push(chart);
  if (!single) cards.push(tableCard(input));
  const facts = input.narrative ?? narrativeFacts(input.plan, input.columns, input.rows);
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
