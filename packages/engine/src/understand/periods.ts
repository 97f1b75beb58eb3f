import * as chrono from 'chrono-node';
import type { TTimeGrain } from '@catalyst/contracts';
import { FULL_MONTHS } from '../model/date-formats';

interface Period {
  /** ISO date, inclusive. */
  from?: string;
  /** ISO date, exclusive. */
  to?: string;
  label: string;
  /** Character span of the question the period came from. */
  start: number;
  end: number;
}

export interface TimeWords {
  period?: Period;
  /** `ranked`: the periods are ranked, not listed ("which month", "the best week"). */
  grain?: { grain: TTimeGrain; start: number; end: number; ranked?: boolean };
  comparison?: { kind: 'previous_period' | 'previous_year'; start: number; end: number };
  /**
   * Two periods set side by side ("this month vs last month"): `period` then spans both, and
   * the answer has one row per period, a bucket of `grain` each.
   */
  compared?: {
    periods: [Period, Period];
    grain: TTimeGrain;
    contiguous: boolean;
    /** Character spans of both periods and of the word that compares them. */
    spans: { start: number; end: number }[];
  };
}

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1): Date => new Date(Date.UTC(y, m, d));
const addDays = (d: Date, n: number): Date => new Date(d.getTime() + n * 86_400_000);
const UNIT: Record<string, TTimeGrain> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  year: 'year',
  years: 'year',
  wk: 'week',
  wks: 'week',
  mo: 'month',
  mos: 'month',
  mth: 'month',
  mths: 'month',
  mnth: 'month',
  mnths: 'month',
  qtr: 'quarter',
  qtrs: 'quarter',
  yr: 'year',
  yrs: 'year',
};

function startOf(unit: TTimeGrain, d: Date): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (unit === 'year') return utc(y, 0);
  if (unit === 'quarter') return utc(y, m - (m % 3));
  if (unit === 'month') return utc(y, m);
  if (unit === 'week') return addDays(utc(y, m, d.getUTCDate()), -((d.getUTCDay() + 6) % 7));
  return utc(y, m, d.getUTCDate());
}

function shift(unit: TTimeGrain, d: Date, n: number): Date {
  if (unit === 'day') return addDays(d, n);
  if (unit === 'week') return addDays(d, 7 * n);
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n;
  return utc(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate());
}

type Rule = [RegExp, (m: RegExpExecArray, now: Date) => Omit<Period, 'start' | 'end'> | null];

const ORDINAL: Record<string, number> = {
  '1st': 1,
  first: 1,
  '2nd': 2,
  second: 2,
  '3rd': 3,
  third: 3,
  '4th': 4,
  fourth: 4,
};
const MONTH_NAME = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;
const DATE_TEXT = String.raw`(?:[A-Za-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4})`;
const dayOf = (text: string, now: Date): Date | null => {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : chrono.parseDate(text, now);
  return d ? utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) : null;
};

