import type { TDimension, TFilter, TMeasure, TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../../model/types';
import { compilePlan } from '../../sql/compile';
import { fixTypos, tokenize, type Token } from '../../nlp/text';
import { findMentions } from '../mentions';
import { findTimeWords, type TimeWords } from '../periods';
import { baseForms } from '../../nlp/wordnet';
import { ACTIVITY_VERBS, MONEY_VERBS } from './words';
import type { Understanding } from '../understanding';
import { BUSINESS_WEIGHTS } from '../weights';
import { derivedValueFilters, flagFilters, presenceFilters, valueFilters } from './conditions';
import { coverage } from './coverage';
import {
  columnOf,
  datesOf,
  doubt,
  explain,
  isDated,
  reachable,
  refOf,
  tableOf,
  type Draft,
  type Said,
} from './draft';
import { isMoneyColumn } from '../../cards/words';
import { measureLabel } from '../measures';
import { groupedBy, implicitGroupings } from './groupings';
import {
  countEntitiesThroughFacts,
  factOf,
  findColumnMeasures,
  findCounts,
  findMetrics,
  eventCount,
  flagCount,
  moneyNounMeasures,
  sharedCount,
  verbMeasure,
  valueOfRows,
  type FoundMeasure,
} from './measures';
import { rank, rankedCount } from './ranking';
import { soldElsewhere } from './measures';
import { shareOf } from './shares';
import { applyPeriods, applyWeekday, chooseTimeColumn } from './time';

// A reader for the questions business people ask of their facts: a measure (a metric, a
// numeric column, a count, what a verb of selling means), what it is split by, which rows
// count, when, and the shape of the answer (ranked, a share). It explains every word it can
// and is as confident as the share of the question it explains allows. Questions of another
// kind (listings of rows, conditions on groups, nested questions) are left to the general
// reader: this one answers null for them.

const MAX_QUESTION_LENGTH = 1000;

export function readBusinessQuestion(
  question: string,
  model: SemanticModel,
  now: Date,
): Understanding | null {
  const text = normalise(question.trim());
  if (!text || text.length > MAX_QUESTION_LENGTH || !hasFacts(model)) return null;
  const tokens = fixTypos(tokenize(text));
  if (!tokens.length) return null;
  // "how many are male and how many are female": two questions in one.
  if (tokens.filter((t, i) => t.text === 'many' && tokens[i - 1]?.text === 'how').length > 1) return null;
  // "… ? Return the id, name and total": a listing of chosen columns is the general reader's.
  if (/[.?!]\s*(?:return|list|show|include|output|display)\b/i.test(text)) return null;
  const time: TimeWords = model.tables.some((t) => t.columns.some((c) => c.isTime))
    ? findTimeWords(text, now)
    : {};
  const d: Draft = {
    text,
    tokens,
    model,
    now,
    time,
    mentions: [],
    explained: new Set(),
    doubts: [],
    measures: [],
    dimensions: [],
    filters: [],
    order: [],
    share: false,
  };
  const timeSpans = [time.period, time.grain, time.comparison, ...(time.compared?.spans ?? [])].filter(
    (s): s is { start: number; end: number } => !!s,
  );
  const inTime = (t: Token): boolean => timeSpans.some((s) => t.start >= s.start && t.end <= s.end);
  tokens.forEach((t, i) => inTime(t) && explain(d, i));
  d.mentions = findMentions(tokens, model).filter(
    (m) => ![...Array(m.end - m.start).keys()].some((k) => inTime(tokens[m.start + k]!)),
  );

  // The measures.
  const metrics = findMetrics(d);
  const taken = new Set<number>();
  const take = (x: { start: number; end: number }) => {
    for (let k = x.start; k < x.end; k++) taken.add(k);
  };
  // "had a discount": a condition, not a measure (read on the largest fact; checked below).
  const facts = model.tables.filter((t) => isDated(model, t));
  const presence = facts.length
    ? presenceFilters(d, facts.sort((a, b) => (b.rowCount ?? 0) - (a.rowCount ?? 0))[0]!.name, taken)
    : [];
  metrics.forEach(take);
  const values = valueOfRows(d, taken);
  values.forEach(take);
  const counts = findCounts(d, taken);
  counts.forEach(take);
  const columns = findColumnMeasures(d, taken);
  columns.forEach(take);
  const money = moneyNounMeasures(d, taken);
  let found: FoundMeasure[] = dedupe([...metrics, ...values, ...counts, ...columns, ...money]).sort(
    (a, b) => a.start - b.start,
  );
  if (!found.length) {
    const verb = verbMeasure(d, taken);
    if (verb) found = [verb];
  }
  if (!found.length) {
    const counted =
      rankedCount(d, taken) ?? sharedCount(d, taken) ?? eventCount(d, taken) ?? flagCount(d, taken);
    if (counted) found = [counted];
  }
  found.forEach(take);
  if (!found.length) return null;
  explainRepeatedGrain(d);

  // The table the answer is about: the first measure's, through the facts for entity counts
  // whose question has conditions on those facts.
  let base = tableOf(model, found[0]!.table)!;
  const entity = found[0]!.entity;
  const fact = entity ? factOf(d, entity) : undefined;
  if (entity && fact && factConditions(d, entity, fact, taken)) {
    // "products sold per month" read on the reviews of products: the sales are other facts.
    if (soldElsewhere(d, entity, fact))
      doubt(d, BUSINESS_WEIGHTS.notTheSales, `${fact.label} record no sales`);
    found = found.map((f) => (f.entity === entity ? countEntitiesThroughFacts(d, f, fact) : f));
    base = fact;
  }
  // Every measure must be read with the base's rows.
  if (found.some((f) => f.table !== base.name && !tableOf(model, f.table))) return null;
  if (found.some((f) => f.table !== base.name)) {
    doubt(d, BUSINESS_WEIGHTS.measuresOfTwoTables, 'the measures come from different tables');
  }
  // Facts over time are what this reader knows how to ask about; other tables go to the general one.
  if (!isDated(model, base)) return null;
  d.base = base;
  for (const f of found) {
    explain(d, f.start, f.end);
    d.measures.push({ item: f.measure, start: f.start, end: f.end });
  }
  listedCounts(d, base, taken);
  measuresListed(d);
  explainVerbs(d);
  onAverage(d);
  inTotal(d);

  // Split by, which rows, when.
  d.timeColumnHint = isDated(model, base);
  d.dimensions = groupedBy(d, base.name, taken);
  d.dimensions.forEach(take);
  // A measure word that was the first half of a grouping's name ("by sales channel") is no measure.
  const inGrouping = (m: { start: number; end: number }) =>
    d.dimensions.some((x) => m.start >= x.start && m.end <= x.end && x.end > x.start);
  if (d.measures.some(inGrouping) && d.measures.some((m) => !inGrouping(m)))
    d.measures = d.measures.filter((m) => !inGrouping(m));
  const filters = [
    ...valueFilters(d, base.name, taken),
    ...derivedValueFilters(d, base.name, taken),
    ...flagFilters(d, base.name, taken),
  ];
  for (const f of filters) {
    explain(d, f.start, f.end);
    take(f);
  }
  filters.push(...presence.filter((f) => reachable(model, base.name, f.item.column.table)));
  // Conditions said by what was counted ("how many returns").
  for (const f of found) if (f.filter) filters.push({ item: f.filter, start: f.start, end: f.end });
  d.filters = filters;
  explainQualifiedThings(d, base);
  compareMembers(d);
  d.timeColumn = chooseTimeColumn(d, base);
  applyWeekday(d);
  if (!rank(d, taken)) return null;
  applyPeriods(d);
  if (!d.dimensions.length) d.dimensions.push(...implicitGroupings(d, base.name, taken));
  if (!shareOf(d)) return null;

  const plan = planOf(d, base);
  try {
    compilePlan(plan, model, 'duckdb');
  } catch {
    return null;
  }
  const { confidence, unexplained } = coverage(d);
  return {
    plan,
    confidence,
    doubts: [...d.doubts.map((x) => x.reason), ...unexplained.map((u) => `did not understand "${u}"`)],
    unexplained,
  };
}

/**
 * Whether the data records facts over time: a table with a date and a measure (orders,
 * readings, transactions). Questions of data without such a table are rarely about measures.
 */
function hasFacts(model: SemanticModel): boolean {
  return model.tables.some(
    (t) =>
      isDated(model, t) && t.columns.some((c) => c.entityType === 'KPI' && c.kind === 'number' && !c.isKey),
  );
}

/** Symbols the tokenizer drops, as words: "category % of revenue", "# of customers". */
function normalise(text: string): string {
  return text
    .replace(/(?<=[\s(]|^)%(?=\s|$)/g, 'percent')
    .replace(/(?<=\s|^)#(?=\s*of\b)/g, 'number')
    .replace(/(?<=\s|^)#(?=\s*\p{L})/gu, 'number of ');
}

/**
 * Verbs of the facts the measure adds up ("how much did we sell", "customers who bought",
 * "what each region brought in") say what the measure already says.
 */
function explainVerbs(d: Draft): void {
  const money = d.measures.some((m) => {
    const c = m.item.column && columnOf(d.model, m.item.column);
    return !!c && isMoneyColumn(c);
  });
  d.tokens.forEach((t, i) => {
    if (money && ['money', 'cash', 'dollars', 'euros'].includes(t.text)) explain(d, i);
    const verb = baseForms(t.text).find(
      (f) => f.pos === 'v' && (MONEY_VERBS.has(f.word) || ACTIVITY_VERBS.has(f.word)),
    );
    if (!verb) return;
    if (['bring', 'take', 'rake'].includes(verb.word)) {
      if (d.tokens[i + 1]?.text !== 'in') return;
      explain(d, i + 1);
    }
    explain(d, i);
  });
}

/**
 * Words naming the things the facts are about, right after a condition on them ("corporate
 * customers", "European stores", "Furniture products") or naming the base's own rows ("the
 * revenue of our orders"): the condition or the measure already says them.
 */
function explainQualifiedThings(d: Draft, base: ModelTable): void {
  // "the Partner channel", "the Europe region": a column named beside one of its values.
  for (const m of d.mentions) {
    if (m.kind !== 'column' || d.explained.has(m.start)) continue;
    const beside = d.filters.some(
      (f) =>
        (f.end === m.start || f.start === m.end) &&
        m.hits.some((h) => h.ref.table === f.item.column.table && h.ref.column === f.item.column.column),
    );
    if (beside) explain(d, m.start, m.end);
  }
  for (const m of d.mentions) {
    if (m.kind !== 'table' || d.explained.has(m.start)) continue;
    const names = (t: string) => m.tables.some((x) => x.table.name === t);
    // "corporate customers", "stores in Germany", "orders from Asia".
    const qualified = d.filters.some(
      (f) =>
        names(f.item.column.table) &&
        (f.end === m.start ||
          (f.start > m.end &&
            f.start <= m.end + 2 &&
            ['in', 'from', 'of', 'at', 'with'].includes(d.tokens[m.end]?.text ?? ''))),
    );
    if (qualified || names(base.name)) explain(d, m.start, m.end);
  }
}

/**
 * "laptops vs monitors", "Europe compared with Asia": values of one column set against each
 * other are a split by that column, kept to those values.
 */
function compareMembers(d: Draft): void {
  for (const f of d.filters) {
    if (f.item.op !== 'in') continue;
    const between = d.tokens.slice(f.start, f.end).map((t) => t.text);
    if (!between.some((w) => ['vs', 'versus', 'against', 'compared'].includes(w))) continue;
    d.tokens.forEach((t, i) => i >= f.start && i < f.end && explain(d, i));
    const column = columnOf(d.model, f.item.column);
    if (column)
      d.dimensions.push({ item: { column: f.item.column, label: column.label }, start: f.start, end: f.end });
  }
}

/**
 * "how many units per order, on average": an amount said with "on average" is its mean over
 * the rows, not its total.
 */
function onAverage(d: Draft): void {
  const at = d.tokens.findIndex((t, i) => t.text === 'average' && d.tokens[i - 1]?.text === 'on');
  if (at < 0 || d.measures.length !== 1) return;
  const m = d.measures[0]!;
  if (!m.item.column || m.item.metric || m.item.agg !== 'sum') return;
  const column = columnOf(d.model, m.item.column);
  m.item = { ...m.item, agg: 'avg', label: measureLabel('avg', column) };
  explain(d, at - 1, at + 1);
}

/** "how much did they spend in total": said of a sum (or a count), "in total" adds nothing. */
function inTotal(d: Draft): void {
  if (!d.measures.length || !d.measures.every((m) => ['sum', 'count', 'count_distinct'].includes(m.item.agg)))
    return;
  d.tokens.forEach((t, i) => {
    if (t.text === 'total' && d.tokens[i - 1]?.text === 'in' && !d.explained.has(i)) explain(d, i - 1, i + 1);
  });
}

/**
 * "revenue, profit and orders": things of the base named in a list of measures are counted.
 */
function listedCounts(d: Draft, base: ModelTable, taken: Set<number>): void {
  for (const m of d.mentions) {
    if (m.kind !== 'table' || taken.has(m.start) || !m.tables.some((x) => x.table === base)) continue;
    const before = d.tokens[m.start - 1]?.text ?? '';
    if (!['and', ',', '&'].includes(before)) continue;
    if (!d.measures.some((x) => x.end === m.start - 1)) continue;
    const key =
      base.primaryKey.length === 1 ? base.columns.find((c) => c.name === base.primaryKey[0]) : undefined;
    const label = `Number of ${base.label}`;
    d.measures.push({
      item: key ? { agg: 'count_distinct', column: refOf(key), label } : { agg: 'count', label },
      start: m.start,
      end: m.end,
    });
    explain(d, m.start, m.end);
    for (let k = m.start; k < m.end; k++) taken.add(k);
  }
  d.measures.sort((a, b) => a.start - b.start);
}

/**
 * Two measures are asked together only when the question lists them ("revenue and profit",
 * "revenue, profit"); two read from words not so joined are a misreading of one of them.
 */
function measuresListed(d: Draft): void {
  for (let i = 1; i < d.measures.length; i++) {
    const a = d.measures[i - 1]!;
    const b = d.measures[i]!;
    const between = d.tokens.slice(a.end, b.start).map((t) => t.text);
    if (!between.some((w) => ['and', ',', '&', 'plus', 'vs', 'versus', 'also', 'with'].includes(w)))
      doubt(d, BUSINESS_WEIGHTS.unlistedMeasures, 'two measures were read where one was said');
  }
}

/**
 * The same measure read twice ("total sales" with a column named Total and "sales" meaning it):
 * once, spanning both.
 */
function dedupe(found: FoundMeasure[]): FoundMeasure[] {
  const out: FoundMeasure[] = [];
  for (const f of found) {
    const same = out.find(
      (o) =>
        o.measure.agg === f.measure.agg &&
        o.measure.metric === f.measure.metric &&
        o.measure.column?.table === f.measure.column?.table &&
        o.measure.column?.column === f.measure.column?.column &&
        !o.filter &&
        !f.filter,
    );
    if (!same) {
      out.push(f);
      continue;
    }
    same.start = Math.min(same.start, f.start);
    same.end = Math.max(same.end, f.end);
  }
  return out;
}

/** "month by month", "day by day": the first word repeats the grain. */
function explainRepeatedGrain(d: Draft): void {
  d.tokens.forEach((t, i) => {
    if (d.tokens[i + 1]?.text === 'by' && d.tokens[i + 2]?.lemma === t.lemma && d.explained.has(i + 2))
      explain(d, i);
  });
}

/**
 * Whether a question that counts an entity (customers) also says something about the facts
 * that refer to it (orders): a period of the facts' date, a value of the facts' own columns or
 * of another table they refer to, a grouping by such a column, or a verb of taking part.
 */
function factConditions(d: Draft, entity: ModelTable, fact: ModelTable, taken: Set<number>): boolean {
  // "new accounts per month": things counted by when they came, their own date.
  const newThings = d.tokens.some(
    (t, i) =>
      ['new', 'newly'].includes(t.text) &&
      !d.mentions.some((m) => m.kind === 'value' && m.start <= i && i < m.end),
  );
  const ownTime = entity.columns.some((c) => c.isTime && (newThings || timeColumnNamed(d, c)));
  if ((d.time.period || d.time.grain || d.time.compared) && !ownTime) return true;
  for (const m of d.mentions) {
    if (taken.has(m.start)) continue;
    if (m.kind === 'value' && m.hits.every((h) => h.ref.table !== entity.name)) return true;
    if (
      m.kind === 'column' &&
      m.hits.every((h) => h.ref.table !== entity.name) &&
      m.hits.some((h) => h.ref.table === fact.name || h.column.kind === 'text')
    )
      return true;
    if (m.kind === 'table' && m.tables.every((t) => t.table.name !== entity.name)) return true;
  }
  // "active customers" are those with facts, unless "active" names a column of their own (is_active).
  const own = (i: number) =>
    d.mentions.some(
      (m) =>
        m.kind === 'column' && m.start <= i && i < m.end && m.hits.some((h) => h.ref.table === entity.name),
    );
  return d.tokens.some(
    (t, i) =>
      ['bought', 'buying', 'buy', 'purchased', 'ordered', 'active', 'spent', 'shopped'].includes(t.text) &&
      !own(i),
  );
}

/** Whether the question names a date column by its first word ("signed up" for signup_date). */
function timeColumnNamed(d: Draft, c: ModelColumn): boolean {
  const first = c.name.toLowerCase().split(/[^a-z]+|(?=date|time|at$)/)[0] ?? '';
  if (first.length < 3) return false;
  return d.tokens.some((t) => {
    const stem = t.text.replace(/(ed|ing|s)$/, '').replace(/e$/, '');
    return stem.length >= 3 && (first.startsWith(stem) || stem.startsWith(first));
  });
}

function planOf(d: Draft, base: ModelTable): TQueryPlan {
  const measures: TMeasure[] = d.measures.map((m) => m.item);
  const dimensions: TDimension[] = d.dimensions.map((x) => x.item);
  const filters: TFilter[] = d.filters.map((f: Said<TFilter>) => f.item);
  const timeRange =
    d.time.period && d.timeColumn && datesOf(d.model, base).includes(d.timeColumn) && !d.time.compared
      ? {
          column: refOf(d.timeColumn),
          from: d.time.period.from,
          to: d.time.period.to,
          label: d.time.period.label,
        }
      : undefined;
  const intent: TQueryPlan['intent'] = d.share
    ? 'share'
    : d.order.length && d.limit !== undefined
      ? dimensions.length
        ? 'top'
        : 'superlative'
      : dimensions.some((x) => x.grain)
        ? 'trend'
        : dimensions.length
          ? 'breakdown'
          : 'value';
  return {
    intent,
    table: base.name,
    measures,
    dimensions,
    columns: [],
    distinct: false,
    filters,
    filterLogic: d.time.compared && !d.time.compared.contiguous ? 'or' : 'and',
    having: [],
    order: d.order,
    ...(d.limit !== undefined ? { limit: d.limit } : {}),
    ...(d.perGroupLimit !== undefined ? { perGroupLimit: d.perGroupLimit } : {}),
    comparison: d.time.comparison?.kind,
    share: d.share,
    ...(timeRange ? { timeRange } : {}),
  };
}
