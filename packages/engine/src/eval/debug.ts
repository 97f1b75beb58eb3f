// Prints how the engine reads questions of an eval set: `tsx debug.ts SET DB "question" …`
// (SET: a shared set's directory, or one of ours under packages/engine/eval, whose data is
// generated for the occasion). For each question: the mentions of model names and values, the
// business reader's reading, and the plan understand() chooses with its SQL and first rows.
// `tsx debug.ts SET DB --model` prints the semantic model instead.
import { openEvalSet } from './eval-set';
import { understand } from '../understand/parse';
import { readBusinessQuestion } from '../understand/business/read';
import { findMentions } from '../understand/mentions';
import { fixTypos, tokenize } from '../nlp/text';
import { compilePlan } from '../sql/compile';

const [setDir, db, ...questions] = process.argv.slice(2);
if (!setDir || !db) throw new Error('usage: debug.ts SET DB "question" … | --model');
const set = openEvalSet(setDir);
try {
  const { warehouse, model } = await set.openDb(db);
  const now = new Date(`${set.config.now}T12:00:00Z`);
  if (questions[0] === '--model') {
    for (const t of model.tables) {
      console.log(`TABLE ${t.name} rows=${t.rowCount} key=${t.primaryKey.join(',')}`);
      for (const c of t.columns)
        console.log(
          `  ${c.name} ${c.kind} ${c.entityType}${c.isKey ? ' key' : ''}${c.isTime ? ' time' : ''} distinct=${c.distinctCount} values=${c.values.slice(0, 6).join('|')}`,
        );
    }
    console.log('joins', JSON.stringify(model.joins));
    console.log('metrics', model.metrics.map((m) => `${m.name}: ${m.expression}`).join('; '));
  }
  for (const question of questions.filter((q) => q !== '--model')) {
    console.log(`\n# ${question}`);
    const tokens = fixTypos(tokenize(question));
    for (const m of findMentions(tokens, model)) {
      const hits =
        m.kind === 'table'
          ? m.tables.map((t) => `${t.table.name}:${t.quality.toFixed(2)}`)
          : m.hits
              .slice(0, 5)
              .map(
                (h) =>
                  `${h.ref.table}.${h.ref.column}${'value' in h ? `=${h.value}` : ''}:${h.quality.toFixed(2)}`,
              );
      const words = tokens
        .slice(m.start, m.end)
        .map((t) => t.raw)
        .join(' ');
      console.log(
        `  ${words} → ${m.kind}${'byMeaning' in m && m.byMeaning ? ' (by meaning)' : ''} ${hits.join(', ')}`,
      );
    }
    const business = readBusinessQuestion(question, model, now);
    console.log(
      `business reader: ${business ? `${business.confidence.toFixed(2)} ${business.doubts.join('; ')}` : 'no reading'}`,
    );
    const u = understand(question, model, now);
    console.log(`chosen: ${u.confidence.toFixed(2)} ${u.doubts.join('; ')}\n${JSON.stringify(u.plan)}`);
    if (u.plan) {
      const c = compilePlan(u.plan, model, 'duckdb');
      console.log(c.sql, c.params);
      console.log((await warehouse.query(c.sql, { params: c.params, maxRows: 5 })).rows);
    }
  }
  await warehouse.close();
} finally {
  set.close();
}
