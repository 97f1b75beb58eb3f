// The suggestion round trip: for every question Catalyst AI declines with a "Did you mean…" card,
// asks each suggested reading's question as a click would (a new message of the same thread;
// a declined turn is not in the thread's history, so it is asked without history) and records
// whether that is answered. A suggestion that is itself declined sends the user round in circles:
// the target is none. Also counts suggestions whose answer equals the original question's gold.
// Usage: npm run eval:roundtrip -- [--set DIR] [--half tune|check] [--json FILE]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openEvalSet, type EvalQuestion } from './eval-set';
import { EVAL_DATA_DIR, HALVES, questionsOfHalf, readHalves, type Half } from './halves';
import { ask, predictionOf, type Prediction } from './predict';
import { correctEach } from './score';

export interface SuggestionOutcome {
  question: string;
  status: Prediction['status'];
  /** Its answer equals the gold rows of the question it was suggested for. */
  matchesGold: boolean;
}

export interface RoundTrip {
  questions: number;
  /** Questions declined with a card of suggested readings. */
  clarified: number;
  /** Questions declined without any suggestion to click. */
  declinedWithoutSuggestion: number;
  suggestions: number;
  suggestionsDeclined: number;
  suggestionsErrored: number;
  suggestionsMatchingGold: number;
  details: { id: string; question: string; suggestions: SuggestionOutcome[] }[];
}

export const DEMO_SET_DIR = join(EVAL_DATA_DIR, 'demo-paraphrase');

export async function roundTrip(setDir: string, halves: Half[] = HALVES): Promise<RoundTrip> {
  const set = openEvalSet(setDir);
  const split = readHalves();
  const questions = halves.flatMap((h) => questionsOfHalf(split, set.name, set.questions, h));
  const options = { now: new Date(`${set.config.now}T12:00:00Z`), threshold: set.config.threshold };
  const result: RoundTrip = {
    questions: questions.length,
    clarified: 0,
    declinedWithoutSuggestion: 0,
    suggestions: 0,
    suggestionsDeclined: 0,
    suggestionsErrored: 0,
    suggestionsMatchingGold: 0,
    details: [],
  };
  const asked: { question: EvalQuestion; prediction: Prediction }[] = [];
  try {
    const dbIds = [...new Set(questions.map((q) => q.db_id))];
    for (const dbId of dbIds) {
      const db = await set.openDb(dbId);
      try {
        for (const q of questions.filter((x) => x.db_id === dbId)) {
          const first = predictionOf(q.id, (await ask(q.question, db, options)).answer, 0);
          if (first.status !== 'declined') continue;
          if (!first.suggestions.length) {
            result.declinedWithoutSuggestion++;
            continue;
          }
          result.clarified++;
          const suggestions: SuggestionOutcome[] = [];
          for (const suggestion of first.suggestions) {
            const prediction = predictionOf(q.id, (await ask(suggestion, db, options)).answer, 0);
            asked.push({ question: q, prediction });
            suggestions.push({ question: suggestion, status: prediction.status, matchesGold: false });
          }
          result.details.push({ id: q.id, question: q.question, suggestions });
        }
      } finally {
        await db.warehouse.close();
      }
    }
  } finally {
    set.close();
  }
  // One scorer run for every suggestion, in the order they were asked.
  const right = correctEach(asked);
  const outcomes = result.details.flatMap((d) => d.suggestions);
  outcomes.forEach((o, i) => (o.matchesGold = right[i]!));
  result.suggestions = outcomes.length;
  result.suggestionsDeclined = outcomes.filter((o) => o.status === 'declined').length;
  result.suggestionsErrored = outcomes.filter((o) => o.status === 'error').length;
  result.suggestionsMatchingGold = outcomes.filter((o) => o.matchesGold).length;
  return result;
}

export const formatRoundTrip = (r: RoundTrip) =>
  `${r.clarified} of ${r.questions} questions declined with suggestions (${r.declinedWithoutSuggestion} declined without) · ${r.suggestions} suggestions: ${r.suggestionsDeclined} declined again, ${r.suggestionsErrored} errors, ${r.suggestionsMatchingGold} give the gold answer`;

if (process.argv[1]?.endsWith('roundtrip.ts')) {
  const { values } = parseArgs({
    options: {
      set: { type: 'string' },
      half: { type: 'string' },
      json: { type: 'string' },
      verbose: { type: 'boolean' },
    },
  });
  const r = await roundTrip(
    values.set ? resolve(values.set) : DEMO_SET_DIR,
    values.half ? [values.half as Half] : HALVES,
  );
  if (values.verbose)
    for (const d of r.details) {
      console.log(`${d.id}: ${d.question}`);
      for (const s of d.suggestions)
        console.log(
          `   ${s.status === 'answered' ? (s.matchesGold ? '✓' : '·') : '✗'} ${s.question} (${s.status})`,
        );
    }
  console.log(formatRoundTrip(r));
  if (values.json) {
    mkdirSync(dirname(resolve(values.json)), { recursive: true });
    writeFileSync(values.json, JSON.stringify(r, null, 2) + '\n');
  }
}
