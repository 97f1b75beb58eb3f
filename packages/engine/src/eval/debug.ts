// Prints how the engine reads one question of an eval set: `tsx debug.ts SET DB "question"`.
import { join } from 'node:path';
import { loadDataDir } from './load';
import { understand } from '../understand/parse';
import { compilePlan } from '../sql/compile';

const [set, db, ...words] = process.argv.slice(2);
if (!set || !db) throw new Error('usage: debug.ts SET DB "question"');
const { warehouse, model } = await loadDataDir(join(set, 'dbs', db));
const u = understand(words.join(' '), model, new Date('2026-11-22T12:00:00Z'));
console.log(JSON.stringify({ confidence: u.confidence, doubts: u.doubts, plan: u.plan }, null, 1));
if (u.plan) {
  const c = compilePlan(u.plan, model, 'duckdb');
  console.log(c.sql, c.params);
  console.log((await warehouse.query(c.sql, { params: c.params, maxRows: 5 })).rows);
}
await warehouse.close();
