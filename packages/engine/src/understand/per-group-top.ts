import type { TDimension, TQueryPlan } from '@catalyst/contracts';
import type { Token } from '../nlp/text';
import type { SemanticModel } from '../model/types';
import { isNameColumn, nameOfReferenced, ref } from './context';
import { findMentions, type Mention } from './mentions';
import type { Understanding } from './understanding';
import { columnOf, cut, withDoubt, type ShapeInput } from './shape-input';
import { SHAPE_WEIGHTS } from './weights';
import { measureLabel } from './measures';

// Top N within each group: "the 3 largest accounts in each district by balance", "top seller per
// team by deals closed", "in every league, which two clubs scored the most goals". The question
// is said again as a breakdown by the groups and by what is ranked ("balance by district and
// account") and read as usual; the plan then keeps, within each group, the first N of what is
// ranked by the measure (`perGroupLimit`), shown by its name rather than its key.

const DESC = new Set([
  'top',
  'best',
  'biggest',
  'largest',
  'busiest',
  'highest',
  'most',
  'greatest',
  'leading',
  'strongest',
]);
const ASC = new Set(['bottom', 'worst', 'smallest', 'lowest', 'least', 'fewest', 'slowest', 'weakest']);
const GROUP = new Set(['each', 'every', 'per', 'within']);
const GRAINS = new Set(['day', 'week', 'month', 'quarter', 'year']);
const RATIO_UNITS = new Set(['unit', 'item', 'order', 'person', 'head', 'capita']);
/** Words that only introduce what is asked ("what are", "show me", "list"). */
const ASKING = new Set([
  'what',
  'which',
  'who',
  'are',
  'is',
  'were',
  'was',
  'show',
  'me',
  'list',
  'give',
  'find',
]);

interface Span {
  start: number;
  end: number;
}

/** The longest mention of a table or column starting at token k. */
function mentionAt(mentions: Mention[], k: number): Mention | undefined {
  return mentions
    .filter((m) => m.start === k && m.kind !== 'value')
    .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
}

const skipArticles = (tokens: Token[], k: number): number => {
  while (['the', 'a', 'an', 'of'].includes(tokens[k]?.text ?? '')) k++;
  return k;
};

/** What the ranking is within: "in each region", "per category", "for every month". */
function groupPhrase(
  tokens: Token[],
  mentions: Mention[],
): { span: Span; words: string; grain: boolean } | null {
  for (let i = 0; i < tokens.length; i++) {
    if (!GROUP.has(tokens[i]!.text)) continue;
    let k = skipArticles(tokens, i + 1);
    if (['each', 'every'].includes(tokens[k]?.text ?? '')) k = skipArticles(tokens, k + 1);
    const first = tokens[k];
    if (!first) continue;
    const from = ['in', 'for', 'across'].includes(tokens[i - 1]?.text ?? '') ? i - 1 : i;
    const grain = GRAINS.has(first.lemma);
    const end = grain ? k + 1 : mentionAt(mentions, k)?.end;
    // "per unit", "per order": a ratio, not groups.
    if (end === undefined || (tokens[i]!.text === 'per' && RATIO_UNITS.has(first.lemma))) continue;
    const trailingComma = tokens[end]?.text === ',' ? 1 : 0;
    return {
      span: { start: tokens[from]!.start, end: tokens[end - 1 + trailingComma]!.end },
      words: tokens
        .slice(k, end)
        .map((t) => t.lemma)
        .join(' '),
      grain,
    };
  }
  return null;
}

interface Ranked {
  /** The words of the ranking ("the 2 best", "which two", "top") and of what is ranked. */
  spans: Span[];
  words: string;
  plural: boolean;
  n: number | null;
  dir: 'asc' | 'desc' | null;
  start: number;
  /** The tables the ranked words name ("product" → products), whose rows are then what is ranked. */
  tables: string[];
}

/** A rank word's direction: "top", "best-selling" → desc; "bottom", "least" → asc. */
function rankOf(t: Token): 'asc' | 'desc' | null {
  const w = t.text.replace(/-(?:selling|performing|rated|earning|grossing)$/, '');
  return DESC.has(w) ? 'desc' : ASC.has(w) ? 'asc' : null;
}

/** Superlatives said of the measure ("the most orders", "the highest revenue"), not of what is ranked. */
const OF_MEASURE = new Set(['most', 'least', 'fewest', 'highest', 'lowest']);

/**
 * What is ranked and how many: "the 2 busiest stores", "top product", "which three clubs", "the
 * 3 products (with the highest …)".
 */
function rankedPhrase(tokens: Token[], mentions: Mention[], group: Span): Ranked | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.start >= group.start && t.end <= group.end) continue;
    const counted = t.number !== null && ['the', 'top', ...ASKING].includes(tokens[i - 1]?.text ?? '');
    const ranks = !!rankOf(t) && !OF_MEASURE.has(t.text);
    if (!ranks && t.text !== 'which' && t.text !== 'what' && !counted) continue;
    let n: number | null = null;
    let dir: 'asc' | 'desc' | null = null;
    let k = i;
    // "top 2", "which two", "the 2 best", "best 3 selling".
    for (; tokens[k]; k++) {
      const x = tokens[k]!;
      if (k === i && (x.text === 'which' || x.text === 'what')) continue;
      if (x.number !== null && n === null && Number.isInteger(x.number) && x.number > 0) n = x.number;
      else if (rankOf(x) && !dir) dir = rankOf(x);
      else if (!['-', 'selling', 'performing', 'rated', 'earning'].includes(x.text)) break;
    }
    const m = mentionAt(mentions, k);
    if (!m) continue;
    const head = tokens[m.end - 1]!;
    if (GRAINS.has(head.lemma)) continue;
    const start = tokens[i - 1]?.text === 'the' ? i - 1 : i;
    return {
      spans: [{ start: tokens[start]!.start, end: head.end }],
      words: tokens
        .slice(m.start, m.end)
        .map((x) => x.lemma)
        .join(' '),
      plural: head.text !== head.lemma,
      n,
      dir,
      start,
      tables: mentions.flatMap((x) =>
        x.kind === 'table' && x.start === m.start && x.end === m.end ? x.tables.map((t) => t.table.name) : [],
      ),
    };
  }
  return null;
}

