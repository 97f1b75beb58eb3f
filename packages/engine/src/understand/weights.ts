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
} as const;

/** Doubts of the readings of shapes beyond plain aggregates (shapes.ts and its modules). */
export const SHAPE_WEIGHTS = {
  /** Below this, the reading of the question without its shape's words is not built on. */
  baseReading: 0.5,
  /** "top products per category": how many per group is not said; the top 3 are offered. */
  perGroupCountUnsaid: { factor: 0.3, offered: 3 },
} as const;
