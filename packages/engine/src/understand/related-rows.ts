import type { TColumnRef, TFilter, TRelatedCondition } from '@catalyst/contracts';
import { measureSemantics } from '../cards/semantics';
import type { ModelTable, SemanticModel } from '../model/types';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import { baseForms } from '../nlp/wordnet';
import { findMentions, type Mention } from './mentions';
import { findTimeWords } from './periods';
import { salesColumn } from './filters';
import { isMoneyColumn } from '../cards/words';
import { referenceKey } from './context';

// "customers who have not placed any orders", "stores without returns", "products with at least
// 3 reviews", "members that made more than 2 bookings in 2025": things kept by how many rows of
// another table refer to them. The words from the things' name to the referring rows' name (and a
// period said right after those) are one condition; the rest of the question is read as it is.
// "Customers who spent over 20000 this year", "how many stores have revenue above 1M": a bound on
// an amount that adds up, said of things, keeps them by the total of the rows that refer to them,
// not by any one row's amount.

/** Whose, relative pronouns and the helping verbs that may stand between the two names. */
const RELATIVE = new Set(['who', 'that', 'which', 'what', 'whom']);
const HELPING = new Set([
  'have',
  'has',
  'had',
  'do',
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'ever',
  'yet',
]);
const NEGATIONS = new Set([
  'not',
  'never',
  "haven't",
  "hasn't",
  "hadn't",
  "don't",
  "doesn't",
  "didn't",
  "aren't",
  "isn't",
  "weren't",
  "wasn't",
  'havent',
  'hasnt',
  'dont',
  'doesnt',
  'didnt',
]);
/** Words that say "one or more" before a noun. */
const SOME = new Set(['a', 'an', 'any', 'some', 'one']);
/** Words between a period and the name it qualifies ("orders in 2025", "bookings since May"). */
const PERIOD_LINKS = new Set([
  'in',
  'during',
  'over',
  'for',
  'within',
  'since',
  'after',
  'before',
  'on',
  'from',
  'of',
]);
/** Words that are no verb: a condition's words stop at them ("who has the most orders" is a ranking). */
const FUNCTION_WORDS = new Set([
  'no',
  'zero',
  'and',
  'or',
  'by',
  'per',
  'of',
  'for',
  'in',
  'on',
  'at',
  'to',
  'with',
  'from',
  'the',
  'this',
  'that',
  'these',
  'those',
  'their',
  'its',
  'his',
  'her',
  'our',
  'my',
  'your',
  'most',
  'least',
  'more',
  'less',
  'fewer',
  'fewest',
  'many',
  'much',
  'all',
  'every',
  'each',
  'than',
  'highest',
  'lowest',
  'largest',
  'smallest',
  'biggest',
  'greatest',
  'top',
  'bottom',
  'same',
  'other',
  'only',
]);
/** Words after a condition that end it: the rest of the question goes on from there. */
const CLAUSE_ENDS = new Set([
  'by',
  'per',
  'sorted',
  'ordered',
  'order',
  'grouped',
  'group',
  'ranked',
  'return',
  'broken',
  'split',
]);
/** After "and", words that start another part of the question rather than go on with the condition. */
const NEXT_PART = new Set([
  'return',
  'show',
  'list',
  'give',
  'what',
  'how',
  'which',
  'their',
  'its',
  'sort',
  'order',
  'rank',
]);
/** Words for a table's rows said after its name. */
const ROW_WORDS = new Set(['record', 'records', 'entry', 'entries', 'row', 'rows']);
/** Comparison signs written before a number. */
const SIGNS: Record<string, Op> = {
  '>': 'gt',
  '>=': 'gte',
  '≥': 'gte',
  '<': 'lt',
  '<=': 'lte',
  '≤': 'lte',
  '=': 'eq',
};
/** Verbs whose object is money: what things spent or earned is the total of their sales. */
const MONEY_VERBS = new Set(['spend', 'pay', 'earn', 'gross', 'generate']);
/** Words after a bound on an amount that only say it is the total ("over 5000 in total"). */
const TOTAL_TAILS = [['in', 'total'], ['overall'], ['altogether'], ['combined'], ['all', 'together']];
/** Currency words after a number ("over 500 dollars"). */
const CURRENCY = new Set(['dollars', 'dollar', 'euros', 'euro', 'pounds', 'usd', 'eur', 'gbp']);
/** Words that only stress a count. */
const STRESS = new Set(['total', 'different', 'distinct', 'separate', 'unique', 'individual', 'single']);
/** At most this many words of a verb between the helping verb and the referring rows ("made", "placed"). */
const MAX_VERB_WORDS = 2;

