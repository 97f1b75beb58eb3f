import type { TFilter, TMeasure, TMeasureAggregate } from '@catalyst/contracts';
import type { ModelColumn, ModelTable } from '../../model/types';
import { isMoneyColumn, isNonAdditiveColumn, onlyNumberNamed } from '../../cards/words';
import { baseForms } from '../../nlp/wordnet';
import { lemma, splitIdentifier } from '../../nlp/text';
import { synonymsOf } from '../../nlp/lexicon';
import { metricShortNames } from '../extras';
import { measureLabel } from '../measures';
import type { Mention } from '../mentions';
import { BUSINESS_WEIGHTS } from '../weights';
import { doubt, explain, factsAbout, isDated, nameDoubt, refOf, tableOf, type Draft } from './draft';
import { isFlag } from './conditions';
import { MONEY_MEASURE_NAMES, MONEY_VERBS, RANK_ASC, RANK_DESC, SHARE_WORDS, UNIT_WORDS } from './words';

// The measure of a business question: a derived metric named, a numeric column named with or
// without its aggregate, a count of things ("how many orders", "number of customers"), or what
// a verb of selling means ("how much did we sell" is revenue).

const AGGREGATE_WORDS: Record<string, TMeasureAggregate> = {
  total: 'sum',
  sum: 'sum',
  average: 'avg',
  avg: 'avg',
  mean: 'avg',
  median: 'median',
  midpoint: 'median',
  typical: 'median',
  maximum: 'max',
  max: 'max',
  minimum: 'min',
  min: 'min',
};

/** Words that may stand between an aggregate word and its column ("the average list price"). */
const BETWEEN_AGG = new Set(['the', 'our', 'of', 'all', 'daily', 'per']);

/** How the measure was found, for its doubts and the table it sets. */
export interface FoundMeasure {
  measure: TMeasure;
  table: string;
  start: number;
  end: number;
  /** A count of the rows of `table`'s entities (customers, stores) that facts may refer to. */
  entity?: ModelTable;
  /** A condition the counted rows meet ("how many returns": returned orders). */
  filter?: TFilter;
}

