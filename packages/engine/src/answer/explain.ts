import type { TCard, TColumnRef, TMeasure, TQueryPlan, TTimeGrain, TTimeRange } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import type { Warehouse } from '../warehouse';
import { understand } from '../understand/parse';
import type { ExplainQuestion } from '../understand/why';
import { formatFor, measureSemantics } from '../cards/semantics';
import { isMoneyColumn } from '../cards/words';
import { formatValue, rangeText } from '../cards/format';
import { standoutDrivers, type DriverContribution } from '../insights/drivers';
import { executePlan } from './execute';
import { previousRange } from './periods';

/**
 * Answers to "why did X move", "which Y is underperforming" and "how did X develop". The first
 * two compare the question's period (else the latest complete month before the data's end) with
 * the period just before it, measured the same way, and split the change by the question's group
 * or by the few attributes that split the rows into a handful of groups: for a sum, each value's
 * part of the change beside its usual part of the total (the Decision Hub's driver rule); for an
 * average or a ratio, each value's own change, never parts that do not add up. The third is a
 * trend over the time column.
 */

export interface ExplainInput {
  model: SemanticModel;
  warehouse: Warehouse;
  now: Date;
  currency?: string;
  timeoutMs?: number;
}

export interface Explained {
  plan: TQueryPlan;
  reading: string;
  cards: TCard[];
  sql: string;
  params: unknown[];
  periods: string[];
  tables: string[];
  columns: string[];
  rows: unknown[][];
}

/** At most this many attributes are split when the question names none. */
const MAX_ATTRIBUTES = 6;
/** An attribute is split only when its rows fall into this many groups or fewer. */
const MAX_GROUPS = 25;

const DAY = 86_400_000;
const day = (s: string) => new Date(`${s.slice(0, 10)}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

function tableOf(model: SemanticModel, name: string) {
  return model.tables.find((t) => t.name === name);
}

/** Tables reachable from `table` through the model's joins (many-to-one steps), itself first. */
function reachable(model: SemanticModel, table: string): string[] {
  const out = [table];
  for (let i = 0; i < out.length; i++)
    for (const j of model.joins)
      if (j.from[0]?.table === out[i] && j.to[0] && !out.includes(j.to[0].table)) out.push(j.to[0].table);
  return out;
}

function timeColumn(model: SemanticModel, plan: TQueryPlan): TColumnRef | null {
  if (plan.timeRange) return plan.timeRange.column;
  const time = tableOf(model, plan.table)?.columns.find((c) => c.isTime);
  return time ? { table: time.table, column: time.name } : null;
}

/** A grain that gives a readable number of points over the range (months when no range is set). */
function grainFor(range: TTimeRange | undefined): TTimeGrain {
  if (!range?.from || !range.to) return 'month';
  const days = (day(range.to).getTime() - day(range.from).getTime()) / DAY;
  return days <= 45 ? 'day' : days <= 190 ? 'week' : days <= 1100 ? 'month' : 'quarter';
}

/** "How did X develop": X over time, one point per period, oldest first. */
export function developmentPlan(plan: TQueryPlan, model: SemanticModel): TQueryPlan | null {
  if (!plan.measures.length) return null;
  if (plan.dimensions.some((d) => d.grain)) return { ...plan, intent: 'trend' };
  const time = timeColumn(model, plan);
  if (!time) return null;
  const label = tableOf(model, time.table)?.columns.find((c) => c.name === time.column)?.label ?? time.column;
  const grain = grainFor(plan.timeRange);
  return {
    ...plan,
    intent: 'trend',
    dimensions: [{ column: time, grain, label: `${label} (${grain})` }, ...plan.dimensions].slice(0, 4),
    order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
    limit: undefined,
    share: false,
    distinct: false,
    columns: [],
  };
}

/** The measure a question about performance is read by when it names none: the main money sum. */
function defaultMeasure(model: SemanticModel, table: string): TMeasure | null {
  const kpis = (tableOf(model, table)?.columns ?? []).filter(
    (c) => c.entityType === 'KPI' && c.kind === 'number' && !c.isKey,
  );
  // Sales first, then any money (fees, costs), then the rest.
  const rank = (c: ModelColumn) =>
    (/revenue|sales|turnover|amount|income/i.test(c.name) ? 2 : 0) + (isMoneyColumn(c) ? 1 : 0);
  const ranked = [...kpis].sort((a, b) => rank(b) - rank(a));
  for (const c of ranked) {
    const measure: TMeasure = { agg: 'sum', column: { table, column: c.name }, label: `Total ${c.label}` };
    if (measureSemantics(measure, model).additive === 'yes') return measure;
  }
  return null;
}

/**
 * The fact table a question without a measure is about: the one with the most rows, a KPI and a
 * date (a change is between periods: a product list with a price has none).
 */
function factTable(model: SemanticModel, preferred: string): string {
  const withKpi = model.tables.filter(
    (t) => t.columns.some((c) => c.entityType === 'KPI' && !c.isKey) && t.columns.some((c) => c.isTime),
  );
  if (withKpi.some((t) => t.name === preferred)) return preferred;
  return [...withKpi].sort((a, b) => (b.rowCount ?? 0) - (a.rowCount ?? 0))[0]?.name ?? preferred;
}

const groupable = (c: ModelColumn) =>
  c.entityType === 'ATTRIBUTE' &&
  c.kind === 'text' &&
  !c.isKey &&
  !c.isTime &&
  c.values.length >= 2 &&
  c.values.length <= MAX_GROUPS &&
  (c.distinctCount === null || c.distinctCount <= MAX_GROUPS);

const words = (s: string) => s.toLowerCase().replace(/_/g, ' ');

/** The attribute the question names ("which region"), among the groupable columns. */
function namedAttributes(rest: string, candidates: ModelColumn[]): ModelColumn[] {
  const text = ` ${words(rest)} `;
  return candidates.filter((c) =>
    [c.name, c.label, ...c.synonyms].some((n) => {
      const w = words(n).trim();
      return w && new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:e?s)?\\b`).test(text);
    }),
  );
}

