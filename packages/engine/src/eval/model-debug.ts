import { openEvalSet } from './eval-set';
const [setDir, db] = process.argv.slice(2);
const set = openEvalSet(setDir!);
const { warehouse, model } = await set.openDb(db!);
for (const t of model.tables) {
  console.log(`TABLE ${t.name} rows=${t.rowCount} pk=${t.primaryKey} syn=${t.synonyms}`);
  for (const c of t.columns)
    console.log(
      `  ${c.name} ${c.kind} ${c.entityType} key=${c.isKey} time=${c.isTime} distinct=${c.distinctCount} syn=${c.synonyms.join('/')} values=${c.values.slice(0, 6).join('|')}`,
    );
}
console.log('joins', JSON.stringify(model.joins));
console.log(
  'metrics',
  model.metrics.map((m) => `${m.name}: ${m.expression} syn=${m.synonyms}`),
);
await warehouse.close();
set.close();
