import { describe, expect, it } from 'vitest';
import { EVAL_TODAY } from '../src/eval/eval-set';
import { readFloors } from '../src/eval/floors';
import { quotedQuestions } from '../src/eval/quotes';
import { CI_SLICES, measureSlices, sliceByKey } from '../src/eval/slices';

// The CI check of Catalyst AI's understanding: on the check half of each set (never tuned on),
// right answers may not fall below the recorded floor and wrong answers may not rise above the
// recorded ceiling (packages/engine/eval/floors.json, written by `npm run eval:record-floors`).
// Every set runs with the engine's clock pinned to the day its relative dates were written for.

const floors = readFloors();

describe('Catalyst AI on the check halves', () => {
  it('runs every set with the clock pinned', () => {
    expect(EVAL_TODAY).toBe('2026-11-22');
  });

  it('checks both held-out sets, each with a recorded floor', () => {
    for (const key of ['other-domains', 'held-out-2']) {
      expect(CI_SLICES).toContain(key);
      expect(floors.slices[key], key).toBeDefined();
    }
  });

  for (const key of CI_SLICES)
    it(
      `${sliceByKey(key).label}: right answers at or above the floor, wrong answers at or below the ceiling`,
      async () => {
        const [result] = await measureSlices([key], ['check']);
        const floor = floors.slices[key]!;
        const score = result!.score!;
        expect(score.total, 'the check half changed: run npm run eval:record-floors').toBe(floor.questions);
        expect(score.correct, `${key} right answers`).toBeGreaterThanOrEqual(floor.correct);
        expect(score.wrong, `${key} wrong answers`).toBeLessThanOrEqual(floor.wrong);
      },
      // Spider's check half is ~900 questions over 65 databases (~20 s on an idle machine).
      key === 'spider-agg' ? 240_000 : 60_000,
    );

  it('quotes no more evaluation questions in the engine sources than recorded', () => {
    const quotes = quotedQuestions();
    expect(quotes.length, quotes.map((q) => `${q.file}: ${q.question}`).join('\n')).toBeLessThanOrEqual(
      floors.quotedQuestions,
    );
  });
});