const RULES: Rule[] = [
  // "the last 2 months excluding the current month": whole units before the current one.
  [
    /\b(?:in |over |during )?the (?:last|past|previous) (\d+|two|three|six|twelve) (weeks?|months?|quarters?|years?),? (?:excluding|not including|except|without) (?:the )?(?:current|this) (?:week|month|quarter|year)\b/i,
    (m, now) => {
      const n = Number(
        ({ two: 2, three: 3, six: 6, twelve: 12 } as Record<string, number>)[m[1]!.toLowerCase()] ?? m[1],
      );
      const unit = UNIT[m[2]!.toLowerCase()]!;
      const cur = startOf(unit, now);
      return { from: iso(shift(unit, cur, -n)), to: iso(cur), label: `last ${n} full ${m[2]}` };
    },
  ],
  [
    /\b(?:in |over |during )?(?:the )?(?:last|past|previous) (\d+|two|three|six|twelve) (days?|weeks?|wks?|months?|mos?|mths?|mnths?|quarters?|qtrs?|years?|yrs?)\b(,? inclusive of \d+ \w+ ago)?/i,
    (m, now) => {
      const n = Number(
        ({ two: 2, three: 3, six: 6, twelve: 12 } as Record<string, number>)[m[1]!.toLowerCase()] ?? m[1],
      );
      const unit = UNIT[m[2]!.toLowerCase()]!;
      const today = startOf('day', now);
      // The last 7 days are 7 days, today the last of them; "inclusive of 7 days ago" adds that day.
      const start = shift(unit, today, -n);
      return {
        from: iso(m[3] ? start : addDays(start, 1)),
        to: iso(addDays(today, 1)),
        label: `last ${n} ${unit}${n === 1 ? '' : 's'}`,
      };
    },
  ],
  // "in the past month, inclusive of 1 month ago": a rolling window ending today.
  [
    /\b(?:in |over |during )?the past (day|week|month|quarter|year)\b(?:,? inclusive of (?:\d+|one|a) \w+ ago)?/i,
    (m, now) => {
      const unit = UNIT[m[1]!.toLowerCase()]!;
      const today = startOf('day', now);
      return {
        from: iso(shift(unit, today, -1)),
        to: iso(addDays(today, 1)),
        label: `past ${m[1]!.toLowerCase()}`,
      };
    },
  ],
  [
    /\b(?:in |during |for )?the (1st|first|2nd|second|3rd|third|4th|fourth) quarter (?:of )?((?:19|20)\d\d)\b/i,
    (m) => {
      const q = ORDINAL[m[1]!.toLowerCase()]!;
      const y = Number(m[2]);
      return { from: iso(utc(y, (q - 1) * 3)), to: iso(utc(y, q * 3)), label: `Q${q} ${y}` };
    },
  ],
  // "on or after Apr 1, 2023", "before 2023-06-01", "on 2023-04-01".
  [
    new RegExp(String.raw`\b(on or after|on or before|after|before|since|until|on) (${DATE_TEXT})`, 'i'),
    (m, now) => {
      const d = dayOf(m[2]!, now);
      if (!d) return null;
      const w = m[1]!.toLowerCase();
      if (w === 'on') return { from: iso(d), to: iso(addDays(d, 1)), label: `on ${iso(d)}` };
      if (w === 'on or after' || w === 'since') return { from: iso(d), label: `since ${iso(d)}` };
      if (w === 'after') return { from: iso(addDays(d, 1)), label: `after ${iso(d)}` };
      if (w === 'on or before' || w === 'until') return { to: iso(addDays(d, 1)), label: `until ${iso(d)}` };
      return { to: iso(d), label: `before ${iso(d)}` };
    },
  ],
  // "before March 2026", "up to June 2025", "from October 2026 onwards": a month as one bound of
  // an open period ("January through March 2026" is a range; a year alone, "after 2004", may be
  // a number of a year column).
  [
    new RegExp(
      String.raw`(?<!\b(?:${MONTH_NAME})\.?\s)\b(on or after|on or before|after|before|until|till|up to|through|from) (${MONTH_NAME})\.? ((?:19|20)\d\d)\b(\s+(?:onwards?|on\b|and later|or later))?`,
      'i',
    ),
    (m) => {
      const w = m[1]!.toLowerCase();
      if (w === 'from' && !m[4]) return null;
      const y = Number(m[3]);
      const month = FULL_MONTHS.findIndex((x) => x.startsWith(m[2]!.toLowerCase().slice(0, 3)));
      const named = `${FULL_MONTHS[month]![0]!.toUpperCase()}${FULL_MONTHS[month]!.slice(1)} ${y}`;
      if (w === 'before') return { to: iso(utc(y, month)), label: `before ${named}` };
      if (w === 'after') return { from: iso(utc(y, month + 1)), label: `after ${named}` };
      if (['on or before', 'until', 'till', 'up to', 'through'].includes(w))
        return { to: iso(utc(y, month + 1)), label: `up to ${named}` };
      return { from: iso(utc(y, month)), label: `since ${named}` };
    },
  ],
  // "October of last year", "March this year": a month of the year said relatively.
  [
    new RegExp(
      String.raw`\b(?:(?:in|during|for) )?(${MONTH_NAME})\.? (?:of )?(last|previous|this|current) (?:year|yr)\b`,
      'i',
    ),
    (m, now) => {
      const month = FULL_MONTHS.findIndex((x) => x.startsWith(m[1]!.toLowerCase().slice(0, 3)));
      // "may" alone is likelier the verb ("sales may last year-round").
      if (m[1]!.toLowerCase() === 'may' && !/^(?:in|during|for) /i.test(m[0])) return null;
      const y = now.getUTCFullYear() - (/last|previous/i.test(m[2]!) ? 1 : 0);
      const name = `${FULL_MONTHS[month]![0]!.toUpperCase()}${FULL_MONTHS[month]!.slice(1)}`;
      return { from: iso(utc(y, month)), to: iso(utc(y, month + 1)), label: `${name} ${y}` };
    },
  ],
  // "the first half of 2026", "H2 2025", "the second half of last year".
  [
    /\b(?:(?:the )?(first|second|1st|2nd) half|h([12])),? (?:of )?(?:((?:19|20)\d\d)|(last|previous|this|current) (?:year|yr))\b/i,
    (m, now) => {
      const half = m[2] ? Number(m[2]) : /^(first|1st)$/i.test(m[1]!) ? 1 : 2;
      const y = m[3] ? Number(m[3]) : now.getUTCFullYear() - (/last|previous/i.test(m[4]!) ? 1 : 0);
      return { from: iso(utc(y, (half - 1) * 6)), to: iso(utc(y, half * 6)), label: `H${half} ${y}` };
    },
  ],
  // "Q4 of last year", "the first quarter this year".
  [
    /\b(?:q([1-4])|the (1st|first|2nd|second|3rd|third|4th|fourth) quarter),? (?:of )?(last|previous|this|current) (?:year|yr)\b/i,
    (m, now) => {
      const q = m[1] ? Number(m[1]) : ORDINAL[m[2]!.toLowerCase()]!;
      const y = now.getUTCFullYear() - (/last|previous/i.test(m[3]!) ? 1 : 0);
      return { from: iso(utc(y, (q - 1) * 3)), to: iso(utc(y, q * 3)), label: `Q${q} ${y}` };
    },
  ],
  [
    /\b(last|previous|this|current) (week|month|quarter|year|wk|mo|mth|mnth|qtr|yr)\b/i,
    (m, now) => {
      const unit = UNIT[m[2]!.toLowerCase()]!;
      const cur = startOf(unit, now);
      const prev = /last|previous/i.test(m[1]!);
      const from = prev ? shift(unit, cur, -1) : cur;
      return {
        from: iso(from),
        to: iso(prev ? cur : addDays(startOf('day', now), 1)),
        label: `${prev ? 'last' : 'this'} ${unit}`,
      };
    },
  ],
  [
    /\b(ytd|year to date|year-to-date|mtd|month to date|month-to-date|qtd|quarter to date)\b/i,
    (m, now) => {
      const w = m[1]!.toLowerCase();
      const unit: TTimeGrain = w.startsWith('y') ? 'year' : w.startsWith('m') ? 'month' : 'quarter';
      return {
        from: iso(startOf(unit, now)),
        to: iso(addDays(startOf('day', now), 1)),
        label: w.length <= 3 ? w.toUpperCase() : w,
      };
    },
  ],
  [
    /\bq([1-4])(?: of)? ?((?:19|20)\d\d)\b/i,
    (m) => {
      const q = Number(m[1]);
      const y = Number(m[2]);
      return { from: iso(utc(y, (q - 1) * 3)), to: iso(utc(y, q * 3)), label: `Q${q} ${y}` };
    },
  ],
  // "in Q3", "the third quarter" with no year: the latest such quarter that has begun.
  [
    /\b(?:(?:in|during|for|of) )?(?:q([1-4])|the (1st|first|2nd|second|3rd|third|4th|fourth) quarter)\b(?!,? ?(?:of )?(?:(?:19|20)\d\d|(?:this|last|next|the) (?:year|yr)))/i,
    (m, now) => {
      const q = m[1] ? Number(m[1]) : ORDINAL[m[2]!.toLowerCase()]!;
      const current = Math.floor(now.getUTCMonth() / 3) + 1;
      const y = q > current ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
      const to = utc(y, q * 3);
      return {
        from: iso(utc(y, (q - 1) * 3)),
        to: iso(q === current ? addDays(startOf('day', now), 1) : to),
        label: `Q${q} ${y}`,
      };
    },
  ],
  [
    /\bsince (january|february|march|april|may|june|july|august|september|october|november|december)(?: ((?:19|20)\d\d))?\b/i,
    (m, now) => {
      const month = FULL_MONTHS.indexOf(m[1]!.toLowerCase());
      let y = m[2] ? Number(m[2]) : now.getUTCFullYear();
      if (!m[2] && month > now.getUTCMonth()) y -= 1;
      return {
        from: iso(utc(y, month)),
        to: iso(addDays(startOf('day', now), 1)),
        label: `since ${m[1]} ${y}`,
      };
    },
  ],
  [
    /\b(today|yesterday)\b/i,
    (m, now) => {
      const d = m[1]!.toLowerCase() === 'today' ? startOf('day', now) : addDays(startOf('day', now), -1);
      return { from: iso(d), to: iso(addDays(d, 1)), label: m[1]!.toLowerCase() };
    },
  ],
  // "July to September 2026", "from Jan through Mar 2025": whole months, the year said once.
  [
    new RegExp(
      String.raw`\b(?:(?:from|between|in|during) )?(${MONTH_NAME})\.?(?: ((?:19|20)\d\d))? (?:to|through|thru|until|till|and|-|–) (${MONTH_NAME})\.? ((?:19|20)\d\d)\b`,
      'i',
    ),
    (m) => {
      const monthOf = (w: string) => FULL_MONTHS.findIndex((x) => x.startsWith(w.toLowerCase().slice(0, 3)));
      const a = monthOf(m[1]!);
      const b = monthOf(m[3]!);
      const yb = Number(m[4]);
      const ya = m[2] ? Number(m[2]) : a <= b ? yb : yb - 1;
      if (ya > yb || (ya === yb && a > b)) return null;
      return {
        from: iso(utc(ya, a)),
        to: iso(utc(yb, b + 1)),
        label: `${m[1]}${m[2] ? ` ${ya}` : ''} to ${m[3]} ${yb}`,
      };
    },
  ],
  [
    /\b(?:(?:in|during|for|of) )?(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.? ((?:19|20)\d\d)\b/i,
    (m) => {
      const month = FULL_MONTHS.findIndex((x) => x.startsWith(m[1]!.toLowerCase().slice(0, 3)));
      const y = Number(m[2]);
      return { from: iso(utc(y, month)), to: iso(utc(y, month + 1)), label: `${m[1]} ${y}` };
    },
  ],
  // "in October", "for March": the latest such month that has begun.
  [
    new RegExp(String.raw`\b(?:in|during|for|throughout) (${MONTH_NAME})\b(?!\.? ?\d)`, 'i'),
    (m, now) => {
      const month = FULL_MONTHS.findIndex((x) => x.startsWith(m[1]!.toLowerCase().slice(0, 3)));
      if (month < 0 || m[1]!.toLowerCase() === 'may') return null;
      const y = month > now.getUTCMonth() ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
      const to = utc(y, month + 1);
      return {
        from: iso(utc(y, month)),
        to: iso(to.getTime() > now.getTime() ? addDays(startOf('day', now), 1) : to),
        // Named as the relative period it is, so that data ending earlier moves it back.
        label: `${month === now.getUTCMonth() ? 'this' : 'last'} ${FULL_MONTHS[month]![0]!.toUpperCase()}${FULL_MONTHS[month]!.slice(1)}`,
      };
    },
  ],
  [
    /\b(?:in|during|for|of|throughout) ((?:19|20)\d\d)\b/i,
    (m) => {
      const y = Number(m[1]);
      return { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)), label: String(y) };
    },
  ],
  // "revenue 2025", "2025 sales by month": a year said alone, not a bound ("after 2004") or an
  // amount ("more than 2000").
  [
    /(?<!\b(?:than|after|before|since|until|till|from|to|and|or|between|over|under|above|below|least|most|id|number|no\.?|#|\$)\s)(?<![-/$#.,\d]\s?)\b((?:19|20)\d\d)\b(?!\s?[-/.,]\s?\d)/i,
    (m) => {
      const y = Number(m[1]);
      return { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)), label: String(y) };
    },
  ],
];

