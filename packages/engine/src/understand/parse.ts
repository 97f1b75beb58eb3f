import type { TDimension, TIntent, TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { fixTypos, lemma, splitIdentifier, tokenize, type Token } from '../nlp/text';
import { baseForms } from '../nlp/wordnet';
import {
  booleanFilters,
  flagAdjectives,
  correlationColumns,
  countThroughReference,
  countedPositions,
  defaultMeasures,
  derivedMetrics,
  metricNamed,
} from './extras';
import { isSoftWord, unexplainedFactor } from './doubts';
import { findMentions } from './mentions';
import { findTimeWords, type TimeWords } from './periods';
import { chooseTable, resolveMentions, type Resolved } from './resolve';
import { isDimensionOfFact, joinPath } from '../sql/joins';
import {
  freeColumns,
  isEntityColumn,
  isNameColumn,
  markUsed,
  nameOfReferenced,
  referencedTable,
  penalise,
  ref,
  type ParseContext,
} from './context';
import {
  ageFilters,
  numberBeforeColumn,
  yearFilters,
  comparisonFilters,
  containsFilters,
  edgeFilters,
  filterLogic,
  numberAfterColumn,
  valueFilters,
} from './filters';
import { findCountWords, findMeasures, measureLabel } from './measures';
import { applyTime, applyOrdering, namedDate, periodColumn } from './shape';
import { FILLER, isFillerAt } from './keywords';
import { differenceOfTwo, missingCapability, type MissingCapability } from './capabilities';
import {
  averageCountPerThing,
  averageCountWording,
  averageOverOwnRows,
  perMeasure,
  perMemberWithinGroups,
  perThing,
  perUnit,
  rateWithinGroups,
} from './per-entity';
import { salesColumn } from './filters';
import { readDuration } from './durations';
import { relatedClause } from './related-rows';
import { combinationsWording, rankCombinations } from './combinations';
import { firstLastWording } from './first-last';
import { withDimensions, withNamedAttributes, withNamesBesideKeys, withThingNames } from './group-attributes';
import { howMuchIsTotal, totalsOfListedThings, totalsOverThreshold } from './totals-threshold';
import { kpiWording, namedKpi } from './kpi-words';
import { columnOf } from './shape-input';
import { isMoneyColumn } from '../cards/words';
import { readShape } from './shapes';
import { rankPeriods } from './period-rank';
import { percentileIn, type PercentileWords } from './percentiles';
import { DOUBT_WEIGHTS } from './weights';
import { readBusinessQuestion } from './business/read';
import { PRESENCE_CUES, presenceCue } from './business/conditions';
import { namesColumn, verbNamesDate } from './business/time';
import { adjectiveColumn } from '../nlp/lexicon';
import { priceWording, readsPrice } from './price-verb';
import { peopleWording } from './people-words';
import { measuresComparedWording } from './measures-compared';
import { boundsSales, worthWording } from './worth-bound';
import type { Understanding } from './understanding';
import { antonymWording, turnedRound } from './antonyms';

export type { Understanding } from './understanding';

const MAX_QUESTION_LENGTH = 1000;

const decline = (doubt: string): Understanding => ({
  plan: null,
  confidence: 0,
  doubts: [doubt],
  unexplained: [],
});

/** A plan's totals "per" something said as ratios (per-entity.ts), or null. */
function perWhat(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel): TQueryPlan | null {
  return (
    perMemberWithinGroups(tokens, plan, model) ??
    averageOverOwnRows(tokens, plan, model) ??
    perMeasure(tokens, plan, model) ??
    perUnit(tokens, plan, model) ??
    perThing(tokens, plan, model) ??
    rateWithinGroups(tokens, plan, model)
  );
}

/** The nearest reading of a question that needs what no plan can express yet. */
function cannot(missing: MissingCapability, u: Understanding): Understanding {
  return {
    plan: missing.nearest,
    confidence: 0,
    doubts: [`I cannot compute ${missing.what} yet`, ...u.doubts],
    unexplained: u.unexplained,
    missing: missing.what,
  };
}

/**
 * Questions said in words another wording of the same question reads: each gives the reading of
 * that wording where it has what the words asked for, else null (and the question is read as it
 * was said).
 */
const REWORDED: ((question: string, model: SemanticModel, now: Date) => Understanding | null)[] = [
  // "click-through rate by channel": read as "clicks per impression by channel", named as asked.
  (question, model, now) => {
    const kpi = kpiWording(question, model);
    if (!kpi) return null;
    const u = understandWords(kpi.text, model, now);
    return u.plan?.measures.some((m) => m.over) ? { ...u, plan: namedKpi(u.plan, kpi.label) } : null;
  },
  // "how many students failed chemistry": read as "… passed chemistry", the condition turned round.
  (question, model, now) => {
    const opposite = antonymWording(question, model);
    if (!opposite) return null;
    const u = understandWords(opposite.text, model, now);
    const plan = u.missing ? null : turnedRound(u.plan, opposite.column);
    return plan ? { ...u, plan } : null;
  },
  // "revenue vs cost by region": read as "revenue and cost by region".
  (question, model, now) => {
    const listed = measuresComparedWording(question, model);
    if (!listed) return null;
    const u = understandWords(listed, model, now);
    return (u.plan?.measures.length ?? 0) >= 2 && !u.missing ? u : null;
  },
  // "the average number of orders per customer", "days of absence per employee on average": the
  // count (or, said "on average", the total) per thing, as one figure.
  (question, model, now) => {
    const perThing = averageCountWording(question);
    if (!perThing) return null;
    const u = understandWords(perThing.text, model, now);
    const plan = u.missing ? null : averageCountPerThing(u.plan, model, perThing.amounts);
    return plan ? { ...u, plan } : null;
  },
  // "how many people were hired": read with the one table of people named, where that explains more.
  (question, model, now) => {
    const people = peopleWording(question, model);
    if (!people) return null;
    const u = understand(people, model, now);
    const better = u.plan && !u.missing && u.confidence > understandWords(question, model, now).confidence;
    return better ? u : null;
  },
  // "how many orders were over 1000": read as "how many orders with revenue over 1000".
  (question, model, now) => {
    const worth = worthWording(question, model);
    if (!worth) return null;
    const u = understandWords(worth.text, model, now);
    return !u.missing && boundsSales(u.plan, worth.sales) ? u : null;
  },
  // "how much does the laptop cost": read as "what is the list price of the laptop".
  (question, model, now) => {
    const priced = priceWording(question, model);
    if (!priced) return null;
    const u = understandWords(priced.text, model, now);
    return readsPrice(u.plan, priced.price) ? u : null;
  },
];

/** Turns a question into a query plan over the model, with a confidence in [0, 1]. */
export function understand(question: string, model: SemanticModel, now: Date): Understanding {
  for (const reworded of REWORDED) {
    const u = reworded(question, model, now);
    if (u) return u;
  }
  return understandWords(question, model, now);
}

function understandWords(question: string, model: SemanticModel, now: Date): Understanding {
  const u = understandShapes(question, model, now);
  if (u.missing) return u;
  const tokens = fixTypos(tokenize(question));
  const named =
    withNamedAttributes(tokens, u.plan, model) ??
    withThingNames(tokens, u.plan, model) ??
    totalsOverThreshold(tokens, u.plan, model) ??
    howMuchIsTotal(tokens, u.plan, model) ??
    withNamesBesideKeys(tokens, u.plan, model);
  const plan = withoutDaysInPeriods(named ?? u.plan);
  return thingsUnshown(
    tokens,
    rankedFigure(plan === u.plan ? u : thingsOfKeys({ ...u, plan }, model), model),
    model,
  );
}

/**
 * "The average discount of orders with a discount", "… when a discount was given": the measured
 * amount said again as a condition that it is there. Read as the amount alone, the condition is
 * lost, so the reading is doubted (the business reader keeps it as a condition above zero).
 */
function presenceUnread(tokens: Token[], u: Understanding, model: SemanticModel): Understanding {
  const plan = u.plan;
  if (!plan) return u;
  const measured = new Set(
    plan.measures.flatMap((m) => (m.column ? [`${m.column.table}.${m.column.column}`] : [])),
  );
  if (!measured.size || !tokens.some((t) => PRESENCE_CUES.has(t.text))) return u;
  const filtered = new Set(plan.filters.map((f) => `${f.column.table}.${f.column.column}`));
  const mentions = findMentions(tokens, model);
  const unread = mentions.find((m, i) => {
    if (m.kind !== 'column') return false;
    const k = presenceCue(tokens, m.start);
    if (k < 0) return false;
    const said = m.hits.filter((h) => h.quality >= 0.9).map((h) => `${h.ref.table}.${h.ref.column}`);
    // Said once before as what is measured, and here again with no condition read on it.
    const before = mentions
      .slice(0, i)
      .some(
        (x) =>
          x.kind === 'column' &&
          x.end <= k &&
          x.hits.some((h) => said.includes(`${h.ref.table}.${h.ref.column}`)),
      );
    return before && said.some((c) => measured.has(c) && !filtered.has(c));
  });
  if (!unread) return u;
  return {
    ...u,
    confidence: u.confidence * DOUBT_WEIGHTS.presenceUnread,
    doubts: [
      ...u.doubts,
      `"${tokens
        .slice(presenceCue(tokens, unread.start), unread.end)
        .map((t) => t.raw)
        .join(' ')}" is read as no condition`,
    ],
  };
}

/**
 * "Which campaigns went over budget?" answered by one figure (the total budget), or "which product
 * has the highest list price in each category" by the highest price of each category: the things
 * the question asks for are not in the answer, so the reading is doubted.
 */
function thingsUnshown(tokens: Token[], u: Understanding, model: SemanticModel): Understanding {
  const plan = u.plan;
  if (!plan || plan.columns.length || plan.intent === 'list') return u;
  // A breakdown leaves the things out when it shows each group's extreme (the highest price).
  if (
    plan.intent !== 'value' &&
    (!plan.dimensions.length || plan.measures.some((m) => !['max', 'min'].includes(m.agg)))
  )
    return u;
  const things = thingsAsked(tokens, model);
  if (!things || plan.dimensions.some((d) => showsRowsOf(d.column, things.table, model))) return u;
  return {
    ...u,
    confidence: u.confidence * DOUBT_WEIGHTS.thingsUnshown,
    doubts: [...u.doubts, `"${things.words}" is answered without them`],
  };
}

/**
 * The table whose rows a question asks for ("which campaigns …"), unless the words name one of
 * its columns ("which customer segment").
 */
function thingsAsked(tokens: Token[], model: SemanticModel): { table: string; words: string } | null {
  const at = tokens[0]?.text === 'which' ? 1 : -1;
  if (at < 0) return null;
  const mentions = findMentions(tokens, model).filter((m) => m.start === at);
  const things = mentions.find((m) => m.kind === 'table');
  if (!things || things.kind !== 'table' || mentions.some((m) => m.kind === 'column' && m.end > things.end))
    return null;
  const words = tokens
    .slice(0, things.end)
    .map((t) => t.raw)
    .join(' ')
    .toLowerCase();
  return { table: things.tables[0]!.table.name, words };
}

/**
 * Whether a column tells the rows of a table apart: its key or name, a key referring to it, or a
 * column named after them ("marketing_region_code" of marketing regions).
 */
function showsRowsOf(
  column: { table: string; column: string },
  table: string,
  model: SemanticModel,
): boolean {
  if (referencedTable(model, column)?.name === table) return true;
  const c = columnOf(model, column);
  if (!c) return false;
  const words = (s: string) => splitIdentifier(s).map(lemma);
  const own = words(table);
  const named = words(c.name);
  const after = named.slice(own.length);
  const namedAfter =
    own.every((w, i) => named[i] === w) &&
    after.every((w) => ['id', 'code', 'name', 'no', 'number', 'key', 'title'].includes(w));
  return namedAfter || (column.table === table && (c.isKey || isNameColumn(c)));
}

/** The doubt of a table's name read as a key of the base ("stores" as orders.store_id). */
const tableNamedByKey = (phrase: string, table: string) => `"${phrase}"${NAMES_TABLE}${table}`;
const NAMES_TABLE = ' names table ';

/**
 * "stores with revenue over 1M", grouped by the orders' store_id: the key now stands for the
 * stores named (totals-threshold.ts), so the doubt that their name was read as a key is answered
 * and the stores' names are shown beside it.
 */
function thingsOfKeys(u: Understanding, model: SemanticModel): Understanding {
  const plan = u.plan;
  if (!plan?.having.length) return u;
  const named = plan.dimensions.flatMap((d) => referencedTable(model, d.column)?.label ?? []);
  const answered = u.doubts.filter((d) => named.some((label) => d.endsWith(`"${NAMES_TABLE}${label}`)));
  if (!answered.length) return u;
  return {
    ...u,
    plan: withNamesBesideKeys([], plan, model) ?? plan,
    confidence: Math.min(1, u.confidence / DOUBT_WEIGHTS.tableNamedByKey ** answered.length),
    doubts: u.doubts.filter((d) => !answered.includes(d)),
  };
}

/**
 * One figure ranked by a column ("how heavy was the heaviest shipment" read as the total weight,
 * ordered by weight): a single row has nothing to rank, so the ranking was lost. Of the ranked
 * column itself the figure is its extreme (the largest weight); of another, the reading is doubted.
 */
function rankedFigure(u: Understanding, model: SemanticModel): Understanding {
  const plan = u.plan;
  if (!plan || plan.dimensions.length || !plan.measures.length || plan.comparison || plan.limit === undefined)
    return u;
  const by = plan.order.find((o) => o.kind === 'column' && o.column);
  if (!by?.column) return u;
  const m = plan.measures[0]!;
  const same = m.column?.table === by.column.table && m.column.column === by.column.column;
  if (
    plan.measures.length === 1 &&
    same &&
    !m.over &&
    !m.metric &&
    ['sum', 'avg', 'max', 'min'].includes(m.agg)
  ) {
    const agg = by.dir === 'desc' ? 'max' : 'min';
    const { limit: _limit, ...rest } = plan;
    const extreme = { ...m, agg, label: measureLabel(agg, columnOf(model, m.column)) } as const;
    return { ...u, plan: { ...rest, intent: 'value', measures: [extreme], order: [] } };
  }
  return {
    ...u,
    confidence: u.confidence * DOUBT_WEIGHTS.rankedFigure,
    doubts: [...u.doubts, 'one figure cannot be ranked'],
  };
}

/**
 * "accounts created per month": a date grouped by its month is not also grouped by its day (the
 * verb named the date column again); each day within its month was never asked for.
 */
function withoutDaysInPeriods(plan: TQueryPlan | null): TQueryPlan | null {
  if (!plan) return plan;
  const same = (a: TDimension, b: TDimension) =>
    a.column.table === b.column.table && a.column.column === b.column.column;
  const days = plan.dimensions.filter((d) => !d.grain && plan.dimensions.some((x) => x.grain && same(x, d)));
  if (!days.length) return plan;
  return withDimensions(
    plan,
    plan.dimensions.filter((d) => !days.includes(d)),
  );
}

function understandShapes(question: string, model: SemanticModel, now: Date): Understanding {
  const related = withRelatedRows(question, model, now);
  if (related) return related;
  const firstLast = withFirstOrLast(question, model, now);
  if (firstLast) return firstLast;
  const combinations = combinationsWording(question);
  if (combinations) {
    const ranked =
      rankCombinations(readQuestion(combinations.text, model, now), combinations) ??
      (combinations.counted
        ? rankCombinations(readQuestion(combinations.counted, model, now), combinations)
        : null);
    if (ranked) return ranked;
  }
  const read = readQuestion(question, model, now);
  const rate = read.unexplained.includes('rate') ? (rateOfValue(question, read, model, now) ?? read) : read;
  const u = readDuration(fixTypos(tokenize(question)), rate, model) ?? rate;
  if (u.missing) return u;
  const tokens = fixTypos(tokenize(question));
  const difference = differenceOfTwo(tokens, u.plan, model);
  if (difference) return cannot(difference, u);
  if (!valueUnmeasured(tokens, u.plan, model)) return u;
  // What the rows are worth is their sales where one column holds them.
  const worth = salesColumn(model, u.plan?.table);
  const word = tokens.find((t) => t.text === 'value' || t.text === 'worth')!;
  if (worth) {
    const again = readQuestion(
      `${question.slice(0, word.start)}${worth.label}${question.slice(word.end)}`,
      model,
      now,
    );
    if (!again.missing && !valueUnmeasured(tokens, again.plan, model) && again.plan)
      return {
        ...again,
        confidence: again.confidence * 0.95,
        doubts: [...again.doubts, `"${word.raw}" read as ${worth.label}`],
      };
  }
  return {
    ...u,
    confidence: u.confidence * 0.5,
    doubts: [...u.doubts, '"value" was read as no amount of money'],
  };
}

/**
 * "each customer's first order date", "when did each store make its last sale": read with the
 * date named as the earliest or latest one (first-last.ts), kept when that reading takes the
 * earliest or latest of a date.
 */
function withFirstOrLast(question: string, model: SemanticModel, now: Date): Understanding | null {
  const text = firstLastWording(question, fixTypos(tokenize(question)), model);
  if (!text) return null;
  const again = understand(text, model, now);
  const edge = again.plan?.measures.some(
    (m) => (m.agg === 'min' || m.agg === 'max') && !!columnOf(model, m.column)?.isTime,
  );
  return edge && !again.missing ? again : null;
}

/**
 * "customers who have not ordered anything", "stores with at least 3 returns": the condition on
 * the rows that refer to the things is taken out, the rest of the question read as it is (on the
 * things' table where it reads elsewhere), and the condition kept beside its reading.
 */
function withRelatedRows(question: string, model: SemanticModel, now: Date): Understanding | null {
  const clause = relatedClause(question, fixTypos(tokenize(question)), model, now);
  if (!clause) return null;
  const rest = `${question.slice(0, clause.from).trimEnd()} ${question.slice(clause.to).trimStart()}`.trim();
  // The things must be the rows read, or each row's one thing (never rows repeated per thing).
  const keeps = (p: TQueryPlan | null): p is TQueryPlan =>
    !!p &&
    (p.table === clause.of.name ||
      (joinPath(model, p.table, clause.of.name)?.every((step) => !step.fanOut) ?? false));
  let again: Understanding = understandShapes(rest, model, now);
  if (!keeps(again.plan)) again = understandOn(rest, model, now, clause.of.name);
  if (again.missing || !keeps(again.plan)) return null;
  const plan = {
    ...again.plan,
    related: [...(again.plan!.related ?? []), ...clause.conditions],
  } as TQueryPlan;
  // The rest was read apart from words taken out of it: a little less sure than a whole question.
  return {
    ...again,
    confidence: again.confidence * DOUBT_WEIGHTS.readApart,
    plan: totalsOfListedThings(plan, model) ?? plan,
  };
}

/**
 * "no-show rate for each doctor", "refund rate per store": a value of the facts said before
 * "rate" is the share of the rows holding it (within each group), read as that share.
 */
function rateOfValue(
  question: string,
  u: Understanding,
  model: SemanticModel,
  now: Date,
): Understanding | null {
  const tokens = tokenize(question);
  const at = tokens.findIndex((t) => t.text === 'rate');
  if (at < 1) return null;
  const mentions = findMentions(tokens, model);
  // "no-show rate", or with the rows' name between: "lost shipment rate".
  const rowsAt = mentions.find((m) => m.kind === 'table' && m.end === at)?.start ?? at;
  const said = mentions.find(
    (m) =>
      m.kind === 'value' &&
      (m.end === at || m.end === rowsAt) &&
      m.hits.length === 1 &&
      m.hits[0]!.column.kind !== 'number',
  );
  if (said?.kind !== 'value') return null;
  const table = model.tables.find((t) => t.name === said.hits[0]!.ref.table);
  if (!table?.columns.some((c) => c.isTime)) return null;
  const value = question.slice(tokens[said.start]!.start, tokens[said.end - 1]!.end);
  // The value as the data holds it: "refund rate" is the share that were "refunded".
  const held = said.hits[0]!.value;
  // The rows as the question names them, "transaction success rate" said before the value.
  const named = mentions.find(
    (m) => m.kind === 'table' && m.end === said.start && m.tables.some((t) => t.table === table),
  );
  const start = named ? named.start : said.start;
  const rows = named
    ? `${question.slice(tokens[named.start]!.start, tokens[named.end - 1]!.end).toLowerCase()}s`.replace(
        /ss$/,
        's',
      )
    : table.label.toLowerCase();
  const text = `${question.slice(0, tokens[start]!.start)}share of ${rows} that were ${held}${question.slice(tokens[at]!.end)}`;
  const again = readQuestion(text, model, now);
  const rate =
    again.plan?.measures.length === 1 &&
    again.plan.measures[0]!.where?.length &&
    again.plan.measures[0]!.over;
  if (!rate || again.missing || again.confidence <= u.confidence) return null;
  return {
    ...again,
    doubts: [...again.doubts, `"${value} rate" read as the share of ${rows} that were ${value}`],
  };
}

/** Verbs whose "the most" is money whatever the rows are called: "which account paid the most". */
const MONEY_RANK_VERBS = new Set(['pay', 'spend', 'earn', 'gross']);

/** A ranking said by a verb of money ("paid the most", "spent the least") read as a row count. */
function moneyRankedByCount(tokens: Token[], plan: TQueryPlan | null): boolean {
  if (!plan?.measures.length || !plan.measures.every((m) => m.agg === 'count' || m.agg === 'count_distinct'))
    return false;
  return tokens.some((t, i) => {
    const next = tokens[i + 1]?.text === 'the' ? tokens[i + 2] : tokens[i + 1];
    return (
      ['most', 'least'].includes(next?.text ?? '') &&
      baseForms(t.text).some((f) => f.pos === 'v' && MONEY_RANK_VERBS.has(f.word))
    );
  });
}

/**
 * "the value of returned orders": what rows are worth is an amount of money. A reading that
 * measures no money (a count, a listing of their flags) has not understood "value", unless the
 * data has a column called so.
 */
function valueUnmeasured(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel): boolean {
  if (!plan) return false;
  const at = tokens.findIndex((t, i) => ['value', 'worth'].includes(t.text) && tokens[i + 1]?.text === 'of');
  if (at < 0) return false;
  const named = (ref: { table: string; column: string }) =>
    splitIdentifier(ref.column).some((w) => ['value', 'worth'].includes(w.toLowerCase()));
  if ([...plan.columns, ...plan.measures.flatMap((m) => (m.column ? [m.column] : []))].some(named))
    return false;
  return !plan.measures.some((m) => {
    const c = columnOf(model, m.column);
    return !!c && isMoneyColumn(c) && m.agg !== 'count' && m.agg !== 'count_distinct';
  });
}

function readQuestion(question: string, model: SemanticModel, now: Date): Understanding {
  const percentile = percentileIn(question);
  if (percentile) return understandPercentile(question, percentile, model, now);
  const tokens = fixTypos(tokenize(question));
  const time = findTimeWords(question, now);
  const shaped = readShape({
    question,
    tokens,
    time,
    model,
    now,
    read: (text) => understandAll(text, model, now),
  });
  if (shaped) return presenceUnread(tokens, shaped, model);
  const read = understandAll(question, model, now);
  const perMember = perWhat(tokens, read.plan, model);
  const perRead = perMember ? { ...read, plan: perMember } : read;
  const u = presenceUnread(
    tokens,
    moneyRankedByCount(tokens, perRead.plan)
      ? {
          ...perRead,
          confidence: perRead.confidence * DOUBT_WEIGHTS.moneyCounted,
          doubts: [...perRead.doubts, 'a ranking by money read as a count of rows'],
        }
      : perRead,
    model,
  );
  const missing = missingCapability(tokens, u.plan, model, {
    comparing: !!(time.compared || time.comparison),
    percentSign: question.includes('%'),
  });
  // The business reader's reading wins when it explains the question better (and, where the
  // general reading found a shape it cannot express, when it expresses that shape).
  const readByBusiness = readBusinessQuestion(question, model, now);
  const businessPerMember = readByBusiness && perWhat(tokens, readByBusiness.plan, model);
  const business = businessPerMember ? { ...readByBusiness!, plan: businessPerMember } : readByBusiness;
  const expresses =
    !missing || (missing.what === 'top or bottom N within each group' && !!business?.plan?.perGroupLimit);
  // The general reader's sure readings stand; where it is unsure, the business reader's reading
  // wins when it explains the question better.
  if (
    business &&
    expresses &&
    business.confidence > (missing ? 0 : u.confidence) &&
    (missing || u.confidence < DOUBT_WEIGHTS.sureReading)
  )
    return business;
  if (missing) return cannot(missing, u);
  return { plan: u.plan, confidence: u.confidence, doubts: u.doubts, unexplained: u.unexplained };
}

/** A percentile read as the median of the same thing, then asked for at its own fraction. */
function understandPercentile(
  question: string,
  words: PercentileWords,
  model: SemanticModel,
  now: Date,
): Understanding {
  const asMedian = `${question.slice(0, words.start)}median${question.slice(words.end)}`;
  const u = understand(asMedian, model, now);
  const medians = u.plan?.measures.filter((m) => m.agg === 'median') ?? [];
  if (!u.plan || u.missing || medians.length !== 1 || !medians[0]!.column) {
    const missing = u.missing ?? 'percentiles';
    return { ...u, confidence: 0, missing, doubts: [`I cannot compute ${missing} yet`, ...u.doubts] };
  }
  const column = model.tables
    .find((t) => t.name === medians[0]!.column!.table)
    ?.columns.find((c) => c.name === medians[0]!.column!.column);
  const plan = {
    ...u.plan,
    measures: u.plan.measures.map((m) =>
      m.agg === 'median'
        ? {
            ...m,
            agg: 'percentile' as const,
            p: words.p,
            label: `${words.name} of ${column?.label ?? m.column!.column}`,
          }
        : m,
    ),
  };
  return { ...u, plan };
}

function understandAll(question: string, model: SemanticModel, now: Date): Understanding {
  const first = referenceCount(acrossTables(question, model, now), question, model);
  const plan = first.plan;
  if (!plan) return first;
  // Counting rows grouped by a column that is unique in the table counts 1 per group: the
  // question is about a table that references it ("number of items in each order").
  const base = model.tables.find((t) => t.name === plan.table)!;
  const uniqueDim = plan.dimensions.find((d) => {
    const c = base.columns.find((x) => x.name === d.column.column && d.column.table === base.name);
    return c && !d.grain && (base.rowCount ?? 0) > 1 && c.distinctCount === base.rowCount;
  });
  if (uniqueDim && plan.measures.some((m) => m.agg === 'count' || m.agg === 'count_distinct')) {
    const name = uniqueDim.column.column.toLowerCase();
    const others = model.tables.filter(
      (t) =>
        t !== base && t.columns.some((c) => c.name.toLowerCase() === name && c.distinctCount !== t.rowCount),
    );
    // Nowhere else to count from: a unique descriptive column is simply what was asked.
    const dimColumn = base.columns.find((c) => c.name === uniqueDim.column.column);
    // A ranking by a count that is 1 for every group picks an arbitrary row.
    const rankedByCount =
      plan.limit !== undefined &&
      !plan.filters.length &&
      plan.order.some(
        (o) =>
          o.kind === 'measure' &&
          ['count', 'count_distinct'].includes(plan.measures[o.index ?? 0]?.agg ?? ''),
      );
    if (!others.length && dimColumn && !dimColumn.isKey && !/id$/i.test(dimColumn.name) && !rankedByCount)
      return first;
    const named = new Set(
      findMentions(tokenize(question), model).flatMap((m) =>
        m.kind === 'table' ? m.tables.map((t) => t.table.name) : [],
      ),
    );
    const retries = others
      .map((t) => understandOn(question, model, now, t.name))
      .filter((u) => u.plan)
      .sort(
        (a, b) =>
          b.confidence +
          (named.has(b.plan!.table) ? 0.05 : 0) -
          a.confidence -
          (named.has(a.plan!.table) ? 0.05 : 0),
      );
    if (retries[0] && retries[0].confidence >= first.confidence * 0.7) return retries[0];
    return {
      ...first,
      confidence: first.confidence * 0.4,
      doubts: [...first.doubts, `every ${uniqueDim.label} appears once`],
    };
  }
  return first;
}

/**
 * "how many sizes exist", read as the distinct size codes of shirts: the sizes are
 * listed in the table the codes refer to, so count that table's rows, unless the question
 * names the referencing table ("sizes used by shirts").
 */
function referenceCount(u: Understanding, question: string, model: SemanticModel): Understanding {
  const p = u.plan;
  const m = p?.measures[0];
  if (
    !p ||
    p.measures.length !== 1 ||
    m?.agg !== 'count_distinct' ||
    !m.column ||
    p.dimensions.length ||
    p.filters.length ||
    p.having.length ||
    p.timeRange ||
    m.column.table !== p.table
  )
    return u;
  const join = model.joins.find(
    (j) => j.from.length === 1 && j.from[0]!.table === p.table && j.from[0]!.column === m.column!.column,
  );
  const target = join && model.tables.find((t) => t.name === join.to[0]!.table);
  const key = target?.columns.find((c) => c.name === join!.to[0]!.column);
  if (!target || !key || target.primaryKey.length > 1 || key.distinctCount !== target.rowCount) return u;
  const tokens = fixTypos(tokenize(question));
  if (tokens.some((t) => ['distinct', 'different', 'unique'].includes(t.text))) return u;
  // Anything else of the referencing table named ("students in detention") keeps the reading.
  const named = findMentions(tokens, model).some(
    (x) =>
      (x.kind === 'table' && x.tables.some((t) => t.table.name === p.table)) ||
      (x.kind === 'column' &&
        x.hits.some(
          (h) => h.ref.table === p.table && h.ref.column !== m.column!.column && h.quality >= 0.9,
        ) &&
        !x.hits.some((h) => h.ref.table === target.name)),
  );
  if (named) return u;
  return {
    ...u,
    plan: { ...p, table: target.name, measures: [{ agg: 'count', label: `Count of ${target.label}` }] },
  };
}

interface Reading extends Understanding {
  /** Tables ranked by how much the question's words point at them (when none was forced). */
  ranked?: { table: ModelTable; score: number }[];
}

/**
 * Reads the question with each table its words point at as the subject and keeps the most
 * confident reading. When another table gives a reading nearly as confident, the question is
 * ambiguous and the confidence drops.
 */
function acrossTables(question: string, model: SemanticModel, now: Date): Understanding {
  const first = understandOn(question, model, now);
  if (!first.plan || !first.ranked || model.tables.length < 2) return first;
  const top = first.ranked[0]!.score;
  const candidates = first.ranked
    .slice(0, TABLE_CANDIDATES)
    .filter((r, i) => i === 0 || (r.score > 0 && r.score >= top * 0.4));
  // A table that holds (or links to) everything the question names is worth a reading too.
  for (const t of coveringTables(question, model)) {
    const r = first.ranked.find((x) => x.table === t);
    if (r && !candidates.includes(r)) candidates.push(r);
  }
  if (candidates.length < 2) return first;
  // The words' own preference among tables still counts, a little.
  const readings = candidates
    .map((r) => {
      const u = understandOn(question, model, now, r.table.name);
      return r === first.ranked![0] || top <= 0
        ? u
        : { ...u, confidence: u.confidence * (0.85 + (0.15 * Math.max(0, r.score)) / top) };
    })
    .filter((u) => u.plan);
  readings.sort((a, b) => b.confidence - a.confidence);
  const best = readings[0];
  if (!best) return first;
  // Another table's reading that asks for the same thing (through a join) is no rival.
  const rival = readings.find(
    (u) => u !== best && u.plan!.table !== best.plan!.table && signature(u.plan!) !== signature(best.plan!),
  );
  const ratio = rival ? rival.confidence / Math.max(best.confidence, 1e-9) : 0;
  const factor = ratio >= 0.9 ? 0.8 : ratio >= 0.75 ? 0.9 : 1;
  if (factor === 1) return best;
  return {
    ...best,
    confidence: best.confidence * factor,
    doubts: [
      ...best.doubts,
      `${model.tables.find((t) => t.name === rival!.plan!.table)?.label ?? 'another table'} fits almost as well`,
    ],
  };
}

const TABLE_CANDIDATES = 4;

/** Tables whose columns, values and references cover the most of the question's mentions. */
function coveringTables(question: string, model: SemanticModel): ModelTable[] {
  const mentions = findMentions(fixTypos(tokenize(question)), model);
  const refs = (t: ModelTable, other: string): boolean =>
    model.joins.some((j) => j.from[0]!.table === t.name && j.to[0]!.table === other);
  const scored = model.tables.map((t) => {
    const covered = new Set<number>();
    for (const m of mentions) {
      const hit =
        m.kind === 'table'
          ? m.tables.some((x) => x.table === t || refs(t, x.table.name))
          : m.kind === 'column'
            ? m.hits.some((h) => h.ref.table === t.name && h.quality >= 0.8)
            : m.hits.some((h) => h.ref.table === t.name);
      if (hit) for (let k = m.start; k < m.end; k++) covered.add(k);
    }
    return { t, n: covered.size };
  });
  const best = Math.max(0, ...scored.map((x) => x.n));
  return best
    ? scored
        .filter((x) => x.n === best)
        .slice(0, 2)
        .map((x) => x.t)
    : [];
}

/** What a plan asks for, whichever table it starts from. */
function signature(p: TQueryPlan): string {
  const c = (r?: { table: string; column: string }): string => (r ? `${r.table}.${r.column}` : '*');
  return JSON.stringify([
    p.measures.map((m) => `${m.agg}(${m.column ? c(m.column) : `${p.table}.*`})${m.metric ?? ''}`),
    p.dimensions.map((d) => `${c(d.column)}/${d.grain ?? ''}`),
    p.filters.map((f) => `${c(f.column)} ${f.op} ${f.values.join(',')}`).sort(),
    p.columns.map(c),
    p.having,
    p.order.map((o) => `${o.kind}${o.index ?? ''}${c(o.column)}${o.dir}`),
    p.limit ?? null,
  ]);
}

function understandOn(question: string, model: SemanticModel, now: Date, forcedTable?: string): Reading {
  const text = question.trim();
  if (!text) return decline('The question is empty');
  if (text.length > MAX_QUESTION_LENGTH) return decline('The question is too long');
  const tokens = fixTypos(tokenize(text));
  if (!tokens.length) return decline('The question has no words');
  // Without any date column, words like "year" name ordinary columns, not periods.
  const time: TimeWords = model.tables.some((t) => t.columns.some((c) => c.isTime))
    ? findTimeWords(text, now)
    : {};
  const inTime = (i: number): boolean =>
    [time.period, time.grain, time.comparison, ...(time.compared?.spans ?? [])].some(
      (s) => s && tokens[i]!.start >= s.start && tokens[i]!.end <= s.end,
    );
  const allMentions = findMentions(tokens, model);
  // "monthly rental" names a column, not a grain.
  for (const key of ['grain', 'period', 'comparison'] as const) {
    const span = time[key];
    if (!span) continue;
    // "daily price records" names table sbDailyPrice; "transaction daily limit" a column.
    const adjective =
      key === 'grain' &&
      /^(daily|weekly|monthly|quarterly|yearly|annually|annual)$/i.test(text.slice(span.start, span.end));
    const overlaps = (m: (typeof allMentions)[number]): boolean =>
      tokens[m.start]!.start < span.end && tokens[m.end - 1]!.end > span.start;
    if (
      allMentions.some(
        (m) =>
          overlaps(m) &&
          ((m.kind === 'column' && m.hits.some((h) => h.quality >= (adjective ? 0.5 : 0.9))) ||
            (m.kind === 'table' && m.end - m.start > 1 && m.tables.some((t) => t.quality >= 0.8))),
      )
    )
      delete time[key];
  }
  const mentions = allMentions.filter(
    (m) => ![...Array(m.end - m.start).keys()].some((k) => inTime(m.start + k)),
  );
  const metricTable = metricNamed(
    tokens.map((t) => t.lemma),
    model,
  )?.table;
  const forced = model.tables.find((t) => t.name === (forcedTable ?? metricTable));
  const chosen = forced
    ? { table: forced, margin: 1, ranked: undefined }
    : chooseTable(model, mentions, countedPositions(tokens));
  if (!chosen) return decline('There is no data to ask about');
  const quotedAt = new Set(tokens.flatMap((t, i) => (t.quoted ? [i] : [])));
  const ctx: ParseContext = {
    question: text,
    tokens,
    lemmas: tokens.map((t) => t.lemma),
    model,
    base: chosen.table,
    resolved: resolveMentions(
      mentions,
      chosen.table,
      model,
      quotedAt,
      tokens.map((t) => t.lemma),
    ),
    time,
    used: new Set(),
    consumed: new Set(),
    groupTargets: new Set(),
    measures: [],
    dimensions: [],
    filters: [],
    having: [],
    order: [],
    distinct: false,
    filterLogic: 'and',
    penalties: [],
    filterSpans: [],
  };
  tokens.forEach((_, i) => inTime(i) && ctx.used.add(i));
  const fullName = fullNames(ctx);
  for (const r of ctx.resolved) if (r.kind === 'table') markUsed(ctx, r.start, r.end);
  for (const r of ctx.resolved)
    if (r.kind === 'column' && r.ambiguous)
      penalise(ctx, 0.85, `"${tokens[r.start]!.raw}" fits several columns`);
  // Measured on the eval sets, readings through a join are right about two times in three:
  // alone such a doubt still answers, with any other doubt it declines. A fact grouped or filtered
  // by an attribute of a dimension its rows refer to (orders by their store's region) is no such
  // doubt: it is the star schema's ordinary question.
  for (const r of ctx.resolved)
    if (r.kind === 'column' && r.joined && !isDimensionOfFact(model, ctx.base.name, r.column.table))
      penalise(ctx, 0.62, `${r.column.label} comes from another table`);
  if (model.tables.length > 1 && chosen.margin < 1)
    penalise(ctx, chosen.margin < 0.5 ? 0.6 : 0.75, 'more than one table fits');

  derivedMetrics(ctx);
  valueFilters(ctx);
  flagAdjectives(ctx);
  const countConditions = comparisonFilters(ctx);
  numberAfterColumn(ctx);
  ageFilters(ctx);
  yearFilters(ctx);
  numberBeforeColumn(ctx);
  edgeFilters(ctx);
  containsFilters(ctx);
  filterLogic(ctx);
  const counts = findCountWords(ctx);
  const found = findMeasures(ctx, counts);
  const { pendingSuperlatives } = found;
  // Measures already made (by a condition on an aggregate) are not repeated.
  const at = found.measures.map((m) => {
    const same = ctx.measures.findIndex(
      (x) =>
        x.agg === m.agg &&
        x.metric === m.metric &&
        x.column?.table === m.column?.table &&
        x.column?.column === m.column?.column,
    );
    if (same >= 0) return same;
    ctx.measures.push(m);
    return ctx.measures.length - 1;
  });
  const superlativeMeasures = found.superlativeMeasures.map((i) => at[i]!);
  const correlation = correlationColumns(ctx);
  if (!correlation) defaultMeasures(ctx);
  applyTime(ctx);
  const shaped = applyOrdering(ctx, pendingSuperlatives, countConditions, superlativeMeasures);
  if (rankPeriods(ctx)) shaped.intent = 'superlative';

  // "the names of states": a name column followed by the column it names.
  for (const c of freeColumns(ctx)) {
    if (!/name|title/i.test(c.column.name)) continue;
    let k = c.end;
    // "the names and average salaries of all departments": the name is the department's.
    if (tokens[k]?.text === 'and' || tokens[k]?.text === ',') {
      for (let j = k + 1; j < c.end + 9 && tokens[j]; j++) {
        const w = tokens[j]!.text;
        if ((w === 'of' || w === 'for') && !ctx.used.has(j)) {
          k = j;
          break;
        }
        if (!ctx.used.has(j) && !['and', ',', 'the', 'a', 'its', 'their'].includes(w)) break;
      }
    }
    if (tokens[k]?.text !== 'of' && !(tokens[k]?.text === 'for' && k > c.end)) continue;
    while (
      ['of', 'for', 'the', 'all', 'every', 'each', 'top'].includes(tokens[k]?.text ?? '') ||
      (tokens[k]?.number != null && k > c.end)
    )
      k++;
    const named = ctx.resolved.find(
      (r) => r.start === k && r.kind === 'column' && !ctx.consumed.has(r.start),
    );
    if (named && named.kind === 'column' && named.column.kind === 'text' && named.column !== c.column) {
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start, c.end);
    }
  }
  // "for each city, list their names": the name of what is grouped.
  if (ctx.groupTargets.size) {
    for (const c of freeColumns(ctx)) {
      if (
        !/name|title/i.test(c.column.name) ||
        !['their', 'its'].includes(tokens[c.start - 1]?.text ?? '') ||
        ctx.groupTargets.has(c.start)
      )
        continue;
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start - 1, c.end);
    }
  }
  // "assigned to any project": a column after "any" qualifies, it does not group.
  for (const c of freeColumns(ctx)) {
    if (['any', 'some'].includes(tokens[c.start - 1]?.text ?? '')) {
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start - 1, c.end);
      penalise(ctx, 0.6, `"any ${c.column.label}" ignored`);
    }
  }
  // "manufacturer code": a lone weak word right after a column belongs to it.
  for (const c of freeColumns(ctx)) {
    const prev = ctx.resolved.find((r) => r.end === c.start && r.kind === 'column');
    // "institution type" with a column Institution naming the table's own rows: the type of it.
    if (prev && prev.kind === 'column' && isEntityColumn(ctx, prev.column) && c.quality >= 0.9) continue;
    // "job title" with a column job and no title: a loosely matched word only completes it.
    if (
      prev &&
      c.end - c.start === 1 &&
      (['code', 'id', 'name', 'number', 'type'].includes(tokens[c.start]!.lemma) ||
        (c.quality < 0.8 && prev.quality >= 0.9))
    ) {
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start, c.end);
    }
  }
  booleanFilters(ctx);
  // "book publishers": a weakly matched word right before another column only qualifies it.
  for (const c of freeColumns(ctx)) {
    const next = ctx.resolved.find((r) => r.start === c.end && r.kind === 'column');
    // "institution types" with a column Institution naming the table's own rows: whose types.
    if (
      next &&
      (c.quality < 0.8 ||
        (isEntityColumn(ctx, c.column) &&
          next.kind === 'column' &&
          next.quality >= 0.9 &&
          !isEntityColumn(ctx, next.column)))
    ) {
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start, c.end);
    }
  }
  // Columns left without a role: group-bys when something is aggregated, else the listing.
  const free = freeColumns(ctx);
  let intent: TIntent;
  let columns: { table: string; column: string }[] = [];
  if (correlation) {
    intent = 'correlation';
    columns = correlation;
  } else if (ctx.measures.length || ctx.dimensions.length || rowsPerGroup(ctx)) {
    for (const c of free) {
      if (
        ctx.dimensions.some(
          (d) => d.column.column === c.column.name && d.column.table === c.column.table && !d.grain,
        )
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "for all companies" naming column Company of table company: the entity, not a grouping.
      if (isEntityColumn(ctx, c.column) && !ctx.groupTargets.has(c.start)) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "average age of all artists": the population, not a grouping.
      // Not with a count condition and nothing else to group by: "the names of all cities with more than one airport".
      const countedGroups =
        ctx.having.length > 0 &&
        !ctx.dimensions.length &&
        !free.some((o) => o !== c && !ctx.consumed.has(o.start));
      if (
        tokens[c.start - 1]?.text === 'all' &&
        ['of', 'across', 'for', 'among', 'over', 'from'].includes(tokens[c.start - 2]?.text ?? '') &&
        !ctx.groupTargets.has(c.start) &&
        !countedGroups &&
        (c.column.kind !== 'text' || (c.column.distinctCount ?? 0) >= 0.9 * (ctx.base.rowCount ?? 0))
      ) {
        markUsed(ctx, c.start - 1, c.end);
        continue;
      }
      // "the average capacity among rooms in each building": the population, the building groups.
      if (
        ctx.groupTargets.size &&
        !ctx.groupTargets.has(c.start) &&
        c.quality < 0.9 &&
        ['for', 'among', 'of', 'across', 'over', 'all', 'the'].includes(tokens[c.start - 1]?.text ?? '')
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "the most common position of players", "the location with the most corresponding
      // counties": a column with a different value in every row, after such words, is what is
      // counted, while another column groups.
      let q = c.start - 1;
      while (['the', 'all'].includes(tokens[q]?.text ?? '')) q--;
      const rowsOf = (x: typeof c): boolean =>
        (ctx.base.rowCount ?? 0) > 1 && x.column.distinctCount === ctx.base.rowCount;
      if (
        rowsOf(c) &&
        (c.quality >= 0.8 || ['most', 'least', 'fewest'].includes(tokens[q]?.text ?? '')) &&
        !ctx.groupTargets.has(c.start) &&
        ['of', 'among', 'for', 'corresponding', 'most', 'least', 'fewest'].includes(tokens[q]?.text ?? '') &&
        ctx.measures.every((m) => m.agg === 'count') &&
        !['that', 'who', 'which', 'with', 'whose', 'having', 'has', 'have', 'had'].includes(
          tokens[c.end]?.text ?? '',
        ) &&
        free.some((o) => o !== c && o.start < c.start && !rowsOf(o) && o.column.name !== c.column.name)
      ) {
        markUsed(ctx, q + 1, c.end);
        continue;
      }
      // "the average fee for a campus": one of them, not each of them.
      let p = c.start - 1;
      if (
        tokens[p] &&
        /^[A-Z]{2,}$/.test(tokens[p]!.raw) &&
        !ctx.resolved.some((r) => r.start <= p && p < r.end)
      )
        p--;
      if (
        ['a', 'an'].includes(tokens[p]?.text ?? '') &&
        ['for', 'on', 'of', 'per', 'in', 'at'].includes(tokens[p - 1]?.text ?? '') &&
        !ctx.groupTargets.has(c.start) &&
        ctx.measures.length
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "which city has the lowest GDP ... and its GDP": the measured column is not a grouping.
      if (
        ctx.measures.some((m) => m.column?.table === c.column.table && m.column.column === c.column.name) &&
        !ctx.groupTargets.has(c.start)
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "tickets opened last month": a date named by its verb beside a period is the period's
      // date, not a grouping.
      if (
        c.column.isTime &&
        c.column.table === ctx.base.name &&
        ctx.time.period &&
        !ctx.groupTargets.has(c.start) &&
        c.end === c.start + 1 &&
        namesColumn(tokens[c.start]!.text, c.column) &&
        baseForms(tokens[c.start]!.text).some((f) => f.pos === 'v' && f.word !== tokens[c.start]!.text)
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      // "managers in countries that are not Australia": the filter's column is not a grouping.
      if (
        ctx.filters.some((f) => f.column.column === c.column.name && f.column.table === c.column.table) &&
        !ctx.groupTargets.has(c.start)
      ) {
        markUsed(ctx, c.start, c.end);
        continue;
      }
      const idLike = c.column.name.toLowerCase().endsWith('id');
      // "the ids of the two department store chains": the ids are said before the column.
      let w = c.start - 1;
      while (['the', 'all', 'top'].includes(tokens[w]?.text ?? '') || tokens[w]?.number != null) w--;
      const saysId =
        tokens.slice(c.start, c.end).some((x) => x.lemma === 'id') ||
        (tokens[w]?.text === 'of' && tokens[w - 1]?.lemma === 'id');
      // "the 3 best-selling brands by sales": ranked things named by the key the fact refers to them
      // with are shown by their name, as every BI tool lists them.
      const named =
        idLike && !saysId && ctx.limit !== undefined
          ? nameOfReferenced(ctx.model, ctx.base.name, c.column)
          : null;
      if (named) {
        // Shown by what the question says of them ("ticker symbols"), else by their name.
        const said = free.some((o) => o !== c && o.column.table === named.table);
        if (
          !said &&
          !ctx.dimensions.some((x) => x.column.table === named.table && x.column.column === named.name)
        )
          ctx.dimensions.push({ column: ref(named), label: named.label });
        markUsed(ctx, c.start, c.end);
        continue;
      }
      if (idLike && !saysId && c.quality < 1 && !ctx.groupTargets.has(c.start) && ctx.measures.length) {
        // "documents" naming Document_ID: the thing counted, not a grouping.
        markUsed(ctx, c.start, c.end);
        penalise(ctx, 0.85, `"${c.column.label}" read as what is counted`);
        continue;
      }
      ctx.dimensions.push({ column: ref(c.column), label: c.column.label });
      markUsed(ctx, c.start, c.end);
      if (c.quality < 0.8 && !ctx.groupTargets.has(c.start))
        penalise(ctx, 0.7, `"${tokens[c.start]!.raw}" read as ${c.column.label}`);
      if (c.column.entityType === 'KPI' && (!shaped.grouped || !ctx.groupTargets.has(c.start)))
        penalise(ctx, 0.7, `grouping by ${c.column.label}, a measure`);
    }
    if (!ctx.measures.length)
      ctx.measures.push({ agg: 'count', label: measureLabel('count', undefined, ctx.base.label) });
    const firstAt = fullName
      ? ctx.dimensions.findIndex(
          (d) =>
            !d.grain && d.column.table === fullName.first.table && d.column.column === fullName.first.name,
        )
      : -1;
    if (
      fullName &&
      firstAt >= 0 &&
      !ctx.dimensions.some(
        (d) => d.column.column === fullName.last.name && d.column.table === fullName.last.table,
      )
    )
      ctx.dimensions.splice(firstAt + 1, 0, { column: ref(fullName.last), label: fullName.last.label });
    // "Show all sport names and the number of students": a column listed beside a measure groups.
    const besideMeasure = free.some((c) => {
      const after = tokens.slice(c.end, c.end + 3).map((x) => x.text);
      const before = tokens.slice(Math.max(0, c.start - 3), c.start).map((x) => x.text);
      return (
        ((after[0] === 'and' ||
          after[0] === ',' ||
          after[0] === 'with' ||
          after[0] === 'along' ||
          after[0] === 'together') &&
          ctx.measures.length > 0) ||
        (before.includes('and') &&
          ctx.measures.length > 0 &&
          tokens
            .slice(0, c.start)
            .some(
              (x, i) =>
                ctx.used.has(i) && ['number', 'count', 'total', 'average', 'sum', 'many'].includes(x.text),
            ))
      );
    });
    if (ctx.dimensions.length && !shaped.grouped && !ctx.having.length)
      penalise(ctx, besideMeasure ? 0.85 : 0.6, 'grouping is implied, not said');
    if (
      ctx.dimensions.filter((d) => !d.grain).length >= 2 &&
      free.some((c) => !ctx.groupTargets.has(c.start))
    )
      penalise(ctx, 0.5, 'grouping by two things');
    if (ctx.having.length && !ctx.dimensions.length)
      penalise(ctx, 0.3, 'a count condition without a grouping');
    intent =
      shaped.intent ??
      (ctx.dimensions.some((d) => d.grain) ? 'trend' : ctx.dimensions.length ? 'breakdown' : 'value');
  } else {
    // "positions of players": a near-unique column after "of" only says whose.
    const listed = free.filter((c, k) => {
      // "the location codes for documents", "buildings that have rooms": a loosely named
      // column after such words only says whose or which rows.
      let p = c.start - 1;
      while (
        p >= 0 &&
        (['the', 'a', 'an', 'all', 'any', 'some', 'each', 'every'].includes(tokens[p]!.text) ||
          ctx.resolved.some((r) => r.kind === 'table' && r.start <= p && p < r.end))
      )
        p--;
      if (
        k > 0 &&
        c.quality < 0.9 &&
        ['for', 'with', 'of', 'have', 'has', 'had'].includes(tokens[p]?.text ?? '')
      ) {
        markUsed(ctx, c.start, c.end);
        return false;
      }
      if (
        k === 0 ||
        (!['of'].includes(tokens[c.start - 1]?.text ?? '') &&
          !(tokens[c.start - 1]?.text === 'the' && tokens[c.start - 2]?.text === 'of'))
      )
        return true;
      if (!isEntityColumn(ctx, c.column) && (c.column.distinctCount ?? 0) < 0.9 * (ctx.base.rowCount ?? 1))
        return true;
      markUsed(ctx, c.start, c.end);
      return false;
    });
    columns = listed.map((c) => ref(c.column));
    // "which team has the smallest payroll": the payroll is shown beside the team.
    const ranking =
      ctx.limit !== undefined ? ctx.order.find((o) => o.kind === 'column' && o.column) : undefined;
    if (ranking?.column && columns.length) columns.push(ranking.column);
    // "all the information about …": every column.
    if (
      tokens.some((x) => ['information', 'info', 'details', 'data', 'everything'].includes(x.text)) &&
      tokens.some((x) => x.text === 'all' || x.text === 'everything')
    ) {
      columns = ctx.base.columns.map((c) => ref(c));
    }
    for (const c of free) markUsed(ctx, c.start, c.end);
    if (fullName)
      columns = columns.flatMap((c) =>
        c.table === fullName.first.table && c.column === fullName.first.name ? [c, ref(fullName.last)] : [c],
      );
    columns = columns.filter(
      (c, i) => columns.findIndex((x) => x.table === c.table && x.column === c.column) === i,
    );
    if (!columns.length) {
      const label = ctx.base.columns.find((c) => /name|title/i.test(c.name)) ?? ctx.base.columns[0];
      if (!label) return decline('The table has no columns');
      columns = [ref(label)];
      if (ranking?.column) columns.push(ranking.column);
      // "Customers with more than 50 orders", "show the stores in Europe": things asked for by
      // their table's name are listed by their name.
      let first = 0;
      while (['list', 'show', 'give', 'me', 'find', 'all', 'the', 'our'].includes(tokens[first]?.text ?? ''))
        first++;
      const thingsNamed =
        /name|title/i.test(label.name) &&
        ctx.resolved.some((r) => r.kind === 'table' && r.table === ctx.base && r.start === first);
      // "what is our cheapest product": things ranked by the quality said right before their name.
      const thingsRanked =
        !!ranking?.column &&
        ctx.resolved.some(
          (r) =>
            r.kind === 'table' &&
            r.table === ctx.base &&
            ctx.used.has(r.start - 1) &&
            !!adjectiveColumn(tokens[r.start - 1]?.text ?? ''),
        );
      if (!/^(who|which)\b/i.test(text) && !thingsNamed && !thingsRanked)
        penalise(ctx, 0.6, 'no column was named');
    }
    intent = shaped.intent ?? 'list';
    // "signups 2025": a noun made from a date column names the events, to be counted; a list
    // of dates is asked for with "dates", "days" or "when".
    const dateList = columns.every(
      (c) => model.tables.find((t) => t.name === c.table)?.columns.find((x) => x.name === c.column)?.isTime,
    );
    if (dateList && !tokens.some((x) => ['date', 'day', 'when', 'time', 'timestamp'].includes(x.lemma)))
      penalise(ctx, DOUBT_WEIGHTS.datesNotAsked, 'a list of dates was not asked for');
    if (ctx.tokens.some((t) => ['different', 'distinct', 'unique'].includes(t.text))) ctx.distinct = true;
    // "Show every major", "what ranks do we have": the values of a repeating attribute, once each.
    const only =
      columns.length === 1
        ? ctx.base.columns.find((c) => c.name === columns[0]!.column && c.table === columns[0]!.table)
        : undefined;
    if (
      only &&
      !only.isKey &&
      only.entityType === 'ATTRIBUTE' &&
      !ctx.order.length &&
      (only.distinctCount ?? 0) > 0 &&
      (only.distinctCount ?? 0) <= 0.5 * (ctx.base.rowCount ?? 0)
    )
      ctx.distinct = true;
  }

  // "names of clubs" read as player.Club_ID: the question is about another table's rows.
  const shown = columns;
  for (const r of ctx.resolved) {
    if (r.kind !== 'column' || r.quality >= 1 || !r.column.name.toLowerCase().endsWith('id')) continue;
    if (!shown.some((c) => c.table === r.column.table && c.column === r.column.name)) continue;
    const phrase = tokens
      .slice(r.start, r.end)
      .map((x) => x.lemma)
      .join(' ');
    const other = model.tables.find(
      (t) => t !== ctx.base && splitIdentifier(t.name).map(lemma).join(' ') === phrase,
    );
    if (other && !tokens.slice(r.start, r.end).some((x) => x.lemma === 'id'))
      penalise(ctx, DOUBT_WEIGHTS.tableNamedByKey, tableNamedByKey(phrase, other.label));
  }
  // "the number of video games in each type" with no type understood: the grouping was missed.
  if (ctx.measures.length && !ctx.dimensions.some((d) => !d.grain)) {
    // "profit per unit": "per" before a measure's column makes a ratio (per-entity.ts).
    const measuredAt = (i: number) =>
      ctx.resolved.some(
        (r) =>
          r.kind === 'column' &&
          r.start === i &&
          ctx.measures.some((m) => m.column?.table === r.column.table && m.column.column === r.column.name),
      );
    const missed = tokens.findIndex(
      (x, i) =>
        ['each', 'per', 'every'].includes(x.text) &&
        !ctx.used.has(i) &&
        !inTime(i) &&
        !(x.text === 'per' && measuredAt(i + 1)),
    );
    if (missed >= 0)
      penalise(
        ctx,
        0.5,
        `"${tokens[missed]!.raw} ${tokens[missed + 1]?.raw ?? ''}" was not understood as a grouping`,
      );
  }
  // "stations that have ever had more than 12 bikes available": listing rows of a table through
  // the many rows that refer to it repeats them; each is listed once.
  if (
    !ctx.measures.length &&
    !ctx.dimensions.length &&
    !ctx.distinct &&
    columns.every((c) => c.table === ctx.base.name)
  ) {
    const touched = new Set([
      ...ctx.filters.map((f) => f.column.table),
      ...ctx.order.flatMap((o) => (o.column ? [o.column.table] : [])),
    ]);
    if (
      [...touched].some(
        (t) =>
          t !== ctx.base.name &&
          ctx.model.joins.some((j) => j.from[0]!.table === t && j.to[0]!.table === ctx.base.name),
      )
    )
      ctx.distinct = true;
  }
  const referencing = countThroughReference(ctx);
  // A table named but not used by the plan means part of the question was not understood.
  const usedTables = new Set([
    ctx.base.name,
    ...(referencing ? [referencing.table] : []),
    ...ctx.measures.flatMap((m) => (m.column ? [m.column.table] : [])),
    ...ctx.dimensions.map((d) => d.column.table),
    ...ctx.filters.map((f) => f.column.table),
    ...columns.map((c) => c.table),
  ]);
  for (const r of ctx.resolved) {
    if (r.kind !== 'table' || usedTables.has(r.table.name)) continue;
    // "movie ratings", "heads of the departments": a table word that only qualifies the subject.
    const next = ctx.resolved.find((x) => x.start === r.end);
    let k = r.start - 1;
    if (tokens[k]?.text === 'the') k--;
    const prev = tokens[k]?.text === 'of' ? ctx.resolved.find((x) => x.end === k) : undefined;
    const subject = (x?: Resolved): boolean => !!x && x.kind === 'table' && x.table === ctx.base;
    const qualifier = subject(next) || subject(prev);
    penalise(ctx, r.quality >= 0.9 && !qualifier ? 0.45 : 0.6, `${r.table.label} is named but not used`);
  }
  // An ordering by an aggregate with nothing grouped ranks a single row.
  if (
    ctx.limit !== undefined &&
    ctx.order.some((o) => o.kind === 'measure') &&
    !ctx.dimensions.length &&
    !referencing &&
    intent !== 'list'
  )
    penalise(ctx, 0.4, 'a ranking of one number');
  // "a book in 1989 and a book in 1990": one row cannot have two values (that needs INTERSECT).
  const eqs = ctx.filters.filter((f) => f.op === 'eq');
  if (
    ctx.filterLogic === 'and' &&
    eqs.some((f, i) =>
      eqs.some(
        (g, j) =>
          j > i &&
          g.column.table === f.column.table &&
          g.column.column === f.column.column &&
          g.values[0] !== f.values[0],
      ),
    )
  )
    penalise(ctx, 0.3, 'one column must equal two values at once');
  const sameColumnTwice = ctx.filters.some(
    (f, i) =>
      f.op === 'in' ||
      ctx.filters.some(
        (g, j) => j !== i && g.column.table === f.column.table && g.column.column === f.column.column,
      ),
  );
  if (tokens.some((x) => x.text === 'both' || x.text === 'shared') && sameColumnTwice)
    penalise(ctx, 0.3, '"both" needs each member, not either');
  else
    tokens.forEach(
      (x, i) =>
        x.text === 'both' && ctx.filters.length >= 2 && ctx.filterLogic === 'and' && markUsed(ctx, i, i + 1),
    );
  // "in the US": a word in capitals is a name, even when it spells a common word.
  const filler = (t: (typeof tokens)[number]): boolean =>
    isFillerAt(tokens, i0(t)) && !(/^[A-Z]{2,4}$/.test(t.raw) && i0(t) > 0);
  const i0 = (t: (typeof tokens)[number]): number => tokens.indexOf(t);
  const usedColumns = new Set(
    [
      ...ctx.measures.flatMap((m) => (m.column ? [m.column] : [])),
      ...(referencing?.measure.column ? [referencing.measure.column] : []),
      ...ctx.dimensions.map((d) => d.column),
      ...ctx.filters.map((f) => f.column),
      ...columns,
      ...ctx.order.flatMap((o) => (o.column ? [o.column] : [])),
    ].map((c) => `${c.table}.${c.column}`),
  );
  // "units sold", "items bought": the verb after a measured amount of things says nothing more.
  tokens.forEach((t, i) => {
    if (!['sold', 'bought', 'purchased', 'ordered', 'shipped'].includes(t.text) || ctx.used.has(i)) return;
    const before = ctx.resolved.find(
      (r) =>
        r.kind === 'column' &&
        r.end === i &&
        r.column.kind === 'number' &&
        usedColumns.has(`${r.column.table}.${r.column.name}`),
    );
    if (before) ctx.used.add(i);
  });
  const byMeaningOnly = new Map<number, string[]>();
  for (const m of allMentions)
    if (m.kind === 'column' && m.byMeaning)
      byMeaningOnly.set(
        m.start,
        m.hits.map((h) => `${h.ref.table}.${h.ref.column}`),
      );
  // "people hired in 2025" (hire_date), "customers who joined in 2025" (signup_date), "staff who
  // left": the verb naming the period's date is explained by it.
  const dated = ctx.time.period && !referencing ? namedDate(ctx) : undefined;
  const verbOf = (word: string, date: ModelColumn) =>
    verbNamesDate(word, date) ||
    (namesColumn(word, date) && baseForms(word).some((f) => f.pos === 'v' && f.word !== word));
  if (dated) {
    tokens.forEach((t, i) => verbOf(t.text, dated) && ctx.used.add(i));
    // The period is read on it: a word meaning it is used.
    usedColumns.add(`${dated.table}.${dated.name}`);
  }
  const unexplained = tokens.filter(
    (t, i) =>
      (!ctx.used.has(i) && !filler(t) && t.text.length > 1) ||
      (!ctx.used.has(i) && t.number !== null && !FILLER.has(t.text)) ||
      // A word read by its meaning explains nothing when the answer does not use what it meant.
      (byMeaningOnly.has(i) && !byMeaningOnly.get(i)!.some((c) => usedColumns.has(c))),
  );

  const used = { tables: usedTables, columns: usedColumns };
  let confidence = 0.97;
  for (const p of ctx.penalties) confidence *= p.factor;
  for (const u of unexplained) {
    // "for each position" with no position understood: the grouping was missed.
    const at = tokens.indexOf(u);
    const afterGroupWord = ['each', 'per', 'every', 'by'].includes(tokens[at - 1]?.text ?? '');
    // "assistant professors" read as Professor: a word glued to a value may change which value.
    const besideValue =
      /^[a-z]+$/.test(u.text) &&
      !isSoftWord(u.text) &&
      ctx.filterSpans.some((f) => f.kind === 'value' && (f.start === at + 1 || f.end === at));
    const first = at === 0 || /[.?!]\s*$/.test(text.slice(0, u.start));
    // "… ? Return the id, name and total.": a column listed among what to show, left out.
    // "… top customers by total amount? Return their name and total amount.": a word repeated
    // from the question restates what it asked.
    const listedOutput =
      inReturnClause(tokens, at) &&
      !FILLER.has(u.text) &&
      !tokens.some((x, i) => i !== at && ctx.used.has(i) && x.lemma === u.lemma);
    confidence *= afterGroupWord
      ? DOUBT_WEIGHTS.missedGrouping
      : listedOutput
        ? DOUBT_WEIGHTS.listedOutputMissing
        : Math.min(
            besideValue ? 0.5 : 1,
            unexplainedFactor(
              { ...u, first },
              ctx.measures.length > 0 || intent === 'superlative',
              model,
              used,
            ),
          );
  }
  const plan: TQueryPlan = {
    intent,
    table: referencing?.table ?? ctx.base.name,
    measures: referencing ? [referencing.measure] : ctx.measures,
    dimensions: ctx.dimensions,
    columns,
    distinct: ctx.distinct,
    filters: ctx.filters,
    filterLogic: ctx.filterLogic,
    having: ctx.having,
    order: ctx.order,
    limit: ctx.limit,
    comparison: time.comparison?.kind,
    share: shaped.share,
    ...(ctx.time.period && timeRangeOf(ctx, referencing?.table)
      ? { timeRange: timeRangeOf(ctx, referencing?.table)! }
      : {}),
  };
  return {
    plan,
    confidence: Math.max(0, Math.min(1, confidence)),
    ranked: chosen.ranked,
    doubts: [
      ...ctx.penalties.map((p) => p.reason),
      ...unexplained.map((u) => `did not understand "${u.raw}"`),
    ],
    unexplained: unexplained.map((u) => u.raw),
  };
}

/**
 * "orders per channel", "customers by segment": the table's own rows named right before "per" or
 * "by" and an attribute (not a date: "orders by date" may list them in date order), counted per
 * value of it.
 */
function rowsPerGroup(ctx: ParseContext): boolean {
  // "invoices issued last month by status": only a verb and the period between the rows and "by".
  const between = (from: number, to: number) =>
    ctx.tokens
      .slice(from, to)
      .every(
        (x, k) =>
          ctx.used.has(from + k) || isSoftWord(x.text) || ['in', 'during', 'on', 'the'].includes(x.text),
      );
  return ctx.tokens.some((t, i) => {
    if (t.text !== 'per' && t.text !== 'by') return false;
    const rows = ctx.resolved.some(
      (r) =>
        r.kind === 'table' && r.table === ctx.base && (r.end === i || (r.start === 0 && between(r.end, i))),
    );
    const group = ctx.resolved.find((r) => r.kind === 'column' && r.start === i + 1);
    return (
      rows &&
      group?.kind === 'column' &&
      ctx.groupTargets.has(group.start) &&
      !group.column.isTime &&
      group.column.kind === 'text'
    );
  });
}

/**
 * Whether token `at` is in a sentence that lists what to show, after a first sentence that asks
 * the question ("… ? Return the id, name and total."): every word there names an output column.
 */
function inReturnClause(tokens: { text: string; raw: string }[], at: number): boolean {
  for (let k = at - 1; k > 0; k--) {
    if (['return', 'include', 'output', 'display'].includes(tokens[k]!.text))
      return /^[A-Z]/.test(tokens[k]!.raw);
    if (['.', '?', '!'].includes(tokens[k]!.text)) return false;
  }
  return false;
}

/**
 * "the full names of employees" with columns first_name and last_name: the name is said by
 * both. Returns the pair, with "full name" read as the first name column (the last follows it).
 */
function fullNames(ctx: ParseContext): { first: ModelColumn; last: ModelColumn } | null {
  const t = ctx.tokens;
  const at = t.findIndex((x, i) => x.text === 'full' && ['name', 'names'].includes(t[i + 1]?.text ?? ''));
  if (at < 0) return null;
  const named = (part: string, short: string) =>
    ctx.base.columns.filter((c) => {
      const w = splitIdentifier(c.name);
      return c.kind === 'text' && ((w.includes(part) && w.at(-1) === 'name') || w.at(-1) === short);
    });
  const first = named('first', 'fname');
  const last = named('last', 'lname');
  if (first.length !== 1 || last.length !== 1) return null;
  ctx.resolved = ctx.resolved.filter((r) => r.end <= at || r.start >= at + 2);
  const mention: Resolved = {
    kind: 'column',
    start: at,
    end: at + 2,
    column: first[0]!,
    quality: 1,
    ambiguous: false,
    joined: false,
    alternatives: [],
  };
  const after = ctx.resolved.findIndex((r) => r.start > at);
  ctx.resolved.splice(after < 0 ? ctx.resolved.length : after, 0, mention);
  return { first: first[0]!, last: last[0]! };
}

/**
 * The period's column: the base's date, or, where the base's things are counted through the rows
 * that refer to them ("customers who placed orders last month"), those rows' date unless the
 * question names the base's own ("customers who signed up last month").
 */
function timeRangeOf(ctx: ParseContext, counted?: string): TQueryPlan['timeRange'] | null {
  const p = ctx.time.period;
  const through = ctx.model.tables.find((t) => t.name === counted)?.columns.find((c) => c.isTime);
  const col = namedDate(ctx) ?? through ?? periodColumn(ctx);
  if (!p || !col) return null;
  return { column: ref(col), from: p.from, to: p.to, label: p.label };
}
