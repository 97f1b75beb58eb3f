// "the 90th percentile of delivery times", "p95 latency", "the upper quartile of prices": a
// percentile is read like a median of the same thing (what it is of, filters, groups), then
// asked for at its own fraction.

export interface PercentileWords {
  /** The fraction, 0.9 for the 90th percentile. */
  p: number;
  /** Character span of the words in the question. */
  start: number;
  end: number;
  /** "90th percentile", "upper quartile". */
  name: string;
}

const ORDINAL = (n: number): string =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** The percentile a question asks for, or null (a median is not one: it has its own word). */
export function percentileIn(text: string): PercentileWords | null {
  const numbered = /\b(?:the )?(\d{1,2})(?:st|nd|rd|th)?[ -]percentile\b|\bp(\d{1,2})\b/i.exec(text);
  if (numbered) {
    const n = Number(numbered[1] ?? numbered[2]);
    if (n < 1 || n > 99) return null;
    return {
      p: n / 100,
      start: numbered.index,
      end: numbered.index + numbered[0].length,
      name: `${ORDINAL(n)} percentile`,
    };
  }
  const quartile = /\b(?:the )?(upper|lower|first|third|1st|3rd) quartile\b/i.exec(text);
  if (quartile) {
    const upper = /upper|third|3rd/i.test(quartile[1]!);
    return {
      p: upper ? 0.75 : 0.25,
      start: quartile.index,
      end: quartile.index + quartile[0].length,
      name: `${upper ? 'upper' : 'lower'} quartile`,
    };
  }
  return null;
}