interface Split {
  column: ModelColumn;
  /** Each value of the attribute in both periods, its part of the change and its usual part. */
  items: Omit<DriverContribution, 'attribute' | 'mix' | 'rate'>[];
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A measure column the question names without an aggregate ("lagging in profit"): its sum, or its average when it does not add up. */
function namedMeasure(plan: TQueryPlan, model: SemanticModel): TMeasure | null {
  for (const ref of plan.columns) {
    const c = tableOf(model, ref.table)?.columns.find((x) => x.name === ref.column);
    if (!c || c.entityType !== 'KPI' || c.kind !== 'number' || c.isKey) continue;
    const sum: TMeasure = { agg: 'sum', column: ref, label: `Total ${c.label}` };
    return measureSemantics(sum, model).additive === 'yes'
      ? sum
      : { agg: 'avg', column: ref, label: `Average ${c.label}` };
  }
  return null;
}

export async function explainAnswer(q: ExplainQuestion, input: ExplainInput): Promise<Explained | null> {
  const { model, warehouse, now } = input;
  if (q.kind === 'development') return null;
  const base = understand(q.rest, model, now).plan;
  const table = factTable(model, base?.table ?? model.tables[0]?.name ?? '');
  const named = base ? (base.measures[0] ?? namedMeasure(base, model)) : null;
  // Only "which group is doing worse" may be read by the main measure when it names none: a
  // "why" about something the question names but the model does not know gets no stand-in.
  const kpiNamed = base?.columns.some(
    (r) => tableOf(model, r.table)?.columns.find((c) => c.name === r.column)?.entityType === 'KPI',
  );
  const measure = named ?? (q.kind === 'laggards' && !kpiNamed ? defaultMeasure(model, table) : null);
  if (!measure) return null;
  const plan: TQueryPlan = {
    intent: 'value',
    table: measure.column?.table ?? model.metrics.find((m) => m.name === measure.metric)?.table ?? table,
    measures: [measure],
    dimensions: [],
    columns: [],
    distinct: false,
    filters: base?.table === table || !base ? (base?.filters ?? []) : [],
    filterLogic: base?.filterLogic ?? 'and',
    having: [],
    order: [],
    share: false,
  };
  const time = timeColumn(model, { ...plan, timeRange: base?.timeRange });
  if (!time) return null;
  // Without a period: the last four weeks of data against the four weeks before.
  const end = new Date(day(model.dataEnd ?? iso(now)).getTime() + DAY);
  const current: TTimeRange =
    base?.timeRange?.from && base.timeRange.to
      ? base.timeRange
      : {
          column: time,
          from: iso(new Date(end.getTime() - 28 * DAY)),
          to: iso(end),
          label: 'the last 4 weeks',
        };
  const previous = previousRange({ ...plan, timeRange: current, comparison: 'previous_period' });
  if (!previous) return null;

  // The attributes to split by: those the question names, else the handful of small ones.
  const candidates = reachable(model, plan.table)
    .flatMap((t) => tableOf(model, t)?.columns ?? [])
    .filter(groupable)
    .filter((c) => !plan.filters.some((f) => f.column.table === c.table && f.column.column === c.name));
  const asked = namedAttributes(q.rest, candidates);
  if (q.kind === 'laggards' && !asked.length) return null;
  const attributes = (
    asked.length ? asked : [...candidates].sort((a, b) => a.values.length - b.values.length)
  ).slice(0, MAX_ATTRIBUTES);
  if (!attributes.length) return null;

  const run = (range: TTimeRange, column?: ModelColumn) =>
    executePlan(
      {
        ...plan,
        intent: column ? 'breakdown' : 'value',
        timeRange: range,
        dimensions: column
          ? [{ column: { table: column.table, column: column.name }, label: column.label }]
          : [],
      },
      model,
      warehouse,
      { maxRows: MAX_GROUPS * 4, timeoutMs: input.timeoutMs },
    );
  const [totalAfter, totalBefore] = await Promise.all([run(current), run(previous)]);
  const after = num(totalAfter.result.rows[0]?.[0]);
  const before = num(totalBefore.result.rows[0]?.[0]);
  const delta = after - before;
  const semantics = measureSemantics(measure, model, { currency: input.currency });
  const additive = semantics.additive === 'yes';
  const splits: Split[] = [];
  for (const column of attributes) {
    const [a, b] = await Promise.all([run(current, column), run(previous, column)]);
    const of = (rows: unknown[][]) => new Map(rows.map((r) => [String(r[0] ?? '(blank)'), num(r[1])]));
    const ma = of(a.result.rows);
    const mb = of(b.result.rows);
    const base = [...mb.values()].reduce((s, v) => s + Math.max(0, v), 0);
    const items = [...new Set([...mb.keys(), ...ma.keys()])].map((value) => {
      const x = mb.get(value) ?? 0;
      const y = ma.get(value) ?? 0;
      return {
        value,
        before: x,
        after: y,
        contribution: y - x,
        share: delta ? (y - x) / delta : 0,
        usual: base ? Math.max(0, x) / base : 0,
      };
    });
    splits.push({ column, items });
  }

  const format = formatFor(semantics, [after, before]);
  const fmt = (v: number) => formatValue(v, format);
  const signed = (v: number) => `${v < 0 ? '−' : '+'}${fmt(Math.abs(v))}`;
  const pct = (x: number, y: number) =>
    x ? `${y >= x ? '+' : '−'}${Math.abs(Math.round(((y - x) / Math.abs(x)) * 1000) / 10)}%` : 'new';
  const currentText = rangeText(day(current.from!), day(current.to!));
  const previousText = rangeText(day(previous.from!), day(previous.to!));
  const scope = plan.filters
    .filter((f) => f.op === 'eq' || f.op === 'in')
    .map((f) => f.values.join(' or '))
    .join(', ');
  const label = scope ? `${measure.label} in ${scope}` : measure.label;
  const size = (x: number, y: number) => pct(x, y).replace(/^[+−]/, '');
  const lines: string[] = [];

  if (q.kind === 'why') {
    const direction = delta < 0 ? 'down' : delta > 0 ? 'up' : null;
    const moved =
      direction === 'down'
        ? `fell ${size(before, after)}`
        : direction === 'up'
          ? `rose ${size(before, after)}`
          : 'did not change';
    const contrary =
      q.assumed && direction !== q.assumed ? `It did not ${q.assumed === 'down' ? 'fall' : 'rise'}: ` : '';
    lines.push(
      `${contrary}**${label}** ${moved}, from ${fmt(before)} (${previousText}) to ${fmt(after)} (${currentText}).`,
    );
    if (direction && additive) {
      // The attribute whose values stand out most: drivers are named within one attribute, whose
      // parts of the change add up, never mixed across attributes.
      const excess = (d: { share: number; usual: number }) => d.share - d.usual;
      const top = splits
        .map((s) => ({ s, standouts: standoutDrivers(s.items) }))
        .filter((x) => x.standouts.length)
        .sort((x, y) => excess(y.standouts[0]!) - excess(x.standouts[0]!))[0];
      const standouts = top
        ? top.standouts.slice(0, 3).map((d) => ({ ...d, attribute: top.s.column.label }))
        : [];
      if (standouts.length)
        lines.push(
          `What drives it: ${standouts
            .map(
              (d) =>
                `**${d.attribute} ${d.value}** (${signed(d.contribution)}, ${Math.round(d.share * 100)}% of the change; usually ${Math.round(d.usual * 100)}% of ${label})`,
            )
            .join(', ')}.`,
        );
      else
        lines.push(
          `No single ${splits.map((s) => s.column.label).join(', ')} value explains it: each one's part of the change is close to its usual part of ${label}.`,
        );
    } else if (direction) {
      const moves = splits
        .flatMap((s) => s.items.map((i) => ({ ...i, attribute: s.column.label })))
        .filter((i) => i.before && Math.sign(i.after - i.before) === Math.sign(delta))
        .sort((x, y) => Math.abs((y.after - y.before) / y.before) - Math.abs((x.after - x.before) / x.before))
        .slice(0, 3);
      lines.push(
        `${label} is not a sum, so its change is not split into parts.${
          moves.length
            ? ` The largest moves the same way: ${moves.map((m) => `${m.attribute} ${m.value} ${fmt(m.before)} → ${fmt(m.after)}`).join(', ')}.`
            : ''
        }`,
      );
    }
  } else {
    const split = splits[0]!;
    const ranked = [...split.items].sort(
      (x, y) =>
        (x.before ? (x.after - x.before) / Math.abs(x.before) : 0) -
        (y.before ? (y.after - y.before) / Math.abs(y.before) : 0),
    );
    const worse = ranked.filter((i) => i.after < i.before);
    lines.push(
      worse.length
        ? `By ${label}, ${currentText} against ${previousText}: ${worse
            .slice(0, 3)
            .map(
              (i, n) => `${n === 0 ? '**' : ''}${i.value}${n === 0 ? '**' : ''} (${pct(i.before, i.after)})`,
            )
            .join(
              ', ',
            )} did worse than before; ${split.items.length - worse.length} of ${split.items.length} ${split.column.label} values held or grew.`
        : `No ${split.column.label} did worse by ${label}, ${currentText} against ${previousText}; the weakest was **${ranked[0]?.value}** (${pct(ranked[0]?.before ?? 0, ranked[0]?.after ?? 0)}).`,
    );
    lines.push(`In all, ${label} went from ${fmt(before)} to ${fmt(after)} (${pct(before, after)}).`);
  }
  lines.push(`Compared: ${currentText} against the period before, ${previousText}.`);

  const rows = splits.flatMap((s) =>
    s.items
      .sort((x, y) =>
        additive
          ? Math.abs(y.contribution) - Math.abs(x.contribution)
          : x.after - x.before - (y.after - y.before),
      )
      .map((i) => ({
        segment: `${s.column.label}: ${i.value}`,
        before: i.before,
        after: i.after,
        change: i.before ? `${pct(i.before, i.after)}` : 'new',
        ...(additive && { share: `${Math.round(i.share * 100)}%`, usual: `${Math.round(i.usual * 100)}%` }),
      })),
  );
  const title =
    q.kind === 'why' ? `What changed in ${label}` : `${label} by ${splits[0]!.column.label}: who did worse`;
  const cards: TCard[] = [
    { type: 'text', data: { id: 'explain-text', title, content: lines } },
    {
      type: 'table',
      data: {
        id: 'explain-table',
        title: `${label}, ${previousText} → ${currentText}`,
        columns: [
          // The change first: narrow screens show the first columns only.
          { key: 'segment', header: 'Segment' },
          { key: 'change', header: 'Change' },
          ...(additive
            ? [
                { key: 'share', header: 'Share of the change' },
                { key: 'usual', header: 'Usual share' },
              ]
            : []),
          { key: 'before', header: previousText, format },
          { key: 'after', header: currentText, format },
        ],
        data: rows,
      },
    },
  ];
  const explained: TQueryPlan = {
    ...plan,
    intent: 'compare_periods',
    timeRange: current,
    comparison: 'previous_period',
    dimensions: [
      { column: { table: attributes[0]!.table, column: attributes[0]!.name }, label: attributes[0]!.label },
    ],
  };
  return {
    plan: explained,
    reading: `${label}, ${currentText} against ${previousText}, split by ${splits.map((s) => s.column.label).join(', ')}`,
    cards,
    sql: totalAfter.compiled.sql,
    params: totalAfter.compiled.params,
    periods: [`${current.label} = ${currentText}`, `the period before = ${previousText}`],
    tables: [...new Set([...totalAfter.compiled.tables, ...attributes.map((a) => a.table)])],
    columns: ['segment', 'before', 'after'],
    rows: rows.map((r) => [r.segment, r.before, r.after]),
  };
}