type Op = TRelatedCondition['op'];

export interface RelatedClause {
  /** Token span of the condition (the kept things' name excluded). */
  start: number;
  end: number;
  /** Character span of the same words. */
  from: number;
  to: number;
  /** The table whose rows are kept. */
  of: ModelTable;
  /** One condition, or two where a cap on the count leaves out the things with none. */
  conditions: TRelatedCondition[];
}

/** The one condition on referring rows a question states after a table's name, or null. */
export function relatedClause(
  question: string,
  tokens: Token[],
  model: SemanticModel,
  now: Date,
): RelatedClause | null {
  const mentions = findMentions(tokens, model);
  for (const m of mentions) {
    if (m.kind !== 'table') continue;
    // Right after the things' name, or after a value that qualifies them ("accounts on the
    // enterprise plan that never opened a ticket": the plan stays with the rest of the question).
    const from = qualified(
      tokens,
      m.end,
      mentions,
      m.tables.map((t) => t.table.name),
    );
    const starts = from > m.end ? [m.end, from] : [m.end];
    let at = m.end;
    let found: Found | null = null;
    for (const k of starts) {
      found = clauseAfter(question, k, tokens, mentions, model);
      if (found) {
        at = k;
        break;
      }
    }
    if (!found) continue;
    const pair = m.tables
      .flatMap((e) =>
        found.tables.filter((r) => refersTo(model, r.table, e.table)).map((r) => ({ of: e.table, ...r })),
      )
      .sort((a, b) => b.quality - a.quality)[0];
    if (!pair || (pair.total && !manyEach(model, pair.table, pair.of))) continue;
    const { of, where } = pair;
    const referring = pair.table;
    const period = periodAfter(question, tokens, found.end, now);
    const time = period && referring.columns.find((c) => c.isTime);
    if (found.bare && !time) continue;
    const end = time ? period!.endToken : found.end;
    // Words that go on qualifying the referring rows ("orders shipped to Spain") are not read.
    if (!endsThere(question, tokens, end)) return null;
    const said = question.slice(tokens[at]!.start, tokens[end - 1]!.end);
    const condition: TRelatedCondition = {
      of: of.name,
      table: referring.name,
      op: found.op,
      value: found.value,
      ...(pair.total && { total: pair.total }),
      ...(where.length ? { where } : {}),
      ...(time && {
        during: {
          column: { table: time.table, column: time.name },
          ...period!.range,
          label: period!.range.label,
        },
      }),
      label: said,
    };
    // "at most 2 orders", "fewer than 3 visits": of the things that have some.
    // "spent less than 100": of the things that bought something.
    const capped = (found.op === 'lt' && found.value > 1) || (found.op === 'lte' && found.value > 0);
    const { total: _total, ...counted } = condition;
    const some: TRelatedCondition = {
      ...counted,
      op: 'gte',
      value: 1,
      label: pair.total ? `with some ${referring.label}` : 'at least one',
    };
    return {
      start: at,
      end,
      from: tokens[at]!.start,
      to: tokens[end - 1]!.end,
      of,
      conditions: capped ? [condition, some] : [condition],
    };
  }
  return null;
}

