import { expect, it } from 'vitest';
import { readFloors } from '../src/eval/floors';
import { DEMO_SET_DIR, roundTrip } from '../src/eval/roundtrip';

// Every reading a "Did you mean…" card suggests must itself be answered when clicked. Over the
// demo paraphrase set this asks each suggestion of each declined question; the number that come
// back declined again may only go down from the recorded ceiling (target: 0).
it('suggested readings over the demo paraphrases are declined again no more often than recorded', async () => {
  const trip = await roundTrip(DEMO_SET_DIR);
  const loops = trip.details.flatMap((d) =>
    d.suggestions.filter((s) => s.status === 'declined').map((s) => `${d.question} → ${s.question}`),
  );
  expect(trip.suggestionsDeclined, loops.slice(0, 10).join('\n')).toBeLessThanOrEqual(
    readFloors().roundtrip.declined,
  );
  // ~400 answers over 79,000 orders: ~12 s of CPU, longer when the machine is shared.
}, 120_000);
