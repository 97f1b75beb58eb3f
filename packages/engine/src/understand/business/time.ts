import type { ModelColumn, ModelTable } from '../../model/types';
import { BUSINESS_WEIGHTS } from '../weights';
import { datesOf, describesRows, doubt, explain, refOf, type Draft } from './draft';

// When: the date column a question's periods apply to, and what they do to the plan: a period
// keeps the rows within it, a grain ("by month", "monthly") splits by periods, two periods named
// side by side ("this month vs last month") give one row each, a weekday split ("by day of the
// week") groups by Monday to Sunday.

/**
 * Verbs of joining and of leaving, in the forms said after the things' name, each with the first
 * words of the names of the dates that record it ("signup_date", "member_since";
 * "termination_date", "exit_date").
 */
const VERB_DATES: { verbs: Set<string>; dates: Set<string> }[] = [
  {
    verbs: new Set([
      'joined',
      'join',
      'joins',
      'enrolled',
      'enroll',
      'enrol',
      'enrols',
      'enrolls',
      'onboarded',
    ]),
    dates: new Set([
      'signup',
      'sign',
      'signed',
      'joined',
      'join',
      'registration',
      'registered',
      'register',
      'enrollment',
      'enrolment',
      'enrolled',
      'member',
      'membership',
      'onboarded',
      'onboarding',
      'hire',
      'hired',
    ]),
  },
  {
    verbs: new Set(['left', 'leave', 'leaves', 'quit', 'quits', 'resigned', 'departed', 'terminated']),
    dates: new Set([
      'termination',
      'terminated',
      'leave',
      'left',
      'leaving',
      'exit',
      'departure',
      'resignation',
      'resigned',
      'quit',
      'separation',
    ]),
  },
];

const firstWord = (column: ModelColumn) =>
  column.name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)[0]!;

/**
 * Whether a verb of joining or leaving is said of its date under another name ("joined" of
 * signup_date, "left" of termination_date).
 */
export function verbNamesDate(word: string, column: ModelColumn): boolean {
  return column.isTime && VERB_DATES.some((v) => v.verbs.has(word) && v.dates.has(firstWord(column)));
}

/**
 * Whether a word is another form of the first word of a date column's name ("signed" of
 * signup_date), or a verb of joining said of a date of joining under another name ("joined" of
 * signup_date, "enrolled" of registration_date).
 */
export function namesColumn(word: string, column: ModelColumn): boolean {
  const first = firstWord(column);
  if (verbNamesDate(word, column)) return true;
  if (first.length < 3 || ['date', 'time', 'day', 'timestamp', 'datetime'].includes(first)) return false;
  const stem = word.replace(/(ed|ing|s)$/, '').replace(/e$/, '');
  return (
    stem.length >= 3 &&
    (first.startsWith(stem) || (stem.startsWith(first) && stem.length - first.length <= 2))
  );
}

/**
 * The date column periods apply to: one of the base's (or of a table each base row refers to)
 * that the question names ("signed up in 2025" for signup_date), else the base's own.
 */
export function chooseTimeColumn(d: Draft, base: ModelTable): ModelColumn | undefined {
  // Order lines without a date of their own happen on their order's.
  const own = datesOf(d.model, base);
  const near = d.model.tables
    .filter((t) => t !== base && describesRows(d.model, base.name, t.name))
    .flatMap((t) => t.columns.filter((c) => c.isTime));
  for (const c of [...own, ...near]) {
    const at = d.tokens.findIndex((t) => namesColumn(t.text, c));
    if (at >= 0) {
      explain(d, at);
      // "signed up": the particle belongs to the verb.
      if (d.tokens[at + 1]?.text === 'up') explain(d, at + 1);
      return c;
    }
  }
  if (own.length > 1 && (d.time.period || d.time.grain))
    doubt(d, BUSINESS_WEIGHTS.whichDate, `the periods are read on ${own[0]!.label}`);
  return own[0];
}

const WEEKDAY = /\b(?:week ?days?|days? of (?:the )?week)\b/i;

/** "by day of the week", "which weekday": a split by Monday to Sunday. */
export function applyWeekday(d: Draft): void {
  const weekday = WEEKDAY.exec(d.text);
  const col = d.timeColumn;
  if (!weekday || !col) return;
  const at = d.tokens.findIndex((t) => t.start >= weekday.index);
  d.tokens.forEach(
    (t, i) => t.start >= weekday.index && t.end <= weekday.index + weekday[0].length && explain(d, i),
  );
  // "per weekday", "by day of the week": the grouping word is the weekday's.
  if (at > 0 && ['by', 'per', 'each', 'every', 'across'].includes(d.tokens[at - 1]!.text)) explain(d, at - 1);
  d.weekday = true;
  d.dimensions.push({
    item: { column: refOf(col), grain: 'weekday', label: `${col.label} (weekday)` },
    start: 0,
    end: 0,
  });
}

/** Applies the question's periods to the draft (dimensions, filters), as the plan reads them. */
export function applyPeriods(d: Draft): void {
  const col = d.timeColumn;
  const time = d.time;
  if ((time.period || time.grain || time.comparison || time.compared) && !col) {
    doubt(d, BUSINESS_WEIGHTS.noDate, 'the data has no date to filter by');
    return;
  }
  const weekday = d.weekday;
  if (!col) return;
  const compared = time.compared;
  if (compared) {
    if (!time.grain)
      d.dimensions.unshift({
        item: { column: refOf(col), grain: compared.grain, label: `${col.label} (${compared.grain})` },
        start: 0,
        end: 0,
      });
    if (!compared.contiguous) {
      if (d.filters.length || col.type.toUpperCase() !== 'DATE')
        doubt(d, BUSINESS_WEIGHTS.periodsApartWithFilters, 'two periods apart with other conditions');
      for (const p of compared.periods)
        d.filters.push({
          item: { column: refOf(col), op: 'between', values: [p.from!, dayBefore(p.to!)] },
          start: 0,
          end: 0,
        });
    } else {
      d.filters.push({
        item: {
          column: refOf(col),
          op: 'between',
          values: [compared.periods[0].from!, dayBefore(compared.periods[1].to!)],
        },
        start: 0,
        end: 0,
      });
    }
    return;
  }
  // "by channel and month": the grain said among the splits.
  if (!time.grain && d.grainSaid && !weekday)
    d.dimensions.push({
      item: { column: refOf(col), grain: d.grainSaid, label: `${col.label} (${d.grainSaid})` },
      start: 0,
      end: 0,
    });
  if (time.grain && !weekday) {
    d.dimensions.unshift({
      item: { column: refOf(col), grain: time.grain.grain, label: `${col.label} (${time.grain.grain})` },
      start: time.grain.start,
      end: time.grain.end,
    });
  }
  // A period on a date of another table (customers' signup date for orders) is a filter; the
  // date of the order a line belongs to is the lines' own (the plan's time range).
  if (time.period && !datesOf(d.model, d.base!).includes(col)) {
    const p = time.period;
    d.filters.push({
      item: {
        column: refOf(col),
        op: 'between',
        values: [p.from ?? '0001-01-01', dayBefore(p.to ?? '9999-12-31')],
      },
      start: 0,
      end: 0,
    });
  }
}

const dayBefore = (day: string): string =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);
