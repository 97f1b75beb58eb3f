import type { Warehouse } from '../warehouse';
import { lemma, splitIdentifier } from '../nlp/text';
import { DIALECTS } from '../sql/dialect';
import type { ModelColumn, ModelJoin, ModelTable } from './types';

/** What inference needs to know of a table: its size, declared key and columns' distinct counts. */
export type JoinCandidateTable = Pick<ModelTable, 'schema' | 'name' | 'rowCount' | 'primaryKey'> & {
  columns: Pick<ModelColumn, 'name' | 'distinctCount'>[];
};
const words = (name: string): string[] => {
  let w = splitIdentifier(name).map(lemma);
  while (w.length > 1 && w[0]!.length <= 2 && w[0] !== 'id') w = w.slice(1);
  return w;
};
const endsWith = (a: string[], b: string[]): boolean =>
  b.length <= a.length && b.every((x, i) => a[a.length - b.length + i] === x);

/**
 * Joins for sources that declare no foreign keys (CSV uploads): a column named after another
 * table's key ("sbTxCustId" → sbCustomer.sbCustId, "merchant_id" → merchants.mid, "customer_id"
 * → customers.id) whose distinct values all occur in that key, the key being unique per row.
 * Each candidate is checked with one read-only, time-limited query; at most 60 are checked.
 */
export async function inferJoins(warehouse: Warehouse, tables: JoinCandidateTable[]): Promise<ModelJoin[]> {
  const d = DIALECTS[warehouse.dialect];
  const table = (t: JoinCandidateTable) => `${d.quote(t.schema)}.${d.quote(t.name)}`;
  const joins: ModelJoin[] = [];
  let checks = 0;
  for (const target of tables) {
    const tableWords = words(target.name);
    // The table's own key: declared, or "id", "<table> id", or a short "…id" name, unique per row.
    const own = (name: string): boolean => {
      const w = words(name);
      return (
        w.join(' ') === 'id' ||
        w.join(' ') === [...tableWords, 'id'].join(' ') ||
        /^[a-z]{1,3}id$/i.test(name)
      );
    };
    const keys = target.columns.filter(
      (c) =>
        (target.primaryKey.includes(c.name) || (own(c.name) && c.distinctCount === target.rowCount)) &&
        (target.rowCount ?? 0) > 0,
    );
    for (const key of keys) {
      const keyWords = words(key.name);
      for (const source of tables) {
        if (source === target) continue;
        for (const col of source.columns) {
          const w = words(col.name);
          const named =
            (keyWords.length >= 2 && endsWith(w, keyWords)) ||
            (w.at(-1) === 'id' && endsWith(w.slice(0, -1), tableWords));
          if (!named || checks >= 60) continue;
          checks++;
          // Values compared as text: a CSV may hold as text the numbers its parent keys by.
          const sql = `SELECT COUNT(*), SUM(CASE WHEN p.k IS NULL THEN 1 ELSE 0 END)
            FROM (SELECT DISTINCT ${d.toText(d.quote(col.name))} AS v FROM ${table(source)} WHERE ${d.quote(col.name)} IS NOT NULL) x
            LEFT JOIN (SELECT DISTINCT ${d.toText(d.quote(key.name))} AS k FROM ${table(target)}) p ON x.v = p.k`;
          const r = await warehouse.query(sql, { maxRows: 1, timeoutMs: 10_000 }).catch(() => null);
          const [present, missing] = (r?.rows[0] ?? [0, 1]).map(Number);
          if (present! > 0 && missing === 0)
            joins.push({
              from: [{ table: source.name, column: col.name }],
              to: [{ table: target.name, column: key.name }],
            });
        }
      }
    }
  }
  return joins;
}
