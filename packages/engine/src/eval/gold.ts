// Builds questions.jsonl of our own eval sets from their groups.json: every wording of a group
// gets the group's gold SQL, and the gold columns and rows come from running that SQL over the
// set's generated data (DuckDB), so the file is exactly what score.mjs expects.
// Usage: npm run eval:gold -- --set packages/engine/eval/demo-paraphrase [--check]
//   --check: exits 1 when questions.jsonl differs from what the gold SQL gives today.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openEvalSet, type EvalQuestion, type EvalSet } from './eval-set';

/**
 * Gold numbers are stored to 6 decimals: DuckDB's parallel sums differ in the last bits from run
 * to run, and the scorer compares to 4 decimals anyway.
 */
const stored = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v);
/** The scorer's comparison: numbers to 4 decimals. */
const compared = (v: unknown) => (typeof v === 'number' ? Math.round(v * 1e4) / 1e4 : v);

export interface GroupSource {
  group: string;
  /** Defaults to the set's only database (set.json `db`). */
  db_id?: string;
  tags: string[];
  ordered?: boolean;
  gold_sql: string;
  questions: (string | { text: string; tags?: string[] })[];
}

/** The set's questions with gold rows computed now. */
export async function buildQuestions(set: EvalSet): Promise<EvalQuestion[]> {
  const groups = JSON.parse(readFileSync(join(set.dir, 'groups.json'), 'utf8')) as GroupSource[];
  const seen = new Set<string>();
  const questions: EvalQuestion[] = [];
  const dbs = new Map<string, Awaited<ReturnType<EvalSet['openDb']>>>();
  try {
    for (const g of groups) {
      if (seen.has(g.group)) throw new Error(`group ${g.group} appears twice`);
      seen.add(g.group);
      const dbId = g.db_id ?? set.config.db;
      if (!dbId) throw new Error(`group ${g.group} names no db_id`);
      if (!dbs.has(dbId)) dbs.set(dbId, await set.openDb(dbId));
      const result = await dbs.get(dbId)!.warehouse.query(g.gold_sql, { maxRows: 10_000 });
      if (!result.rows.length) throw new Error(`group ${g.group}: the gold SQL returns no rows`);
      const rows = result.rows.map((r) => r.map(stored));
      // Unordered gold: a stable row order, so rebuilding the file changes nothing.
      if (!g.ordered) rows.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      g.questions.forEach((q, i) => {
        const text = typeof q === 'string' ? q : q.text;
        const extra = typeof q === 'string' ? [] : (q.tags ?? []);
        questions.push({
          id: `${g.group}-${i + 1}`,
          db_id: dbId,
          group: g.group,
          question: text,
          gold_sql: g.gold_sql,
          gold_columns: result.columns.map((c) => c.name),
          gold_rows: rows,
          ordered: g.ordered ?? false,
          tags: [...new Set([...g.tags, ...extra])],
        });
      });
    }
  } finally {
    for (const db of dbs.values()) await db.warehouse.close();
  }
  return questions;
}

/** Questions whose gold differs (as the scorer compares) between two builds of a set. */
export function goldDifferences(a: EvalQuestion[], b: EvalQuestion[]): string[] {
  const key = (q: EvalQuestion) =>
    JSON.stringify({ ...q, gold_rows: q.gold_rows.map((r) => r.map(compared)) });
  const byId = new Map(b.map((q) => [q.id, key(q)]));
  const differ = a.filter((q) => byId.get(q.id) !== key(q)).map((q) => q.id);
  const gone = b.filter((q) => !a.some((x) => x.id === q.id)).map((q) => q.id);
  return [...differ, ...gone];
}

export const questionsJsonl = (questions: EvalQuestion[]) =>
  questions.map((q) => JSON.stringify(q)).join('\n') + '\n';

if (process.argv[1]?.endsWith('gold.ts')) {
  const { values } = parseArgs({ options: { set: { type: 'string' }, check: { type: 'boolean' } } });
  if (!values.set) throw new Error('usage: npm run eval:gold -- --set DIR [--check]');
  const set = openEvalSet(values.set);
  try {
    const built = await buildQuestions(set);
    if (values.check) {
      const differ = goldDifferences(built, set.questions);
      console.log(
        differ.length
          ? `questions.jsonl differs from the gold SQL: ${differ.join(', ')}`
          : 'questions.jsonl is up to date',
      );
      process.exitCode = differ.length ? 1 : 0;
    } else {
      writeFileSync(set.questionsPath, questionsJsonl(built));
      const groups = new Set(built.map((q) => q.group));
      console.log(`${set.questionsPath}: ${built.length} questions in ${groups.size} groups`);
    }
  } finally {
    set.close();
  }
}