function firstPeriod(text: string, now: Date): Period | undefined {
  for (const [re, make] of RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const p = make(m, now);
    // "this month's sales": the possessive belongs to the period.
    const possessive = /^['’]s\b/.exec(text.slice(m.index + m[0].length))?.[0].length ?? 0;
    if (p) return { ...p, start: m.index, end: m.index + m[0].length + possessive };
  }
  return undefined;
}

const COMPARISON =
  /\b(year over year|yoy|vs\.? (?:the )?(?:same period )?last year|compared (?:to|with) last year)\b|\b((?:week|month|quarter) over (?:week|month|quarter)|vs\.? (?:the )?previous (?:period|month|quarter|week)|compared (?:to|with) (?:the )?(?:previous|last) (?:period|month|quarter|week)|mom|wow|qoq)\b/i;
const COMPARING = /\b(vs\.?|versus|compared?|comparing|comparison|against)\b/i;
const YEAR_EARLIER =
  /\b(?:(?:the )?same (?:period|time|day|days|week|month|quarter|months) (?:of |in )?(?:last|the previous|the prior|a) year(?: earlier| before| ago)?|a year (?:earlier|before|ago)|the year before)\b/i;

/**
 * "this month vs last month", "Q3 2026 compared with Q3 2025", "YTD against the same period last
 * year": two periods of the question set side by side, in time order, with the smallest grain
 * that puts each in a bucket of its own (null when none does).
 */
function comparedPeriods(text: string, first: Period, now: Date): TimeWords['compared'] | null {
  const comparing = COMPARING.exec(text);
  if (!comparing || !first.from || !first.to) return null;
  const masked = text.slice(0, first.start) + ' '.repeat(first.end - first.start) + text.slice(first.end);
  const earlier = YEAR_EARLIER.exec(masked);
  let second: Period | undefined;
  if (earlier) {
    const back = (d: string): string => {
      const x = new Date(`${d}T00:00:00Z`);
      return iso(utc(x.getUTCFullYear() - 1, x.getUTCMonth(), x.getUTCDate()));
    };
    second = {
      from: back(first.from),
      to: back(first.to),
      label: 'the same period a year earlier',
      start: earlier.index,
      end: earlier.index + earlier[0].length,
    };
  } else second = firstPeriod(masked, now);
  // "2025 compared to 2024": a bare year right after the comparing words is the other period.
  const year = second ? null : /\b(?:to|with|vs\.?|versus|against)\s+((?:19|20)\d\d)\b/i.exec(masked);
  if (year) {
    const y = Number(year[1]);
    const at = year.index + year[0].length - year[1]!.length;
    second = { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)), label: String(y), start: at, end: at + 4 };
  }
  if (!second) return null;
  return periodPair(first, second, { start: comparing.index, end: comparing.index + comparing[0].length });
}

