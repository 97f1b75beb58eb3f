// Prints how the business reader reads questions of an eval set's database:
// `tsx business-debug.ts SET DB "question" ["question" …]`.
import { openEvalSet } from './eval-set';
import { readBusinessQuestion } from '../understand/business/read';
import { understand } from '../understand/parse';

const [setDir, db, ...questions] = process.argv.slice(2);
if (!setDir || !db) throw new Error('usage: business-debug.ts SET DB "question" …');
const set = openEvalSet(setDir);
try {
  const { warehouse, model } = await set.openDb(db);
  const now = new Date(`${set.config.now}T12:00:00Z`);
  for (const q of questions) {
    const b = readBusinessQuestion(q, model, now);
    const u = understand(q, model, now);
    console.log(`\n# ${q}\nbusiness: ${b ? `${b.confidence.toFixed(2)} ${b.doubts.join('; ')}` : 'none'}`);
    if (b?.plan) console.log(JSON.stringify(b.plan));
    console.log(`chosen: ${u.confidence.toFixed(2)} ${u.doubts.join('; ')}`);
  }
  await warehouse.close();
} finally {
  set.close();
}