/** Whether the condition ends at token `end`: at the question's end, a comma, or another part. */
function endsThere(question: string, tokens: Token[], end: number): boolean {
  if (end >= tokens.length) return true;
  if (/[,;:?!.()]/.test(question.slice(tokens[end - 1]!.end, tokens[end]!.start))) return true;
  const w = tokens[end]!.text;
  const next = tokens[end + 1]?.text ?? '';
  if (!/\w/.test(w)) return true;
  if (w === 'in' || w === 'for') return next === 'each' || next === 'every';
  if (w === 'and') return NEXT_PART.has(next);
  return CLAUSE_ENDS.has(w);
}

/**
 * Where a condition would start after a short qualifier of the things ("on the enterprise plan",
 * "from Canada"): a value of their own table, then at most one more word, before "who", "that" or
 * a helping verb. `at` when there is none.
 */
function qualified(tokens: Token[], at: number, mentions: Mention[], tables: string[]): number {
  const w = (k: number) => tokens[k]?.text ?? '';
  let k = at;
  if (!['on', 'in', 'with', 'from', 'of', 'at'].includes(w(k))) return at;
  k++;
  if (w(k) === 'the') k++;
  const value = mentions.find(
    (x) => x.kind === 'value' && x.start === k && x.hits.some((h) => tables.includes(h.ref.table)),
  );
  if (!value) return at;
  k = value.end;
  if (!RELATIVE.has(w(k)) && !HELPING.has(w(k)) && !NEGATIONS.has(w(k))) k++;
  return RELATIVE.has(w(k)) || HELPING.has(w(k)) || NEGATIONS.has(w(k)) ? k : at;
}

/** Past words that end a condition without changing it ("yet", "at all", "of any status"). */
function trailing(tokens: Token[], end: number): number {
  const w = (k: number) => tokens[k]?.text ?? '';
  for (;;) {
    if (['yet', 'ever'].includes(w(end))) end += 1;
    else if ((w(end) === 'so' && w(end + 1) === 'far') || (w(end) === 'at' && w(end + 1) === 'all')) end += 2;
    else if (w(end) === 'of' && w(end + 1) === 'any' && /^[a-z]+$/.test(w(end + 2))) end += 3;
    else return end;
  }
}

/** A past or present participle of a verb ("opened", "built", "joining"), which a date column may share. */
function isVerbForm(word: string): boolean {
  return /(?:ed|ing)$/.test(word) || baseForms(word).some((f) => f.pos === 'v' && f.word !== word);
}

/** The table a verb names ("ordered" → orders, "reviewed" → reviews), when one table's name is its noun. */
function tableOfVerb(model: SemanticModel, verb: string): ModelTable | null {
  const forms = new Set([
    lemma(verb),
    ...baseForms(verb)
      .filter((f) => f.pos === 'v')
      .map((f) => f.word),
  ]);
  const tables = model.tables.filter((t) => {
    const words = splitIdentifier(t.name).map((x) => lemma(x.toLowerCase()));
    return words.length === 1 && forms.has(words[0]!);
  });
  return tables.length === 1 ? tables[0]! : null;
}

/**
 * Whether the rows of `table` are facts about the things of `of`, several to each on average: only
 * then is a bound on their amount a bound on each thing's total (one row per thing holds the
 * thing's own figure).
 */
function manyEach(model: SemanticModel, table: ModelTable, of: ModelTable): boolean {
  const ref = referenceKey(model, table.name, of.name);
  const key = ref && table.columns.find((c) => c.name === ref.column);
  return !!key?.distinctCount && (table.rowCount ?? 0) >= 2 * key.distinctCount;
}

/** Whether rows of `table` refer to rows of `of` through a join of the model. */
function refersTo(model: SemanticModel, table: ModelTable, of: ModelTable): boolean {
  return (
    table !== of && model.joins.some((j) => j.from[0]!.table === table.name && j.to[0]!.table === of.name)
  );
}

