import { openEvalSet } from './eval-set';
import { findMentions } from '../understand/mentions';
import { fixTypos, tokenize } from '../nlp/text';
const [setDir, db, ...words] = process.argv.slice(2);
const set = openEvalSet(setDir!);
const { warehouse, model } = await set.openDb(db!);
const tokens = fixTypos(tokenize(words.join(' ')));
for (const m of findMentions(tokens, model))
  console.log(
    tokens
      .slice(m.start, m.end)
      .map((t) => t.raw)
      .join(' '),
    m.kind,
    m.kind === 'table'
      ? m.tables.map((t) => `${t.table.name}:${t.quality}`).join(',')
      : m.hits
          .slice(0, 5)
          .map(
            (h) =>
              `${h.ref.table}.${h.ref.column}${'value' in h ? '=' + h.value : ''}:${h.quality.toFixed(2)}`,
          )
          .join(','),
  );
await warehouse.close();
set.close();
