import type { TDimension, TMeasure, TMeasureAggregate, TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import { baseForms } from '../nlp/wordnet';
import type { Understanding } from './understanding';
import { joinPath } from '../sql/joins';
import { columnOf } from './shape-input';

// "average delivery time by carrier", "how long do tickets take to resolve", "how many days in
// advance are rooms booked": the time from one date of a row to another, in days. Read on a
// table with two dates where one is when something starts (ordered, shipped, booked, created,
// hired) and the other when it ends (delivered, resolved, closed, arrived, left).

const START = new Set([
  'create',
  'open',
  'start',
  'begin',
  'book',
  'order',
  'ship',
  'sign',
  'signup',
  'hire',
  'submit',
  'register',
  'join',
  'request',
  'place',
  'launch',
  'send',
  'dispatch',
  'raise',
  'log',
]);
const END = new Set([
  'deliver',
  'delivery',
  'resolve',
  'resolution',
  'close',
  'complete',
  'completion',
  'end',
  'finish',
  'arrive',
  'arrival',
  'terminate',
  'termination',
  'churn',
  'leave',
  'return',
  'ship',
  'fulfil',
  'fulfill',
  'settle',
  'pay',
  'due',
]);

/** Words that ask for a time between two events. */
const DURATION_NOUNS = new Set([
  'time',
  'duration',
  'length',
  'days',
  'lead',
  'turnaround',
  'tenure',
  'long',
]);

/** Words said of a time between two dates that the reading of the rest may leave unexplained. */
const SAID_OF_DURATIONS = new Set(['average', 'avg', 'mean', 'minus', 'difference', 'number']);

const AGG: Record<string, TMeasureAggregate> = {
  median: 'median',
  typical: 'median',
  maximum: 'max',
  max: 'max',
  minimum: 'min',
  min: 'min',
};

const UNITS: Record<string, 'days' | 'hours' | 'minutes' | 'weeks'> = {
  days: 'days',
  hours: 'hours',
  hrs: 'hours',
  minutes: 'minutes',
  mins: 'minutes',
  weeks: 'weeks',
};

/** Words that rank by the time taken: the longest first, or the shortest. */
const RANK: Record<string, 'asc' | 'desc'> = {
  longest: 'desc',
  slowest: 'desc',
  shortest: 'asc',
  fastest: 'asc',
  quickest: 'asc',
};

/** Words a question of time between events is said with, beside the events' own. */
const TIME_WORDS = new Set([
  'how',
  'take',
  'takes',
  'took',
  'advance',
  'in',
  'ahead',
  'average',
  'avg',
  'mean',
  'between',
  'from',
  'to',
]);

/** A word's verb ("delivered" → deliver), else its singular: how events are matched. */
function stem(word: string): string {
  const w = word.toLowerCase();
  return baseForms(w).find((f) => f.pos === 'v')?.word ?? lemma(w);
}
const stems = (c: ModelColumn) => splitIdentifier(c.name).map(stem);
const isStart = (c: ModelColumn) => stems(c).some((s) => START.has(s));
const isEnd = (c: ModelColumn) => stems(c).some((s) => END.has(s));

/** The start and end dates of a table's rows, when its dates say which is which. */
function datePair(table: ModelTable, said: Set<string>): { from: ModelColumn; to: ModelColumn } | null {
  const dates = table.columns.filter((c) => c.kind === 'date');
  if (dates.length < 2) return null;
  const named = (c: ModelColumn) => stems(c).some((s) => said.has(s));
  const starts = dates.filter((c) => isStart(c) && !isEnd(c));
  const ends = dates.filter((c) => isEnd(c) && !isStart(c));
  // Two dates: the one a start, the other the end (or simply the other one).
  if (dates.length === 2) {
    const [a, b] = dates as [ModelColumn, ModelColumn];
    if (starts.includes(a) && !starts.includes(b)) return { from: a, to: b };
    if (starts.includes(b) && !starts.includes(a)) return { from: b, to: a };
    if (ends.includes(a) && !ends.includes(b)) return { from: b, to: a };
    if (ends.includes(b) && !ends.includes(a)) return { from: a, to: b };
    return null;
  }
  // More: the question names one of them, and its partner is the only one of the other kind.
  const namedStarts = starts.filter(named);
  const namedEnds = ends.filter(named);
  if (namedEnds.length === 1 && starts.length === 1) return { from: starts[0]!, to: namedEnds[0]! };
  if (namedStarts.length === 1 && ends.length === 1) return { from: namedStarts[0]!, to: ends[0]! };
  return null;
}

/**
 * The reading with its measure made the days between two dates of the rows, when the question
 * asks for a time between events and all it left unexplained is said by that; otherwise null.
 */
export function readDuration(tokens: Token[], u: Understanding, model: SemanticModel): Understanding | null {
  const plan = u.plan;
  if (!plan) return null;
  const cue = tokens.findIndex(
    (t, i) =>
      (DURATION_NOUNS.has(t.text) && t.text !== 'long') ||
      RANK[t.text] !== undefined ||
      (t.text === 'long' && tokens[i - 1]?.text === 'how') ||
      (t.text === 'advance' && tokens[i - 1]?.text === 'in'),
  );
  if (cue < 0) return null;
  // The unit said ("in hours"), days unless said; months are of uneven length, not answered.
  if (
    tokens.some(
      (t) => ['months', 'month', 'years'].includes(t.text) && tokens[tokens.indexOf(t) - 1]?.text === 'in',
    )
  )
    return null;
  // A unit, not a period ("the last 30 days", "by week") nor an amount ("3 days").
  const unitWord = tokens.find(
    (t, i) =>
      UNITS[t.text] &&
      tokens[i - 1]?.number == null &&
      !['by', 'per', 'each', 'every', 'last', 'past', 'next'].includes(tokens[i - 1]?.text ?? ''),
  );
  const unit = unitWord ? UNITS[unitWord.text]! : 'days';
  const said = new Set(tokens.map((t) => stem(t.text)));
  const table = model.tables.find((t) => t.name === plan.table);
  const pair = table && datePair(table, said);
  if (!table || !pair) return null;
  // Everything the reading could not explain must be words of the duration or of its dates.
  const dateWords = new Set([...stems(pair.from), ...stems(pair.to), ...START, ...END]);
  const durationWord = (w: string) =>
    AGG[w.toLowerCase()] !== undefined ||
    SAID_OF_DURATIONS.has(w.toLowerCase()) ||
    DURATION_NOUNS.has(w) ||
    RANK[w] !== undefined ||
    TIME_WORDS.has(w) ||
    UNITS[w] !== undefined ||
    dateWords.has(stem(w));
  // The reading must have left the time or its events unexplained ("delivery time", "how long",
  // "to deliver"), and nothing else.
  const timeWord = (w: string) =>
    DURATION_NOUNS.has(w) ||
    RANK[w] !== undefined ||
    w === 'advance' ||
    START.has(stem(w)) ||
    END.has(stem(w));
  if (!u.unexplained.some(timeWord) || !u.unexplained.every(durationWord)) return null;
  // A table that holds durations itself ("duration_min") is asked about them, not its dates…
  const holdsTimes = table.columns.some(
    (c) =>
      c.kind === 'number' &&
      splitIdentifier(c.name).some((w) =>
        [
          'duration',
          'length',
          'time',
          'minutes',
          'min',
          'mins',
          'hours',
          'hrs',
          'days',
          'secs',
          'seconds',
        ].includes(w.toLowerCase()),
      ),
  );
  // Unless the question names the events of its dates ("booked", "delivered").
  const eventSaid = [...stems(pair.from), ...stems(pair.to)].some(
    (w) => (START.has(w) || END.has(w)) && said.has(w),
  );
  if (holdsTimes && !eventSaid) return null;
  const onDates = (r: { table: string; column: string }) =>
    r.table === table.name && (r.column === pair.from.name || r.column === pair.to.name);
  // Columns a listing showed ("… by channel" read as channels listed) become its groupings.
  // (Not what tells the rows apart, their key or a name each has its own of: "the resolution time
  // of tickets", "the average tenure of employees" list no ticket or employee, unless each is asked.)
  const grouping = tokens.some((t) => ['each', 'every', 'per', 'by'].includes(t.text));
  const ownName = (c: { table: string; column: string }) => {
    const column = c.table === table.name ? columnOf(model, c) : undefined;
    const rows = table.rowCount ?? 0;
    if (grouping || !column || column.kind !== 'text') return false;
    return /(^|_)name$/i.test(column.name) || (rows > 1 && (column.distinctCount ?? 0) >= 0.9 * rows);
  };
  const listed = plan.columns
    .filter(
      (c) => !onDates(c) && !(c.table === table.name && table.primaryKey.includes(c.column)) && !ownName(c),
    )
    .map((c) => ({
      column: c,
      label: columnOf(model, c)?.label ?? c.column,
    }));
  // Of the rows themselves or of what each row refers to (the plan of a ticket's account).
  if (listed.some((l) => joinPath(model, table.name, l.column.table)?.some((s) => s.fanOut) ?? true))
    return null;
  const dimensions: TDimension[] = [
    ...plan.dimensions.filter((d) => d.grain || (!onDates(d.column) && !ownName(d.column))),
    ...listed,
  ];
  const grouped = dimensions.some((d) => !d.grain);
  const rankWord = tokens.find((t) => RANK[t.text]);
  const aggWord = tokens.find((t) => AGG[t.text]);
  // "the longest campaign": the most days; "which carrier is slowest": carriers ranked by days.
  const agg: TMeasureAggregate = aggWord
    ? AGG[aggWord.text]!
    : rankWord && !grouped
      ? RANK[rankWord.text] === 'desc'
        ? 'max'
        : 'min'
      : 'avg';
  const dir = rankWord && grouped ? RANK[rankWord.text]! : plan.order.find((o) => o.kind === 'measure')?.dir;
  const ranked = !!dir && grouped;
  const what = { avg: 'Average days', median: 'Median days', max: 'Most days', min: 'Fewest days' } as Record<
    string,
    string
  >;
  const measure: TMeasure = {
    agg,
    column: { table: table.name, column: pair.to.name },
    since: { table: table.name, column: pair.from.name },
    ...(unit === 'days' ? {} : { sinceUnit: unit }),
    label: `${(what[agg] ?? 'Days').replace('days', unit)} from ${pair.from.label} to ${pair.to.label}`,
  };
  const next: TQueryPlan = {
    ...plan,
    intent: ranked ? 'superlative' : dimensions.length ? 'breakdown' : 'value',
    measures: [measure],
    columns: [],
    distinct: false,
    dimensions,
    filters: plan.filters.filter((f) => !onDates(f.column)),
    order: ranked ? [{ kind: 'measure', index: 0, dir }] : [],
    limit: ranked ? (plan.limit ?? 1) : undefined,
    having: [],
    share: false,
  };
  // The reading explains what the other left unexplained: it stands as a sure reading does.
  return {
    plan: next,
    confidence: Math.max(u.confidence, 0.8),
    doubts: [`read as the ${unit} from ${pair.from.label} to ${pair.to.label}`],
    unexplained: [],
  };
}