interface Found {
  /**
   * The tables the referring rows' name may mean, each with the conditions on its values (and the
   * amount whose total is bounded, where the bound is on an amount).
   */
  tables: { table: ModelTable; quality: number; where: TFilter[]; total?: TColumnRef }[];
  op: Op;
  value: number;
  /** Token index after the referring rows' name. */
  end: number;
  /**
   * An amount named before its bound, not said to be a total ("revenue over 20000"): a total only
   * over a period said after it ("revenue over 20000 this year"), else the bound may be each row's.
   */
  bare?: true;
}

/** The condition starting at token `at`: a count said of a table's name a few words on. */
function clauseAfter(
  question: string,
  at: number,
  tokens: Token[],
  mentions: Mention[],
  model: SemanticModel,
): Found | null {
  let i = at;
  const word = (k: number) => tokens[k]?.text ?? '';
  const mentionAt = (k: number, kind?: Mention['kind']) =>
    mentions.find((x) => x.start === k && (!kind || x.kind === kind));
  let negated = false;
  let related = false;
  const verbWords: string[] = [];
  if (word(i) === 'without') {
    negated = true;
    i++;
  } else if (word(i) === 'with' || word(i) === 'having') {
    i++;
  } else {
    if (RELATIVE.has(word(i))) {
      related = true;
      i++;
    }
    // Helping verbs, a negation and the verb itself ("have not yet made", "did not place").
    let verbs = 0;
    while (i < tokens.length) {
      const w = word(i);
      if (HELPING.has(w)) i++;
      else if (NEGATIONS.has(w)) {
        negated = true;
        i++;
      } else if (
        verbs < MAX_VERB_WORDS &&
        (!mentionAt(i) || (!mentionAt(i, 'table') && !mentionAt(i, 'value') && isVerbForm(w))) &&
        tokens[i]!.number === null &&
        !countWord(question, tokens, i, true) &&
        !SOME.has(w) &&
        !FUNCTION_WORDS.has(w) &&
        /\w/.test(w)
      ) {
        verbs++;
        verbWords.push(w);
        i++;
      } else break;
    }
    if (i === at) return null;
    // "patients who never visited" (a table of visits): the verb names the rows that refer to them.
    const named = verbs > 0 && (negated || related) ? tableOfVerb(model, word(i - 1)) : null;
    if (named && !mentionAt(i, 'table') && !SOME.has(word(i)) && !countWord(question, tokens, i)) {
      const end = trailing(tokens, i);
      return {
        tables: [{ table: named, quality: 0.8, where: [] }],
        op: negated ? 'eq' : 'gte',
        value: negated ? 0 : 1,
        end,
      };
    }
  }
  if (!negated) {
    const total = totalAfter(question, tokens, i, mentions, model, verbWords);
    if (total) return total;
  }
  // How many: none, some, or a number compared.
  let op: Op = 'gte';
  let value = 1;
  const count = countWord(question, tokens, i);
  if (word(i) === 'no' || word(i) === 'zero') {
    if (negated) return null;
    op = 'eq';
    value = 0;
    i++;
  } else if (count) {
    if (negated) return null;
    ({ op, value } = count);
    i = count.end;
  } else {
    if (SOME.has(word(i))) i++;
    else if (!related && !negated) return null;
    if (negated) {
      op = 'eq';
      value = 0;
    }
  }
  // Values of the referring rows before their name ("no online orders"), and words that only
  // stress the count ("5 total orders", "3 different stores").
  const values: Extract<Mention, { kind: 'value' }>[] = [];
  for (;;) {
    const v = mentionAt(i, 'value');
    if (v?.kind === 'value') {
      values.push(v);
      i = v.end;
    } else if (STRESS.has(word(i))) i++;
    else break;
  }
  // One word that only qualifies the rows' name ("a support ticket", "no prior orders").
  if (!mentionAt(i) && /^[a-z]+$/.test(word(i)) && !FUNCTION_WORDS.has(word(i)) && mentionAt(i + 1, 'table'))
    i++;
  const name = mentionAt(i, 'table');
  if (name?.kind !== 'table') return null;
  // "daily price records", "sales entries": a word for rows after their name adds nothing.
  let end = trailing(tokens, ROW_WORDS.has(word(name.end)) ? name.end + 1 : name.end);
  // "N or more orders" said after the number.
  if (count && !count.tail && word(end) === 'or' && ['more', 'fewer', 'less'].includes(word(end + 1))) {
    op = word(end + 1) === 'more' ? 'gte' : 'lte';
    end += 2;
  }
  const tables = name.tables.flatMap(({ table, quality }) => {
    const where: TFilter[] = [];
    for (const v of values) {
      const hit = v.hits.find((h) => h.ref.table === table.name);
      if (hit) where.push({ column: hit.ref, op: 'eq', values: [hit.value] });
    }
    return where.length === values.length ? [{ table, quality, where }] : [];
  });
  return tables.length ? { tables, op, value, end } : null;
}