/** Derived metrics named in the question, longest names first, each once. */
export function findMetrics(d: Draft): FoundMeasure[] {
  const lemmas = d.tokens.map((t) => t.lemma);
  const out: FoundMeasure[] = [];
  const taken = new Set<number>();
  const countedAt = new Set(countPhrases(d).map((p) => p.end));
  const names = d.model.metrics.flatMap((metric) =>
    [
      ...[metric.name, metric.label, ...metric.synonyms].map((n) => splitIdentifier(n).map(lemma)),
      ...metricShortNames(metric, d.model).map((w) => [w]),
    ].map((words) => ({ metric, words })),
  );
  names.sort((a, b) => b.words.length - a.words.length);
  for (const { metric, words } of names) {
    if (out.some((m) => m.measure.metric === metric.name)) continue;
    for (let i = 0; i + words.length <= lemmas.length; i++) {
      // "how many returns" counts returns; a rate named by one word of its name is not asked.
      // A plural ("returns") names the things, not the rate named after them.
      if (words.length === 1 && (countedAt.has(i) || d.tokens[i]!.text !== d.tokens[i]!.lemma)) continue;
      const span = [...Array(words.length).keys()].map((k) => i + k);
      // A synonym may stand for the last word of a longer name only ("order worth").
      const said = (w: string, k: number) =>
        lemmas[i + k] === w ||
        SHORT_FORMS[lemmas[i + k]!] === w ||
        (words.length > 1 && k === words.length - 1 && synonymsOf(w).includes(lemmas[i + k]!));
      if (span.some((k) => taken.has(k)) || !words.every(said)) continue;
      span.forEach((k) => taken.add(k));
      out.push({
        measure: { agg: 'sum', metric: metric.name, label: metric.label },
        table: metric.table,
        start: i,
        end: i + words.length,
      });
      break;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Short forms questions use for words of metric names. */
const SHORT_FORMS: Record<string, string> = {
  avg: 'average',
  qty: 'quantity',
  rev: 'revenue',
  amt: 'amount',
  pct: 'percent',
  num: 'number',
  cust: 'customer',
};

/**
 * "order value", "the median order size", "basket worth": the money of one row of a fact table
 * named by the table's word (one order a row), with the aggregate said before it.
 */
export function valueOfRows(d: Draft, skip: Set<number>): FoundMeasure[] {
  const out: FoundMeasure[] = [];
  for (const m of d.mentions) {
    if (m.kind !== 'table' || skip.has(m.start)) continue;
    if (!['value', 'size', 'worth', 'amount'].includes(d.tokens[m.end]?.text ?? '')) continue;
    const table = m.tables.map((x) => x.table).find((t) => t.columns.some((c) => c.isTime));
    // "order size in units": the column said after "in" is what each row's value is counted in.
    const unit =
      d.tokens[m.end + 1]?.text === 'in'
        ? d.mentions.find(
            (x) =>
              x.kind === 'column' &&
              x.start === m.end + 2 &&
              x.hits.some((h) => h.ref.table === table?.name && h.column.kind === 'number'),
          )
        : undefined;
    const inUnit =
      unit?.kind === 'column'
        ? unit.hits.find((h) => h.ref.table === table?.name && h.column.kind === 'number')?.column
        : undefined;
    const column = table && (inUnit ?? moneyColumn(d, table));
    if (unit && inUnit) skip.add(unit.start);
    if (!column) continue;
    const said = aggregateBefore(d, m.start) ?? aggregateAfter(d, m.end + 1);
    if (said && said.at > m.end) explain(d, said.at);
    out.push({
      measure: columnMeasure(column, said?.agg ?? 'avg', d),
      table: column.table,
      start: said && said.at < m.start ? said.at : m.start,
      end: unit && inUnit ? unit.end : m.end + 1,
    });
  }
  return out;
}

/** The aggregate word said just before position `at` (skipping a few small words), if any. */
function aggregateBefore(d: Draft, at: number): { agg: TMeasureAggregate; at: number } | null {
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const w = d.tokens[k]!.text;
    const agg = AGGREGATE_WORDS[w];
    if (agg) return { agg, at: k };
    // "the average invoice total": the things whose amount it is may stand between; so may the
    // verb the amount comes from ("the total invoiced amount", "the total paid amount").
    const thing = d.mentions.some((m) => m.kind === 'table' && m.start <= k && k < m.end);
    const participle =
      k === at - 1 && /(?:ed|id|ld|nt)$/.test(w) && baseForms(w).some((f) => f.pos === 'v' && f.word !== w);
    if (!BETWEEN_AGG.has(w) && !thing && !participle) return null;
    if (participle) explain(d, k);
  }
  return null;
}

/** The aggregate said right after a column ("price, on average", "discount as a median"). */
function aggregateAfter(d: Draft, end: number): { agg: TMeasureAggregate; at: number } | null {
  for (let k = end; k < Math.min(d.tokens.length, end + 4); k++) {
    const w = d.tokens[k]!.text;
    const agg = AGGREGATE_WORDS[w];
    if (agg && ['avg', 'median'].includes(agg)) return { agg, at: k };
    if (![',', 'on', 'as', 'a', 'an', 'the', 'in', 'by', '(', 'or'].includes(w)) return null;
  }
  return null;
}

/** The measure a numeric column gives with the aggregate said (or the one that makes sense). */
function columnMeasure(column: ModelColumn, said: TMeasureAggregate | undefined, d: Draft): TMeasure {
  let agg: TMeasureAggregate = said ?? (isNonAdditiveColumn(column) ? 'avg' : 'sum');
  // Unsaid, money and quantities add up; other amounts (salaries, minutes, seats) may be meant
  // as a total or as an average: the reading says which it took.
  if (!said && agg === 'sum' && !isMoneyColumn(column) && !holdsCounts(column))
    doubt(d, BUSINESS_WEIGHTS.unsaidTotal, `${column.label} added up (say "average" for the mean)`);
  // A total of temperatures or prices means nothing: such a measure is averaged.
  if (agg === 'sum' && isNonAdditiveColumn(column)) {
    agg = 'avg';
    doubt(d, BUSINESS_WEIGHTS.sumOfNonAdditive, `${column.label} cannot be added up: averaged instead`);
  }
  // "the lowest temperature" of daily readings with temp_min beside them: the lowest low.
  const chosen = agg === 'max' || agg === 'min' ? (extremeSibling(d, column, agg) ?? column) : column;
  return { agg, column: refOf(chosen), label: measureLabel(agg, chosen) };
}

const EXTREME_WORDS: Record<'max' | 'min', string[]> = {
  max: ['max', 'maximum', 'high', 'highest', 'peak', 'top'],
  min: ['min', 'minimum', 'low', 'lowest', 'bottom'],
};

/**
 * The column beside `column` that holds its extreme of each row's period ("temp_max" beside
 * "temperature", "high" beside "close" is not one: only names that repeat the column's word).
 */
export function extremeSibling(d: Draft, column: ModelColumn, agg: 'max' | 'min'): ModelColumn | undefined {
  const table = tableOf(d.model, column.table);
  const words = new Set(splitIdentifier(column.name).map(lemma));
  const stem = (w: string) => w.slice(0, 4);
  const stems = new Set([...words].map(stem));
  return table?.columns.find((c) => {
    if (c === column || c.kind !== 'number') return false;
    const ws = splitIdentifier(c.name).map(lemma);
    return (
      ws.some((w) => EXTREME_WORDS[agg].includes(w)) &&
      ws.some((w) => !EXTREME_WORDS[agg].includes(w) && (words.has(w) || stems.has(stem(w))))
    );
  });
}

/** The best column hit of a mention for a measure: a KPI number, then quality, then the larger table. */
function measureHit(d: Draft, m: Extract<Mention, { kind: 'column' }>) {
  const hits = m.hits.filter(
    (h) => h.column.kind === 'number' && !h.column.isKey && !/(^|_)id$/i.test(h.column.name),
  );
  const rows = (t: string) => tableOf(d.model, t)?.rowCount ?? 0;
  return hits.sort(
    (a, b) =>
      Number(b.column.entityType === 'KPI') - Number(a.column.entityType === 'KPI') ||
      b.quality - a.quality ||
      rows(b.ref.table) - rows(a.ref.table),
  )[0];
}

/** Numeric columns named as measures, with their aggregate words. */
export function findColumnMeasures(d: Draft, skip: Set<number>): FoundMeasure[] {
  const out: FoundMeasure[] = [];
  // Longer names first: "transaction amount" before "amount".
  const byLength = [...d.mentions].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  for (const m of byLength) {
    if (m.kind !== 'column' || [...Array(m.end - m.start).keys()].some((k) => skip.has(m.start + k)))
      continue;
    const hit = measureHit(d, m);
    if (!hit || hit.column.entityType !== 'KPI' || hit.quality < BUSINESS_WEIGHTS.minMeasureQuality) continue;
    // "transactions" naming table Transactions and, loosely, amount_of_transaction: the things.
    if (
      hit.quality < 0.95 &&
      d.mentions.some((o) => o.kind === 'table' && o.start < m.end && m.start < o.end)
    )
      continue;
    // A longer mention over the same words is the better reading of them.
    if (out.some((o) => o.start < m.end && m.start < o.end)) continue;
    const before = aggregateBefore(d, m.start);
    const after = before ? null : aggregateAfter(d, m.end);
    const said = before ?? after;
    const measure = columnMeasure(hit.column, said?.agg, d);
    nameDoubt(d, m.start, m.end, hit.quality, !!m.byMeaning, hit.column.label);
    out.push({
      measure,
      table: hit.ref.table,
      start: before ? before.at : m.start,
      end: m.end,
    });
    if (after) explain(d, after.at);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Positions right after "how many", "number of", "count of", "# of", and the words that said it. */
function countPhrases(d: Draft): { start: number; end: number }[] {
  const t = d.tokens;
  const out: { start: number; end: number }[] = [];
  t.forEach((x, i) => {
    // "total orders", "the total customers": a total of things is their number.
    if (x.text === 'total' && d.mentions.some((m) => m.start === i + 1 && m.kind === 'table'))
      out.push({ start: i, end: i + 1 });
    if (x.text === 'many' && t[i - 1]?.text === 'how') out.push({ start: i - 1, end: i + 1 });
    else if (x.text === 'of' && ['number', 'count', '#', 'no'].includes(t[i - 1]?.text ?? ''))
      out.push({ start: t[i - 2]?.text === 'total' ? i - 2 : i - 1, end: i + 1 });
  });
  return out;
}

/**
 * Counts: "how many orders", "number of customers", "order count", "customer count by store".
 * What is counted is a table named right after the counting words (or right before "count").
 */
export function findCounts(d: Draft, skip: Set<number>): FoundMeasure[] {
  const t = d.tokens;
  const out: FoundMeasure[] = [];
  const counted: { phrase: { start: number; end: number }; at: number }[] = [];
  for (const p of countPhrases(d)) {
    let k = p.end;
    while (
      ['the', 'different', 'distinct', 'unique', 'all', 'our', 'individual', 'new'].includes(t[k]?.text ?? '')
    )
      k++;
    explain(d, p.end, k);
    counted.push({ phrase: p, at: k });
  }
  t.forEach((x, i) => {
    if (['count', 'counts', 'volume'].includes(x.text) && i > 0 && t[i - 1]?.text !== 'how')
      counted.push({ phrase: { start: i, end: i + 1 }, at: -1 });
  });
  for (const { phrase, at } of counted) {
    // The counted words: after the phrase, or the mention ending right before "count".
    const mention =
      at >= 0
        ? (d.mentions.find((m) => m.start === at && m.kind === 'table') ??
          d.mentions.find((m) => m.start === at && m.kind === 'column') ??
          // "how many corporate customers": a value may come between.
          d.mentions.find(
            (m) =>
              m.kind === 'table' &&
              m.start > at &&
              m.start <= at + 2 &&
              d.mentions.some((v) => v.kind === 'value' && v.start === at),
          ))
        : (d.mentions.find((m) => m.end === phrase.start && m.kind === 'table') ??
          d.mentions.find((m) => m.end === phrase.start && m.kind === 'column'));
    if (!mention || skip.has(mention.start)) continue;
    const found = countOf(d, mention);
    // "how many sections" of a column that labels: counted as nothing, and measured as nothing.
    if (!found) {
      for (let k = mention.start; k < mention.end; k++) skip.add(k);
      continue;
    }
    explain(d, phrase.start, phrase.end);
    out.push({ ...found, start: mention.start, end: mention.end });
  }
  return out;
}

/** What counting a mentioned table or column means. */
function countOf(d: Draft, m: Mention): Omit<FoundMeasure, 'start' | 'end'> | null {
  if (m.kind === 'table') {
    const table = [...m.tables].sort((a, b) => b.quality - a.quality)[0]!.table;
    return entityCount(d, table);
  }
  if (m.kind === 'column') {
    const hit = [...m.hits].sort((a, b) => b.quality - a.quality)[0]!;
    // "how many buyers" naming a table's own key: that table's things.
    const owner = tableOf(d.model, hit.ref.table);
    if (
      owner &&
      owner.primaryKey.length === 1 &&
      owner.primaryKey[0] === hit.ref.column &&
      !d.model.joins.some((j) => j.from[0]!.table === hit.ref.table && j.from[0]!.column === hit.ref.column)
    )
      return entityCount(d, owner);
    // "how many units", "how many followers": a column that holds counts is summed; a number
    // that labels ("section 2") is no count of anything.
    if (hit.column.kind === 'number' && hit.column.entityType === 'KPI')
      return holdsCounts(hit.column)
        ? { measure: columnMeasure(hit.column, 'sum', d), table: hit.ref.table }
        : null;
    // "how many returns": the rows a yes/no column marks, counted.
    if (isFlag(hit.column)) {
      const table = tableOf(d.model, hit.ref.table)!;
      return {
        ...entityCount(d, table),
        entity: undefined,
        filter: { column: hit.ref, op: 'eq', values: [hit.column.kind === 'boolean' ? true : 1] },
      };
    }
    // "how many exams" naming grades.exam_date: each row is an exam, counted, not their dates
    // (unless the words say dates: "how many days", "how many exam dates").
    const dateWords = d.tokens
      .slice(m.start, m.end)
      .some((t) =>
        ['date', 'dates', 'day', 'days', 'time', 'times', 'year', 'years', 'month', 'months'].includes(
          t.text,
        ),
      );
    if (hit.column.isTime && !dateWords) {
      const table = tableOf(d.model, hit.ref.table)!;
      return { ...entityCount(d, table), entity: undefined };
    }
    // "how many customers" naming orders.customer_id: the customers, counted once each.
    const target = d.model.joins.find(
      (j) =>
        j.from.length === 1 && j.from[0]!.table === hit.ref.table && j.from[0]!.column === hit.ref.column,
    );
    const entity = target ? tableOf(d.model, target.to[0]!.table) : undefined;
    if (entity) return entityCount(d, entity);
    return {
      measure: { agg: 'count_distinct', column: refOf(hit.column), label: `Number of ${hit.column.label}` },
      table: hit.ref.table,
    };
  }
  return null;
}

/**
 * Counting a table's entities: its own rows, or, where facts refer to it, the distinct ones the
 * facts name (decided later, once the question's conditions are known: see countEntitiesThroughFacts).
 */
export function entityCount(d: Draft, table: ModelTable): Omit<FoundMeasure, 'start' | 'end'> {
  const key =
    table.primaryKey.length === 1 ? table.columns.find((c) => c.name === table.primaryKey[0]) : undefined;
  const label = `Number of ${table.label}`;
  return {
    measure: key ? { agg: 'count_distinct', column: refOf(key), label } : { agg: 'count', label },
    table: table.name,
    entity: table,
  };
}

/**
 * An entity count whose question has conditions on the facts about it ("customers who bought
 * electronics this year") counts the distinct entities the matching facts refer to.
 */
export function countEntitiesThroughFacts(d: Draft, found: FoundMeasure, fact: ModelTable): FoundMeasure {
  const entity = found.entity!;
  const j = d.model.joins.find(
    (x) => x.from.length === 1 && x.from[0]!.table === fact.name && x.to[0]!.table === entity.name,
  );
  if (!j) return found;
  return {
    ...found,
    measure: { agg: 'count_distinct', column: j.from[0]!, label: `Number of ${entity.label}` },
    table: fact.name,
  };
}

/** The table whose rows record the facts about an entity table (orders about customers). */
export function factOf(d: Draft, entity: ModelTable): ModelTable | undefined {
  return factsAbout(d.model, entity.name).find((t) => t.columns.some((c) => c.isTime));
}

/** Verbs of goods changing hands. */
const TRADE_VERBS = new Set(['sell', 'buy', 'purchase', 'order']);

/**
 * Whether a question says goods changed hands ("sold", "bought") of facts that record no sales
 * (no units, no money) while other dated facts about the same things do: the facts read are not
 * the ones meant.
 */
export function soldElsewhere(d: Draft, entity: ModelTable, fact: ModelTable): boolean {
  const traded = d.tokens.some((t) =>
    baseForms(t.text).some((f) => f.pos === 'v' && TRADE_VERBS.has(f.word)),
  );
  if (!traded) return false;
  const sales = (t: ModelTable) => !!unitColumn(d, t.name) || t.columns.some(isMoneyColumn);
  return (
    !sales(fact) &&
    factsAbout(d.model, entity.name).some((t) => t !== fact && isDated(d.model, t) && sales(t))
  );
}

/** "the most laptops", "the fewest chairs": a rank word, then things of the data said in the plural. */
function mostOfThings(d: Draft, at: number): boolean {
  let k = at + (d.tokens[at]?.text === 'the' ? 1 : 0);
  if (!RANK_DESC.has(d.tokens[k]?.text ?? '') && !RANK_ASC.has(d.tokens[k]?.text ?? '')) return false;
  k++;
  const value = d.mentions.find((m) => m.kind === 'value' && m.start === k);
  const last = value && d.tokens[value.end - 1];
  return !!last && last.lemma !== last.text;
}

/**
 * A money measure meant by a verb of selling or spending: "how much did we sell", "what did
 * each region bring in", "which customers spent the most". The fact's revenue-like column.
 */
export function verbMeasure(d: Draft, skip: Set<number>): FoundMeasure | null {
  for (const [i, t] of d.tokens.entries()) {
    if (skip.has(i)) continue;
    // "invoices", "bookings": things named, not the verb; "sell transactions": a value of the data.
    const at = d.mentions.find(
      (m) => (m.kind === 'table' || m.kind === 'value') && m.start <= i && i < m.end,
    );
    const verb = baseForms(t.text).find((f) => f.pos === 'v' && MONEY_VERBS.has(f.word));
    if (!verb) continue;
    // "which account paid the most" where invoices have a status "paid": the money of the rows
    // in that state — the amount, on the rows with that value.
    const state = at?.kind === 'value' && paysAnAmount(d, i + 1) ? at : undefined;
    if (at && !state) continue;
    // "bring in", "take in", "rake in": those verbs mean money only with "in".
    if (['bring', 'take', 'rake'].includes(verb.word) && d.tokens[i + 1]?.text !== 'in') continue;
    // "made the most sell transactions": the things made are named, and counted elsewhere; but
    // "the best selling product" ranks the products by what they sell.
    const ranksThings =
      t.text.endsWith('ing') &&
      (RANK_DESC.has(d.tokens[i - 1]?.text ?? '') || RANK_ASC.has(d.tokens[i - 1]?.text ?? ''));
    if (!ranksThings && namesThingsAfter(d, i + 1)) continue;
    // "units sold": units, counted elsewhere.
    if (d.tokens.some((x) => UNIT_WORDS.has(x.lemma))) continue;
    // "how much have we spent on shipping": what we pay out is a cost, not what sales bring in.
    const weSpent =
      ['spend', 'pay'].includes(verb.word) &&
      d.tokens.some((x, k) => k < i && ['we', 'us', 'our'].includes(x.text));
    const column = weSpent ? costColumn(d) : moneyColumn(d);
    if (!column) continue;
    // "how many smartphones did we sell", "which store sold the most laptops": things sold are
    // counted in units, not money.
    if (
      verb.word === 'sell' &&
      (d.tokens.some((x, k) => k < i && x.text === 'many' && d.tokens[k - 1]?.text === 'how') ||
        mostOfThings(d, i + 1))
    ) {
      const units = unitColumn(d, column.table);
      if (!units) continue;
      return { measure: columnMeasure(units, undefined, d), table: units.table, start: i, end: i + 1 };
    }
    const end = ['bring', 'take', 'rake'].includes(verb.word) ? i + 2 : i + 1;
    const held = state?.kind === 'value' ? state.hits.find((h) => h.ref.table === column.table) : undefined;
    if (state && !held) continue;
    return {
      measure: columnMeasure(column, undefined, d),
      table: column.table,
      start: i,
      end,
      ...(held ? { filter: { column: held.ref, op: 'eq' as const, values: [held.value] } } : {}),
    };
  }
  return null;
}

/** Words between a verb and the things it names: "the most", "the highest number of". */
const OBJECT_LEAD = new Set([
  'the',
  'most',
  'highest',
  'largest',
  'fewest',
  'least',
  'lowest',
  'number',
  'of',
  'many',
  'more',
  'any',
]);

/** Whether the words after a verb ask how much, not what: "the most", "more than 500", "least". */
function paysAnAmount(d: Draft, at: number): boolean {
  const next = d.tokens[at]?.text === 'the' ? d.tokens[at + 1] : d.tokens[at];
  return !!next && ['most', 'least', 'more', 'less'].includes(next.text) && !namesThingsAfter(d, at);
}

/** Whether the words from `at` name things (a table's rows), past "the most" and values of them. */
function namesThingsAfter(d: Draft, at: number): boolean {
  let k = at;
  for (;;) {
    const t = d.tokens[k];
    if (!t) return false;
    const mention = d.mentions.find((m) => m.start === k && (m.kind === 'table' || m.kind === 'value'));
    if (mention?.kind === 'table') return true;
    if (mention) k = mention.end;
    else if (OBJECT_LEAD.has(t.text)) k++;
    else return false;
  }
}

const COST_WORDS = new Set(['cost', 'costs', 'spend', 'expense', 'expenses']);
const UNIT_NAMES = new Set(['quantity', 'qty', 'units']);

/** The one measure of the facts named as a cost or a spend: what "we spent" adds up. */
function costColumn(d: Draft): ModelColumn | undefined {
  const facts = d.model.tables.filter((t) => isDated(d.model, t));
  return onlyNumberNamed(
    facts.flatMap((t) => t.columns),
    COST_WORDS,
    (c) => c.entityType === 'KPI',
  );
}

/** The one column of a fact table that holds the units sold (quantity, qty, units). */
function unitColumn(d: Draft, table: string): ModelColumn | undefined {
  return onlyNumberNamed(tableOf(d.model, table)?.columns ?? [], UNIT_NAMES);
}

/** The revenue-like column of the largest fact table (or of `only`): what "selling" adds up. */
function moneyColumn(d: Draft, only?: ModelTable): ModelColumn | undefined {
  // Money columns, and amounts named as such ("Total" of an invoice) though no currency is said.
  const named = (c: ModelColumn) =>
    splitIdentifier(c.name).some((w) => ['total', 'amount', 'value'].includes(lemma(w)));
  const candidates = (only ? [only] : d.model.tables)
    .filter((t) => isDated(d.model, t))
    .flatMap((t) =>
      t.columns.filter(
        (c) =>
          c.kind === 'number' &&
          c.entityType === 'KPI' &&
          !c.isKey &&
          !isNonAdditiveColumn(c) &&
          (isMoneyColumn(c) || named(c)),
      ),
    );
  const rank = (c: ModelColumn): number => {
    const words = [...splitIdentifier(c.name), ...c.synonyms].map(lemma);
    const i = MONEY_MEASURE_NAMES.findIndex((n) => words.includes(n));
    return i < 0 ? MONEY_MEASURE_NAMES.length : i;
  };
  const rows = (c: ModelColumn) => tableOf(d.model, c.table)?.rowCount ?? 0;
  // What is spent and kept (costs, profit, prices, salaries) is not what sales bring in.
  const notSales = (c: ModelColumn) => splitIdentifier(c.name).some((w) => NOT_SALES.has(lemma(w)));
  const sorted = candidates
    .filter((c) => !notSales(c))
    .sort((a, b) => rank(a) - rank(b) || rows(b) - rows(a));
  // Where nothing is sold, the fees charged are what comes in (a clinic's appointment fees).
  const fees = candidates.filter((c) =>
    splitIdentifier(c.name).every((w) => !NOT_SALES.has(lemma(w)) || lemma(w) === 'fee'),
  );
  return sorted[0] ?? (fees.length === 1 ? fees[0] : undefined);
}

const NOT_SALES = new Set([
  'cost',
  'expense',
  'profit',
  'margin',
  'price',
  'salary',
  'wage',
  'tax',
  'refund',
  'discount',
  'budget',
  'balance',
  'fee',
]);

/** "share of orders", "% of our customers": the things a share is of, counted. */
export function sharedCount(d: Draft, taken: Set<number>): FoundMeasure | null {
  const t = d.tokens;
  const at = t.findIndex((x) => SHARE_WORDS.has(x.text));
  if (at < 0) return null;
  const m = d.mentions.find(
    (x) => x.kind === 'table' && x.start > at && x.start <= at + 5 && !taken.has(x.start),
  );
  if (!m || m.kind !== 'table') return null;
  const table = [...m.tables].sort((a, b) => b.quality - a.quality)[0]!.table;
  return { ...entityCount(d, table), start: m.start, end: m.end };
}

/**
 * "signups in 2025", "how many joined last month": a word naming a date column's event
 * (signup_date, join_date) counts the rows of its table.
 */
export function eventCount(d: Draft, taken: Set<number>): FoundMeasure | null {
  for (const table of d.model.tables)
    for (const c of table.columns.filter((x) => x.isTime)) {
      const first = splitIdentifier(c.name)[0] ?? '';
      if (first.length < 4 || ['date', 'time', 'day', 'timestamp'].includes(first)) continue;
      const at = d.tokens.findIndex((x, i) => {
        if (taken.has(i)) return false;
        const stem = x.text.replace(/(ed|ing|s)$/, '').replace(/e$/, '');
        return stem.length >= 4 && (first === stem || first === x.lemma);
      });
      if (at < 0) continue;
      return { ...entityCount(d, table), entity: undefined, start: at, end: at + 1 };
    }
  return null;
}

/** Words of a column name that say it holds an amount of things. */
const COUNT_WORDS = new Set([
  'number',
  'num',
  'no',
  'count',
  'total',
  'amount',
  'quantity',
  'qty',
  'units',
  'volume',
]);

/** Whether a numeric column holds counts or quantities ("units", "num_employees", "hours_played"). */
function holdsCounts(column: ModelColumn): boolean {
  return (
    splitIdentifier(column.name).some((w) => COUNT_WORDS.has(w) || (/[^s]s$/.test(w) && lemma(w) !== w)) ||
    column.synonyms.some((s) => COUNT_WORDS.has(s))
  );
}

/**
 * "apparel returns last year", "cancellations by carrier": things a yes/no column marks, named
 * by a plural, counted (the rows where it holds).
 */
export function flagCount(d: Draft, taken: Set<number>): FoundMeasure | null {
  for (const m of d.mentions) {
    if (m.kind !== 'column' || taken.has(m.start)) continue;
    const hit = m.hits.find((h) => isFlag(h.column));
    if (!hit) continue;
    const table = tableOf(d.model, hit.ref.table)!;
    // "returns" (a plural of the flag), or "returned orders" (the flag, then its table's rows).
    const last = d.tokens[m.end - 1]!;
    const rows = d.mentions.find(
      (x) => x.kind === 'table' && x.start === m.end && x.tables.some((t) => t.table === table),
    );
    if (last.text === last.lemma && !rows) continue;
    if (rows) explain(d, rows.start, rows.end);
    return {
      ...entityCount(d, table),
      entity: undefined,
      filter: { column: hit.ref, op: 'eq', values: [hit.column.kind === 'boolean' ? true : 1] },
      start: m.start,
      end: m.end,
    };
  }
  return null;
}

/** Words for the money that sales bring in. */
const MONEY_NOUNS = new Set([
  'revenue',
  'revenues',
  'sales',
  'sale',
  'turnover',
  'income',
  'takings',
  'money',
  'spend',
  'spending',
]);

/**
 * "total sales by country", "top 5 countries by revenue" where no column is called so: the
 * money measure of the facts (an invoice's Total, a payment's amount).
 */
export function moneyNounMeasures(d: Draft, skip: Set<number>): FoundMeasure[] {
  const out: FoundMeasure[] = [];
  for (const [i, t] of d.tokens.entries()) {
    if (skip.has(i) || !MONEY_NOUNS.has(t.text)) continue;
    if (d.mentions.some((m) => m.kind === 'column' && m.start <= i && i < m.end && !m.byMeaning)) continue;
    const column = moneyColumn(d);
    if (!column) return out;
    const said = aggregateBefore(d, i);
    doubt(d, BUSINESS_WEIGHTS.partialName, `"${t.raw}" read as ${column.label}`);
    out.push({
      measure: columnMeasure(column, said?.agg, d),
      table: column.table,
      start: said ? said.at : i,
      end: i + 1,
    });
    break;
  }
  return out;
}
