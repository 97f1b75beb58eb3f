// Answers an eval set's questions with Catalyst AI, writes the predictions (score.mjs format)
// and prints the figures per half (tune, check) and over both.
// Usage: npm run eval -- --set DIR [--half tune|check] [--out FILE] [--tags a,b] [--now YYYY-MM-DD]
//        [--threshold 0.55] [--db DB] [--limit N] [--list]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openEvalSet } from './eval-set';
import { HALVES, questionsOfHalf, readHalves, type Half } from './halves';
import { predictSet } from './predict';
import { correctEach, formatScore, score } from './score';

const { values } = parseArgs({
  options: {
    set: { type: 'string' },
    out: { type: 'string' },
    half: { type: 'string' },
    now: { type: 'string' },
    tags: { type: 'string' },
    threshold: { type: 'string' },
    limit: { type: 'string' },
    db: { type: 'string' },
    list: { type: 'boolean' },
  },
});
if (!values.set || (values.half && !HALVES.includes(values.half as Half))) {
  console.error(
    'usage: npm run eval -- --set DIR [--half tune|check] [--out FILE] [--tags a,b] [--now YYYY-MM-DD] [--threshold 0.55] [--db DB] [--limit N]',
  );
  process.exit(2);
}
const set = openEvalSet(values.set);
try {
  const split = readHalves();
  const tags = (values.tags ?? '').split(',').filter(Boolean);
  const halves: Half[] = values.half ? [values.half as Half] : HALVES;
  const ofHalf = new Map(
    halves.map((h) => [
      h,
      questionsOfHalf(split, set.name, set.questions, h).filter(
        (q) => tags.every((t) => q.tags.includes(t)) && (!values.db || q.db_id === values.db),
      ),
    ]),
  );
  let questions = [...ofHalf.values()].flat();
  if (values.limit) questions = questions.slice(0, Number(values.limit));
  const started = Date.now();
  const predictions = await predictSet(set, questions, {
    now: values.now ? new Date(`${values.now}T12:00:00Z`) : undefined,
    threshold: values.threshold ? Number(values.threshold) : undefined,
  });
  console.error(
    `${set.name}: answered ${questions.length} questions in ${((Date.now() - started) / 1000).toFixed(1)} s (clock ${values.now ?? set.config.now}, threshold ${values.threshold ?? set.config.threshold})`,
  );
  if (values.out) {
    mkdirSync(dirname(resolve(values.out)), { recursive: true });
    writeFileSync(values.out, predictions.map((p) => JSON.stringify(p)).join('\n') + '\n');
  }
  const asked = new Set(questions.map((q) => q.id));
  for (const half of halves) {
    const qs = ofHalf.get(half)!.filter((q) => asked.has(q.id));
    console.log(`${half.padEnd(5)}  ${qs.length ? formatScore(score(qs, predictions)) : 'no questions'}`);
  }
  if (halves.length > 1 && questions.length)
    console.log(`both   ${formatScore(score(questions, predictions))}`);
  if (values.list) {
    // Every question not answered right: its half, verdict, confidence and what the engine said.
    const byId = new Map(predictions.map((p) => [p.id, p]));
    const pairs = questions.map((question) => ({ question, prediction: byId.get(question.id)! }));
    const right = correctEach(pairs);
    for (const [i, { question, prediction }] of pairs.entries()) {
      if (right[i]) continue;
      const half = halves.find((h) => ofHalf.get(h)!.includes(question))!;
      const verdict = prediction.status === 'answered' ? 'WRONG' : prediction.status;
      console.log(
        [half, verdict, (prediction.confidence ?? 0).toFixed(2), question.db_id, question.question, prediction.message]
          .join(' | '),
      );
    }
  }
} finally {
  set.close();
}