/**
 * A bound on an amount of the rows referring to the things, at token `i`: the amount named ("revenue
 * over 20000", "total sales above 1M") or, after a verb of money ("spent more than 500"), the
 * sales of each table that records them. Only amounts that add up, of dated facts, are totalled.
 */
function totalAfter(
  question: string,
  tokens: Token[],
  i: number,
  mentions: Mention[],
  model: SemanticModel,
  verbs: string[],
): Found | null {
  const word = (k: number) => tokens[k]?.text ?? '';
  const amountAt = (k: number) => {
    const named = mentions.find((x) => x.start === k && x.kind === 'column');
    // A table's name is the rows counted ("at least two transactions"), not an amount of them.
    if (named?.kind !== 'column' || mentions.some((x) => x.start === k && x.kind === 'table')) return null;
    const tables = named.hits.flatMap((h) => {
      const table = model.tables.find((t) => t.name === h.ref.table);
      return table && addsUp(model, table, h.ref)
        ? [{ table, quality: h.quality, where: [], total: h.ref }]
        : [];
    });
    return { tables, end: named.end };
  };
  let k = i;
  if (word(k) === 'a' && word(k + 1) === 'total') k++;
  if (word(k) === 'total' || word(k) === 'combined') k++;
  const totalSaid = k > i;
  // The amount before its bound ("revenue over 20000")…
  const before = amountAt(k);
  const bound = countWord(question, tokens, before?.end ?? k, true);
  if (!bound?.tail) return null;
  let end = bound.end;
  if (CURRENCY.has(word(end))) end++;
  let tables = before?.tables;
  // What things did, said by a verb ("sold", "spent"), not what they had at some time.
  const did = (words: Set<string> | null) =>
    verbs.some((v) => baseForms(v).some((f) => f.pos === 'v' && (!words || words.has(f.word))));
  if (!before) {
    // … or after it ("sold more than 5000 units", "made over 2M in revenue"), or the sales after a
    // verb of money ("spent more than 500").
    const after = did(null) ? amountAt(['in', 'of'].includes(word(end)) ? end + 1 : end) : null;
    if (after) {
      tables = after.tables;
      end = after.end;
    } else if (did(MONEY_VERBS))
      tables = model.tables.flatMap((table) => {
        const sales = salesColumn(model, table.name);
        const total = sales && { table: table.name, column: sales.name };
        return total && addsUp(model, table, total) ? [{ table, quality: 0.8, where: [], total }] : [];
      });
  }
  if (!tables?.length) return null;
  const tail = TOTAL_TAILS.find((t) => t.every((w, n) => word(end + n) === w));
  if (tail) end += tail.length;
  return {
    tables,
    op: bound.op,
    value: bound.value,
    end,
    ...(before && !totalSaid && { bare: true as const }),
  };
}

/** Amounts of goods, beside money, whose totals over things are asked for. */
const UNIT_WORDS = new Set(['quantity', 'qty', 'units', 'unit', 'volume', 'items']);