/** Two periods compared, earlier first, when each is a whole period of one grain. */
function periodPair(
  first: Period,
  second: Period,
  comparing: { start: number; end: number },
): TimeWords['compared'] | null {
  if (!first.from || !first.to || !second.from || !second.to) return null;
  const periods = [first, second].sort((a, b) => a.from!.localeCompare(b.from!)) as [Period, Period];
  const [a, b] = periods;
  if (a.to! > b.from!) return null;
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const grain = (['day', 'week', 'month', 'quarter', 'year'] as TTimeGrain[]).find(
    (g) =>
      periods.every(
        (p) => startOf(g, day(p.from!)).getTime() === startOf(g, addDays(day(p.to!), -1)).getTime(),
      ) && startOf(g, day(a.from!)).getTime() !== startOf(g, day(b.from!)).getTime(),
  );
  if (!grain) return null;
  const spans = [a, b, comparing].map((x) => ({
    start: x.start,
    end: x.end,
  }));
  return { periods, grain, contiguous: a.to === b.from, spans };
}

/** Words of a change between two periods ("growth", "rose", "dropped"). */
const MOVED =
  /\b(?:grow|grows|grew|grown|growth|increase[ds]?|decrease[ds]?|decline[ds]?|change[ds]?|rise|rose|risen|fell|fall|fallen|drop(?:ped|s)?)\b/i;