/** "with the highest", "the most", "by": words saying what ranks, around the measure. */
const RANKING_WORDS =
  /\b(?:(?:with|having|has|had|have|get|gets|got|make|makes|made|do|does|did) )?(?:the )?(?:most|highest|largest|biggest|greatest|lowest|least|fewest|smallest)\b|\b(?:ranked |ordered |sorted )?by\b(?= )/gi;

export function readPerGroupTop(input: ShapeInput): Understanding | null {
  const { question, tokens, model } = input;
  if (!tokens.some((t) => GROUP.has(t.text)) || !tokens.some((t) => rankOf(t))) return null;
  const mentions = findMentions(tokens, model);
  const group = groupPhrase(tokens, mentions);
  if (!group) return null;
  const ranked = rankedPhrase(tokens, mentions, group.span);
  if (!ranked || ranked.words === group.words) return null;
  // The direction: of the rank word, else of the words that say what ranks ("the most orders").
  const tail = question.slice(tokens[ranked.start]!.start);
  const said = [...tail.matchAll(RANKING_WORDS)].map((m) => m[0].toLowerCase());
  const dir =
    ranked.dir ??
    (said.some((w) => /most|highest|largest|biggest|greatest/.test(w))
      ? 'desc'
      : said.some((w) => /lowest|least|fewest|smallest/.test(w))
        ? 'asc'
        : null);
  // "top products per category": how many is not said (offered as the top 3, not answered).
  const unsaid = ranked.n === null && ranked.plural;
  const n = ranked.n ?? (unsaid ? SHAPE_WEIGHTS.perGroupCountUnsaid.offered : 1);
  if (!dir) return null;
  const spans = [group.span, ...ranked.spans, ...[...question.matchAll(RANKING_WORDS)].map(spanOf)];
  // What ranks must be said ("the top store per region" by what?).
  let rest = cut(question, spans).replace(/[?.!]+$/, '');
  const restWords = rest
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter((w) => w && !ASKING.has(w) && !['the', 'a', 'an', 'in', 'for', 'of', 'and'].includes(w));
  if (!restWords.length) return null;
  rest = rest.replace(/^(?:(?:what|which|who) (?:are|is|were|was) |show(?: me)? |list |give me |find )/i, '');
  // "by month and product" would not group by the product: a period is said on its own.
  const u = input.read(
    group.grain
      ? `${rest} by ${ranked.words} by ${group.words}`
      : `${rest} by ${group.words} and ${ranked.words}`,
  );
  const plan = u.plan && withOwnRows(u.plan, ranked, model, dir);
  if (!plan || plan.measures.length !== 1 || plan.dimensions.length !== 2) return null;
  if (plan.limit !== undefined || plan.share || plan.order.length || plan.intent === 'list') return null;
  const [g, r] = plan.dimensions as [TDimension, TDimension];
  if (r.grain || !!g.grain !== group.grain) return null;
  const named = columnOf(model, r.column);
  const name = named && nameOfReferenced(model, plan.table, named);
  const shown = name ? { column: ref(name), label: name.label } : r;
  const out: TQueryPlan = {
    ...plan,
    intent: 'top',
    dimensions: [g, shown],
    order: [{ kind: 'measure', index: 0, dir }],
    perGroupLimit: n,
  };
  return unsaid
    ? withDoubt(
        { ...u, plan: out },
        SHAPE_WEIGHTS.perGroupCountUnsaid.factor,
        `how many in each ${group.words} is not said`,
      )
    : { ...u, plan: out };
}

/**
 * "Which product has the highest list price in each category": when what is ranked is the rows of
 * the plan's own table, the breakdown by it reads as by the group alone; each row is then told
 * apart by its name, or by its key where names repeat.
 */
function withOwnRows(
  plan: TQueryPlan,
  ranked: Ranked,
  model: SemanticModel,
  dir: 'asc' | 'desc',
): TQueryPlan {
  if (plan.dimensions.length !== 1 || !ranked.tables.includes(plan.table)) return plan;
  const table = model.tables.find((t) => t.name === plan.table);
  const rows = table?.rowCount ?? 0;
  const names = table?.columns.filter(isNameColumn) ?? [];
  const own =
    names.length === 1 && (names[0]!.distinctCount ?? 0) >= rows
      ? names[0]!
      : table?.primaryKey.length === 1
        ? table.columns.find((c) => c.name === table.primaryKey[0])
        : undefined;
  if (!own || plan.dimensions[0]!.column.column === own.name) return plan;
  // Each row's own value: the highest (or lowest) of one row is that row's.
  const measures = plan.measures.map((m) => {
    const column = m.column && columnOf(model, m.column);
    if (!column || column.table !== plan.table || !['avg', 'sum'].includes(m.agg)) return m;
    const agg = dir === 'desc' ? 'max' : 'min';
    return { ...m, agg, label: measureLabel(agg, column) } as const;
  });
  return { ...plan, measures, dimensions: [plan.dimensions[0]!, { column: ref(own), label: own.label }] };
}

const spanOf = (m: RegExpMatchArray): Span => ({ start: m.index!, end: m.index! + m[0].length });
