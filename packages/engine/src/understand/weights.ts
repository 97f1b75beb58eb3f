// How much each doubt about a reading lowers its confidence (a factor in [0, 1]; the product of
// a reading's factors is its confidence, which the use case's threshold compares). One table for
// the doubts of the rules that name what an answer would get wrong; the older rules still pass
// their factors where they raise the doubt.

export const DOUBT_WEIGHTS = {
  /** A word after "each", "per", "every" or "by" left unexplained: a grouping was missed. */
  missedGrouping: 0.3,
  /** A column listed in a closing "Return the …" sentence that the answer leaves out. */
  listedOutputMissing: 0.3,
  /** A list of dates nobody asked for ("signups 2025" names events to count). */
  datesNotAsked: 0.5,
  /** Two periods apart, combined with other conditions the plan can only "and". */
  periodsApartWithFilters: 0.2,
  /** "which month" with no measure to rank the months by. */
  rankedPeriodUnsaid: 0.4,
  /** A general reading this sure stands; below it the business reader may read better. */
  sureReading: 0.7,
  /** One figure ordered by a column: the ranking the question asked for was lost. */
  rankedFigure: 0.3,
  /** "Which account paid the most" read as a count of rows: the ranking is by money. */
  moneyCounted: 0.5,
  /** The rest of a question read apart from a condition taken out of it (related-rows.ts). */
  readApart: 0.9,
  /** A table's name read as the key the base holds ("clubs" as player.club_id). */
  tableNamedByKey: 0.5,
  /** "Which campaigns …" answered by one figure that shows none of them. */
  thingsUnshown: 0.5,
  /** A price said of an amount that is no money ("the cheapest clicks"). */
  priceOfNoMoney: 0.5,
  /** "with a discount" said again of the measured amount and read as no condition. */
  presenceUnread: 0.5,
} as const;

// How a word read by its meaning names a column (understand/by-meaning.ts): never as surely as
// the column's own name, so a reading made of such words still says which word it interpreted.
export const MEANING_WEIGHTS = {
  /** The best quality a column named by meaning gets (a column's own name is 1). */
  ceiling: 0.8,
  /** Meanings less close than this are not followed ("rain" → freshwater). */
  minCloseness: 0.6,
  /** The word names only part of the column's name ("delay" of departure_delay). */
  partOfName: 0.85,
} as const;

// The business reader's doubts (understand/business): a reading starts at `start` and each
// doubt multiplies it by its factor; each word left unexplained by one of the last three.
export const BUSINESS_WEIGHTS = {
  start: 0.85,
  /** Goods said to change hands, read on facts that record no sales ("products sold" on reviews). */
  notTheSales: 0.5,
  /** A column's name matched loosely (a typo, a far part of its name). */
  weakName: 0.8,
  /** Below this quality a name match is loose (a synonym of the business lexicon is not). */
  looseName: 0.7,
  /** A column named by part of its name or a synonym ("amount" for amount_paid). */
  partialName: 0.92,
  /** From this quality on, a name match is the column's own name. */
  exactName: 0.9,
  /** Mentions below this quality are not taken as measures. */
  minMeasureQuality: 0.6,
  /** A total asked of a measure that does not add up (averaged instead, and asked about). */
  sumOfNonAdditive: 0.6,
  /** A value found in more than one column. */
  ambiguousValue: 0.85,
  /** Grouping by a category named without "by", "per" or "each". */
  impliedGrouping: 0.85,
  /** Two or more date columns, none named: the first one is used. */
  whichDate: 0.75,
  /** A measure named only by what a word means ("how warm" for temperature). */
  byMeaning: 0.8,
  /** Periods asked of data with no date. */
  noDate: 0.3,
  /** Two periods apart beside other conditions (the plan can only "or" them all). */
  periodsApartWithFilters: 0.2,
  /** A ranking with nothing to rank. */
  rankOfNothing: 0.5,
  /** "the top products" with no count said: all shown, best first. */
  rankWithoutCount: 0.95,
  /** A share whose part could be more than one of the conditions. */
  whichPart: 0.6,
  /** "What share of visits …" read as a share of an amount, not of the visits counted. */
  shareOfOtherWhole: 0.5,
  /** A measure neither money nor a quantity added up though no total was said. */
  unsaidTotal: 0.9,
  /** Two measures read from words that do not list them. */
  unlistedMeasures: 0.5,
  /** Measures of two tables. */
  measuresOfTwoTables: 0.8,
  /** A number, a negation, a comparison word left unexplained. */
  unexplainedHard: 0.3,
  /** A capitalised word left unexplained: likely a value not found. */
  unexplainedName: 0.45,
  /** Any other content word left unexplained. */
  unexplainedWord: 0.6,
} as const;

/** Doubts of the readings of shapes beyond plain aggregates (shapes.ts and its modules). */
export const SHAPE_WEIGHTS = {
  /** Below this, the reading of the question without its shape's words is not built on. */
  baseReading: 0.5,
  /** "top products per category": how many per group is not said; the top 3 are offered. */
  perGroupCountUnsaid: { factor: 0.3, offered: 3 },
} as const;
