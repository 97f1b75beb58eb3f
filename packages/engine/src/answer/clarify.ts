// What a "Did you mean…" asks about: the one word the reading was least sure of, named, so the
// user sees what to choose or to say another way (not only that the engine is unsure).

const GENERIC = 'I am not sure what you mean; pick one of these readings.';

/** The sentence of a clarification, from the doubts of the reading (most telling first). */
export function clarifyingMessage(doubts: string[]): string {
  for (const doubt of doubts) {
    const several = /^"(.+)" fits several columns$/.exec(doubt);
    if (several) return `"${several[1]}" could mean more than one thing: pick the reading you meant.`;
  }
  for (const doubt of doubts) {
    const readAs = /^"(.+)" read as (.+)$/.exec(doubt);
    if (readAs) return `I read "${readAs[1]}" as ${readAs[2]}; pick the reading you meant.`;
  }
  for (const doubt of doubts) {
    const unknown = /^did not understand "(.+)"$/.exec(doubt);
    if (unknown)
      return `I did not understand "${unknown[1]}"; pick one of these readings, or say it another way.`;
  }
  return GENERIC;
}
