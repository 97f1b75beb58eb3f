// Benchmark of Catalyst AI: time to a plan over eval questions (p50, p99), and the time to
// answer an aggregate on a generated 10,000,000-row table against the same SQL written by hand
// and run directly in DuckDB, in the same run. Prints figures and the ratio.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataDir } from '../../packages/engine/src/eval/load';
import { openEvalSet } from '../../packages/engine/src/eval/eval-set';
import { EVAL_DATA_DIR } from '../../packages/engine/src/eval/halves';
import { understand } from '../../packages/engine/src/understand/parse';
import { answerOnce } from '../../packages/engine/src/answer/answer';
import { DuckDbWarehouse } from '../../packages/engine/src/warehouse/duckdb';
import { buildSemanticModel } from '../../packages/engine/src/model/build';

const EVAL = process.env.CATALYST_EVAL_DIR ?? '/work/shared/eval';
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const NOW = new Date('2026-11-22T12:00:00Z');

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const median = (xs: number[]): number => percentile(xs, 50);

/** Figures for `npm run bench`'s summary (bench/run.ts reads the BENCH_RESULT line). */
const result: Record<string, number> = {};

async function planTimes(): Promise<void> {
  const times: number[] = [];
  for (const set of ['spider-train', 'defog-dev']) {
    const dir = join(EVAL, set);
    const questions = readFileSync(join(dir, 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { db_id: string; question: string });
    const dbs = readdirSync(join(dir, 'dbs')).slice(0, set === 'spider-train' ? 30 : 2);
    for (const db of dbs) {
      const { warehouse, model } = await loadDataDir(join(dir, 'dbs', db));
      const qs = questions.filter((q) => q.db_id === db);
      for (const q of qs.slice(0, 3)) understand(q.question, model, NOW); // warm caches
      for (const q of qs) {
        const t = performance.now();
        understand(q.question, model, NOW);
        times.push(performance.now() - t);
      }
      await warehouse.close();
    }
  }
  Object.assign(result, {
    planQuestions: times.length,
    planP50Ms: median(times),
    planP99Ms: percentile(times, 99),
  });
  console.log(
    `plan: ${times.length} questions · p50 ${median(times).toFixed(2)} ms · p99 ${percentile(times, 99).toFixed(2)} ms · max ${Math.max(...times).toFixed(2)} ms`,
  );
}

/** Time to a plan on our own sets: business questions over the demo star schema, other domains. */
async function ourSetsPlanTimes(): Promise<void> {
  for (const name of ['demo-paraphrase', 'other-domains']) {
    const set = openEvalSet(join(EVAL_DATA_DIR, name));
    const times: number[] = [];
    try {
      for (const db of new Set(set.questions.map((q) => q.db_id))) {
        const { warehouse, model } = await set.openDb(db);
        const qs = set.questions.filter((q) => q.db_id === db);
        for (const q of qs.slice(0, 3)) understand(q.question, model, NOW);
        for (const q of qs) {
          const t = performance.now();
          understand(q.question, model, NOW);
          times.push(performance.now() - t);
        }
        await warehouse.close();
      }
    } finally {
      set.close();
    }
    console.log(
      `plan (${name}): ${times.length} questions · p50 ${median(times).toFixed(2)} ms · p99 ${percentile(times, 99).toFixed(2)} ms`,
    );
  }
}

async function aggregate(): Promise<void> {
  const w = await DuckDbWarehouse.create({ defaultMaxRows: 100_000 });
  const t0 = performance.now();
  await w.exec(`CREATE TABLE sales AS SELECT i AS sale_id,
      (['Europe','Asia','North America','South America','Africa','Oceania'])[1 + (hash(i) % 6)::INT] AS region,
      (['Electronics','Furniture','Clothing','Groceries','Toys'])[1 + (hash(i * 7) % 5)::INT] AS category,
      DATE '2024-12-01' + ((hash(i * 13) % 730)::INT) AS sale_date,
      round((hash(i * 31) % 100000) / 100.0, 2) AS revenue
    FROM range(${ROWS}) t(i)`);
  console.log(
    `generated ${ROWS.toLocaleString('en-US')} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const model = await buildSemanticModel(w);
  const question = 'Revenue by region';
  const hand = 'SELECT region, sum(revenue) FROM sales GROUP BY region';
  const engine: number[] = [];
  const direct: number[] = [];
  let reading = '';
  for (let i = 0; i < 7; i++) {
    let t = performance.now();
    const a = await answerOnce({ question, model, warehouse: w, now: NOW });
    engine.push(performance.now() - t);
    reading = a.reading;
    if (a.status !== 'answered' || a.rows.length !== 6)
      throw new Error(`unexpected answer: ${a.status} ${a.message}`);
    t = performance.now();
    await w.query(hand);
    direct.push(performance.now() - t);
  }
  const e = median(engine.slice(1));
  const d = median(direct.slice(1));
  Object.assign(result, { rows: ROWS, engineMs: e, handMs: d, answerRatio: e / d });
  console.log(
    `aggregate "${question}" (${reading}) over ${ROWS.toLocaleString('en-US')} rows: engine ${e.toFixed(1)} ms · hand-written SQL ${d.toFixed(1)} ms · ratio ${(e / d).toFixed(2)}×`,
  );
  await w.close();
}

await planTimes();
await ourSetsPlanTimes();
await aggregate();
console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
