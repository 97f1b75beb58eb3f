// Answers an eval set's questions with Catalyst AI, writes the predictions (score.mjs format)
// and prints the figures per half (tune, check) and over both.
// Usage: npm run eval -- --set DIR [--half tune|check] [--out FILE] [--tags a,b] [--now YYYY-MM-DD]
//        [--threshold 0.55] [--db DB] [--limit N] [--list]
// --list also prints every wrong or declined question with its half.
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
    const byId = new Map(predictions.map((p) => [p.id, p]));
    for (const half of halves) {
      const qs = ofHalf.get(half)!.filter((q) => asked.has(q.id));
      const right = correctEach(qs.map((q) => ({ question: q, prediction: byId.get(q.id)! })));
      qs.forEach((q, i) => {
        const p = byId.get(q.id)!;
        if (right[i]) return;
        const what = p.status === 'answered' ? 'WRONG   ' : p.status === 'declined' ? 'declined' : 'error   ';
        console.log(`${half.padEnd(5)}  ${what}  ${p.confidence.toFixed(2)}  ${q.id}  ${q.question}`);
      });
    }
  }
} finally {
  set.close();
}