/**
 * Whether a column is an amount of dated facts whose total over things means something: money or
 * goods. Levels read at a time (bikes available, staff on duty) add up no better than a price.
 */
function addsUp(model: SemanticModel, table: ModelTable, ref: TColumnRef): boolean {
  const column = table.columns.find((c) => c.name === ref.column);
  if (!column || column.kind !== 'number' || column.entityType !== 'KPI' || column.isKey) return false;
  if (!table.columns.some((c) => c.isTime)) return false;
  const units = splitIdentifier(column.name).some((w) => UNIT_WORDS.has(w.toLowerCase()));
  if (!units && !isMoneyColumn(column)) return false;
  return measureSemantics({ agg: 'sum', column: ref, label: '' }, model).additive === 'yes';
}

/**
 * "at least 5", "more than 2", "fewer than 3", "exactly 4", "5": a number compared (a whole one,
 * unless it bounds an `amount`).
 */
function countWord(
  question: string,
  tokens: Token[],
  i: number,
  amount = false,
): { op: Op; value: number; end: number; tail?: true } | null {
  const w = (k: number) => tokens[k]?.text ?? '';
  const n = (k: number) => {
    const x = tokens[k]?.number;
    return x !== null && x !== undefined && (amount ? Number.isFinite(x) : Number.isInteger(x)) && x >= 0
      ? x
      : null;
  };
  const two: [string, string, Op][] = [
    ['at', 'least', 'gte'],
    ['more', 'than', 'gt'],
    ['greater', 'than', 'gt'],
    ['fewer', 'than', 'lt'],
    ['less', 'than', 'lt'],
    ['at', 'most', 'lte'],
    ['no', 'more', 'lte'],
  ];
  for (const [a, b, op] of two) {
    if (w(i) !== a || w(i + 1) !== b) continue;
    // "no more than 3": the "than" follows.
    const at = a === 'no' ? (w(i + 2) === 'than' ? i + 3 : -1) : i + 2;
    const value = at >= 0 ? n(at) : null;
    if (value !== null) return { op, value, end: at + 1, tail: true };
  }
  const one: [string, Op][] = [
    ['over', 'gt'],
    ['above', 'gt'],
    ['under', 'lt'],
    ['below', 'lt'],
    ['exactly', 'eq'],
  ];
  for (const [a, op] of one) {
    const value = w(i) === a ? n(i + 1) : null;
    if (value !== null) return { op, value, end: i + 2, tail: true };
  }
  const value = n(i);
  if (value === null || tokens[i]!.raw.includes('.')) return null;
  // A sign before the number: "> 50 orders", "≥3 visits".
  const sign = question.slice(i > 0 ? tokens[i - 1]!.end : 0, tokens[i]!.start).trim();
  if (SIGNS[sign]) return { op: SIGNS[sign], value, end: i + 1, tail: true };
  // "2 or more", "3 or fewer"; a bare number of things is exactly that many, unless "or more"
  // follows the name.
  if (w(i + 1) === 'or' && ['more', 'fewer', 'less'].includes(w(i + 2)))
    return { op: w(i + 2) === 'more' ? 'gte' : 'lte', value, end: i + 3, tail: true };
  return { op: 'eq', value, end: i + 1 };
  return null;
}

/** A period said right after the referring rows' name ("orders in 2025", "since March"). */
function periodAfter(
  question: string,
  tokens: Token[],
  after: number,
  now: Date,
): { range: { from?: string; to?: string; label: string }; endToken: number } | null {
  const period = findTimeWords(question, now).period;
  if (!period || after >= tokens.length) return null;
  const gap = question
    .slice(tokens[after - 1]!.end, period.start)
    .trim()
    .toLowerCase();
  if (gap && !PERIOD_LINKS.has(gap)) return null;
  const endToken = tokens.findIndex((t) => t.start >= period.end);
  return {
    range: { from: period.from, to: period.to, label: period.label },
    endToken: endToken < 0 ? tokens.length : endToken,
  };
}
