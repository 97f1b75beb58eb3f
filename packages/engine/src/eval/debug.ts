// Prints how the engine reads one question of an eval set: `tsx debug.ts SET DB "question"`
// (SET: a shared set's directory, or one of ours under packages/engine/eval, whose data is
// generated for the occasion).
import { openEvalSet } from './eval-set';
import { understand } from '../understand/parse';
import { compilePlan } from '../sql/compile';

const [setDir, db, ...words] = process.argv.slice(2);
if (!setDir || !db) throw new Error('usage: debug.ts SET DB "question"');
const set = openEvalSet(setDir);
try {
  const { warehouse, model } = await set.openDb(db);
  const u = understand(words.join(' '), model, new Date(`${set.config.now}T12:00:00Z`));
  console.log(JSON.stringify({ confidence: u.confidence, doubts: u.doubts, plan: u.plan }, null, 1));
  if (u.plan) {
    const c = compilePlan(u.plan, model, 'duckdb');
    console.log(c.sql, c.params);
    console.log((await warehouse.query(c.sql, { params: c.params, maxRows: 5 })).rows);
  }
  await warehouse.close();
} finally {
  set.close();
}
