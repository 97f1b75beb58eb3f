// Recorded floors and ceilings for the CI check (packages/engine/test/eval-floors.test.ts): on
// each check half, the number of right answers may not drop and the number of wrong answers may
// not rise; over the demo paraphrases, the number of suggestions that are declined again may not
// rise; nor may the number of eval questions quoted in the engine's sources. Counts, not
// percentages, so that rounding never decides.
// `npm run eval:record-floors` measures and writes them. It only ratchets: a floor rises, a
// ceiling falls; a regression is refused unless --accept-regression is given (say why in the
// commit). A slice whose questions changed is recorded afresh.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EVAL_DATA_DIR } from './halves';
import { DEMO_SET_DIR, roundTrip } from './roundtrip';
import { CI_SLICES, measureSlices } from './slices';
import { formatTable } from './report';
import { quotedQuestions } from './quotes';

export const FLOORS_PATH = join(EVAL_DATA_DIR, 'floors.json');

export interface SliceFloor {
  questions: number;
  /** Floor: right answers on the check half. */
  correct: number;
  /** Ceiling: wrong answers on the check half. */
  wrong: number;
  /** For reading only: the percentages at recording. */
  accuracy: number;
  wrongRate: number;
}

export interface Floors {
  about: string;
  slices: Record<string, SliceFloor>;
  roundtrip: { suggestions: number; declined: number };
  /** Ceiling: evaluation questions quoted verbatim in packages/engine/src (see quotes.ts). */
  quotedQuestions: number;
}

export function readFloors(): Floors {
  if (!existsSync(FLOORS_PATH)) throw new Error(`${FLOORS_PATH} is missing: run npm run eval:record-floors`);
  return JSON.parse(readFileSync(FLOORS_PATH, 'utf8')) as Floors;
}

/** Today's check-half figures and round trip, in the floors' shape. */
export async function measureFloors(onProgress?: (text: string) => void): Promise<Floors> {
  const results = await measureSlices(CI_SLICES, ['check'], onProgress);
  if (onProgress) onProgress('\n' + formatTable(results));
  const slices: Record<string, SliceFloor> = {};
  for (const r of results) {
    if (!r.score) throw new Error(`${r.slice} has no check half`);
    const { total, correct, wrong, accuracy, wrongRate } = r.score;
    slices[r.slice] = { questions: total, correct, wrong, accuracy, wrongRate };
  }
  const trip = await roundTrip(DEMO_SET_DIR);
  return {
    about:
      'Check-half floors (correct) and ceilings (wrong) for the CI check, the ceiling of suggestions declined again over the demo paraphrases, and of eval questions quoted in packages/engine/src. Written by npm run eval:record-floors; only ratchets.',
    slices,
    roundtrip: { suggestions: trip.suggestions, declined: trip.suggestionsDeclined },
    quotedQuestions: quotedQuestions().length,
  };
}

/** Merges a measurement into the recorded floors; lists the regressions it would accept. */
export function ratchet(old: Floors | null, now: Floors): { floors: Floors; regressions: string[] } {
  const regressions: string[] = [];
  const slices: Record<string, SliceFloor> = {};
  for (const [key, m] of Object.entries(now.slices)) {
    const before = old?.slices[key];
    if (!before || before.questions !== m.questions) {
      slices[key] = m;
      continue;
    }
    if (m.correct < before.correct) regressions.push(`${key}: ${m.correct} right < floor ${before.correct}`);
    if (m.wrong > before.wrong) regressions.push(`${key}: ${m.wrong} wrong > ceiling ${before.wrong}`);
    const better = m.correct >= before.correct && m.wrong <= before.wrong;
    slices[key] = better
      ? m
      : { ...m, correct: Math.max(m.correct, before.correct), wrong: Math.min(m.wrong, before.wrong) };
  }
  const declinedBefore = old?.roundtrip.declined;
  if (declinedBefore !== undefined && now.roundtrip.declined > declinedBefore)
    regressions.push(
      `round trip: ${now.roundtrip.declined} suggestions declined again > ceiling ${declinedBefore}`,
    );
  if (old && now.quotedQuestions > old.quotedQuestions)
    regressions.push(
      `${now.quotedQuestions} eval questions quoted in the engine > ceiling ${old.quotedQuestions}`,
    );
  return { floors: { ...now, slices }, regressions };
}

if (process.argv[1]?.endsWith('floors.ts')) {
  const { values } = parseArgs({ options: { 'accept-regression': { type: 'boolean' } } });
  const now = await measureFloors((text) => console.error(text));
  const old = existsSync(FLOORS_PATH) ? readFloors() : null;
  const { floors, regressions } = ratchet(old, now);
  if (regressions.length && !values['accept-regression']) {
    console.error(
      `Not recorded: these are regressions against ${FLOORS_PATH}:\n  ${regressions.join('\n  ')}`,
    );
    console.error('Fix them, or record them with --accept-regression and say why in the commit.');
    process.exit(1);
  }
  // An accepted regression records today's figures as they are.
  writeFileSync(FLOORS_PATH, JSON.stringify(regressions.length ? now : floors, null, 2) + '\n');
  console.log(`recorded ${FLOORS_PATH}`);
  for (const [k, f] of Object.entries((regressions.length ? now : floors).slices))
    console.log(`  ${k}: ${f.questions} questions, floor ${f.correct} right, ceiling ${f.wrong} wrong`);
  console.log(
    `  round trip: ceiling ${now.roundtrip.declined} of ${now.roundtrip.suggestions} suggestions declined again`,
  );
  console.log(`  eval questions quoted in the engine: ceiling ${now.quotedQuestions}`);
}