const WHOLE_PERIOD = String.raw`(?:q[1-4] |(?:${MONTH_NAME})\.? )?(?:19|20)\d\d`;

/**
 * "revenue growth from 2025 to 2026", "how much did sales drop from Q2 2026 to Q3 2026": with a
 * change asked, "from A to B" names two periods compared, not the range between them.
 */
function growthFromTo(text: string, now: Date): TimeWords['compared'] | null {
  if (!MOVED.test(text)) return null;
  const m = new RegExp(String.raw`\bfrom (${WHOLE_PERIOD}) (?:to|until) (${WHOLE_PERIOD})\b`, 'i').exec(text);
  if (!m) return null;
  const at = (part: string, offset: number): Period | undefined => {
    const p = firstPeriod(`in ${part}`, now);
    return p && { ...p, start: offset, end: offset + part.length };
  };
  const bAt = m.index + m[0].length - m[2]!.length;
  const a = at(m[1]!, m.index + 'from '.length);
  const b = at(m[2]!, bAt);
  if (!a || !b || a.from! >= b.from!) return null;
  // The comparing words: "from … to" around the earlier period.
  return periodPair(a, b, { start: m.index, end: bAt });
}

/** Business periods, grains and comparisons in a question, relative to `now`. */
export function findTimeWords(text: string, now: Date): TimeWords {
  const out: TimeWords = {};
  // "YTD vs the same time last year": the period is the one the year-earlier words are of, not
  // their "last year".
  const earlier = YEAR_EARLIER.exec(text);
  out.period =
    (earlier &&
      firstPeriod(
        text.slice(0, earlier.index) +
          ' '.repeat(earlier[0].length) +
          text.slice(earlier.index + earlier[0].length),
        now,
      )) ||
    firstPeriod(text, now);
  // "vs last year", "month over month": the period's value beside the one before (a comparison
  // card), not two periods named.
  const pair = out.period && !COMPARISON.test(text) && comparedPeriods(text, out.period, now);
  const fromTo = pair ? null : growthFromTo(text, now);
  if (fromTo) out.period = fromTo.periods[1];
  const compared = pair || fromTo;
  if (compared) {
    const [a, b] = compared.periods;
    out.compared = compared;
    out.period = {
      from: a.from,
      to: b.to,
      label: `${out.period!.label} vs ${(a === out.period ? b : a).label}`,
      start: out.period!.start,
      end: out.period!.end,
    };
  }
  if (!out.period) {
    const date = String.raw`[A-Za-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4}`;
    const between = new RegExp(
      String.raw`\b(?:between|from) (${date}|.{4,30}?) (?:and|to|through|until) (${date}|.{4,30}?)(?=[,.?;]|\s\(|$)`,
      'i',
    ).exec(text);
    const a = between ? chrono.parseDate(between[1]!, now) : null;
    const b = between ? chrono.parseDate(between[2]!, now) : null;
    if (between && a && b && /\d{4}|[a-z]{3,}\s+\d/i.test(between[0])) {
      const from = utc(a.getFullYear(), a.getMonth(), a.getDate());
      const to = addDays(utc(b.getFullYear(), b.getMonth(), b.getDate()), 1);
      out.period = {
        from: iso(from),
        to: iso(to),
        label: `${iso(from)} to ${iso(addDays(to, -1))}`,
        start: between.index,
        end: between.index + between[0].length,
      };
    }
  }
  // "(inclusive of start and end dates)", ", inclusive": words about the period itself.
  if (out.period) {
    const tail = /^,?\s*(?:\((?:inclusive|exclusive)[^)]{0,40}\)|inclusive|exclusive)/i.exec(
      text.slice(out.period.end),
    );
    if (tail) out.period.end += tail[0].length;
  }
  // "month by month" names the grain once, in both words.
  const g =
    /\b(?:(?:day|week|month|quarter|year) (?=by (?:day|week|month|quarter|year)\b))?(?:by|per|each|every|over|for each|which|what|best|worst|busiest|slowest|strongest|weakest|peak) (day|week|month|quarter|year)\b(?! (?:to date|ago|before|earlier|of (?:the )?(?:week|month|year)))|\b(daily|weekly|monthly|quarterly|yearly|annually|annual)\b/i.exec(
      text,
    );
  if (g) {
    const w = (g[1] ?? g[2]!).toLowerCase();
    const grain: TTimeGrain = w.startsWith('da')
      ? 'day'
      : w.startsWith('we')
        ? 'week'
        : w.startsWith('mo')
          ? 'month'
          : w.startsWith('qu')
            ? 'quarter'
            : 'year';
    const ranked = /^(which|what|best|worst|busiest|slowest|strongest|weakest|peak)\b/i.test(g[0]);
    out.grain = { grain, start: g.index, end: g.index + g[0].length, ...(ranked ? { ranked } : {}) };
  }
  const c = COMPARISON.exec(text);
  if (c)
    out.comparison = {
      kind: c[1] ? 'previous_year' : 'previous_period',
      start: c.index,
      end: c.index + c[0].length,
    };
  return out;
}
