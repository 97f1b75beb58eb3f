import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadDataDir } from './load';
import { understand } from '../understand/parse';
import { executePlan } from '../answer/execute';

interface Question {
  id: string;
  db_id: string;
  question: string;
  tags: string[];
}

const { values } = parseArgs({
  options: {
    set: { type: 'string' },
    out: { type: 'string' },
    now: { type: 'string' },
    tags: { type: 'string' },
    threshold: { type: 'string' },
    limit: { type: 'string' },
    db: { type: 'string' },
    verbose: { type: 'boolean' },
  },
});
if (!values.set || !values.out) {
  console.error(
    'usage: npm run eval -- --set DIR --out FILE [--now YYYY-MM-DD] [--tags a,b] [--threshold 0.55]',
  );
  process.exit(2);
}
const setDir = resolve(values.set);
const tags = (values.tags ?? '').split(',').filter(Boolean);
const threshold = Number(values.threshold ?? 0.55);
const now = values.now ? new Date(`${values.now}T12:00:00Z`) : new Date();
let questions = readFileSync(join(setDir, 'questions.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Question)
  .filter((q) => tags.every((t) => q.tags.includes(t)) && (!values.db || q.db_id === values.db));
if (values.limit) questions = questions.slice(0, Number(values.limit));

const byDb = new Map<string, Question[]>();
for (const q of questions) byDb.set(q.db_id, [...(byDb.get(q.db_id) ?? []), q]);
const lines: string[] = [];
const started = Date.now();
for (const [db, qs] of byDb) {
  const { warehouse, model } = await loadDataDir(join(setDir, 'dbs', db));
  for (const q of qs) {
    let line: Record<string, unknown>;
    try {
      const u = understand(q.question, model, now);
      if (!u.plan || u.confidence < threshold) {
        line = {
          id: q.id,
          status: 'declined',
          columns: [],
          rows: [],
          sql: '',
          confidence: u.confidence,
          doubts: u.doubts,
          table: u.plan?.table,
        };
      } else {
        const { compiled, result } = await executePlan(u.plan, model, warehouse, { maxRows: 100_000 });
        line = {
          id: q.id,
          status: 'answered',
          columns: result.columns.map((c) => c.name),
          rows: result.rows,
          sql: compiled.sql,
          confidence: u.confidence,
          doubts: u.doubts,
          table: u.plan.table,
        };
      }
    } catch (e) {
      line = { id: q.id, status: 'error', columns: [], rows: [], sql: '', error: (e as Error).message };
    }
    lines.push(JSON.stringify(line));
  }
  await warehouse.close();
}
mkdirSync(dirname(resolve(values.out)), { recursive: true });
writeFileSync(values.out, lines.join('\n') + '\n');
console.error(
  `answered ${questions.length} questions from ${byDb.size} databases in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
const scoreArgs = [
  join(setDir, '..', 'score.mjs'),
  join(setDir, 'questions.jsonl'),
  resolve(values.out),
  ...(tags.length ? ['--tags', tags.join(',')] : []),
];
process.stdout.write(execFileSync('node', scoreArgs, { encoding: 'utf8' }));
