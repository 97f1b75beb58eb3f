import type { Warehouse } from '../warehouse';
import { lemma, splitIdentifier, titleCase } from '../nlp/text';
import { nounCategory } from '../nlp/segment';
import { synonymsFor } from '../nlp/lexicon';
import { inferJoins } from './joins';
import type { EntityType, ModelColumn, ModelJoin, ModelTable, SemanticModel, ValueKind } from './types';

export interface BuildOptions {
  /** Declared primary keys by table (CSV files carry none). */
  primaryKeys?: Record<string, string[]>;
  /** Text columns with at most this many distinct values get a value index. */
  maxIndexedValues?: number;
}

const quote = (id: string): string => `"${id.replace(/"/g, '""')}"`;

export function kindOf(type: string): ValueKind {
  const t = type.toUpperCase();
  if (/BOOL/.test(t)) return 'boolean';
  if (/DATE|TIME/.test(t)) return 'date';
  if (/INT|DEC|NUM|REAL|FLOAT|DOUBLE|HUGEINT|BIGNUMERIC/.test(t)) return 'number';
  return 'text';
}

const ID_WORDS = new Set([
  'id',
  'code',
  'phone',
  'zip',
  'postcode',
  'fax',
  'telephone',
  'key',
  'number',
  'year',
  'ssn',
  'isbn',
  'postal',
]);

function entityTypeOf(words: string[], kind: ValueKind, isKey: boolean, type = ''): EntityType {
  if (kind !== 'number' || isKey) return 'ATTRIBUTE';
  const last = words[words.length - 1] ?? '';
  if (ID_WORDS.has(last) && !(last === 'number' && words.length > 1 && words[0] === 'number'))
    return 'ATTRIBUTE';
  // "Advisor", "Physician": whole numbers named after one person are references to people.
  const counted = words.some((w) => ['number', 'num', 'no', 'total', 'count'].includes(w));
  if (/INT/i.test(type) && !counted && lemma(last) === last && nounCategory(last) === NOUN_PERSON)
    return 'ATTRIBUTE';
  return 'KPI';
}

/** WordNet's lexicographer file of nouns that denote people. */
const NOUN_PERSON = 18;

async function tableStats(
  warehouse: Warehouse,
  schema: string,
  table: string,
  columns: string[],
): Promise<{ rows: number; distinct: number[] }> {
  const parts = ['count(*)', ...columns.map((c) => `count(DISTINCT ${quote(c)})`)];
  const r = await warehouse.query(`SELECT ${parts.join(', ')} FROM ${quote(schema)}.${quote(table)}`, {
    maxRows: 1,
    timeoutMs: 20_000,
  });
  const row = r.rows[0] ?? [];
  return { rows: Number(row[0] ?? 0), distinct: columns.map((_, i) => Number(row[i + 1] ?? 0)) };
}

/**
 * Builds a semantic model automatically from a warehouse's schema and data: business names
 * from identifiers, KPI vs attribute from types and names, time columns, joins from declared
 * foreign keys and a value index for text columns of modest cardinality.
 */
export async function buildSemanticModel(
  warehouse: Warehouse,
  schema = 'main',
  tables?: string[],
  options: BuildOptions = {},
): Promise<SemanticModel> {
  const maxValues = options.maxIndexedValues ?? 2000;
  const listed = await warehouse.listTables(schema);
  const chosen = tables ? listed.filter((t) => tables.includes(t.name)) : listed;
  const fks = await warehouse.listForeignKeys(schema);
  const fkCols = new Set(
    fks.flatMap((k) => [
      ...k.columns.map((c) => `${k.table}.${c}`),
      ...k.refColumns.map((c) => `${k.refTable}.${c}`),
    ]),
  );
  const modelTables: ModelTable[] = [];
  for (const t of chosen) {
    const cols = await warehouse.describeColumns(schema, t.name);
    const stats = await tableStats(
      warehouse,
      schema,
      t.name,
      cols.map((c) => c.name),
    );
    const pk = options.primaryKeys?.[t.name] ?? [];
    const columns: ModelColumn[] = [];
    for (const [i, c] of cols.entries()) {
      const words = splitIdentifier(c.name);
      const kind = kindOf(c.type);
      const distinct = stats.distinct[i] ?? 0;
      const isKey =
        pk.includes(c.name) ||
        fkCols.has(`${t.name}.${c.name}`) ||
        (words[words.length - 1] === 'id' && distinct === stats.rows && stats.rows > 1);
      const values =
        kind === 'text' && distinct > 0 && distinct <= maxValues
          ? (await warehouse.sampleValues(schema, t.name, c.name, maxValues)).map((v) => String(v))
          : [];
      const entityType = entityTypeOf(words, kind, isKey, c.type);
      columns.push({
        table: t.name,
        name: c.name,
        label: titleCase(words),
        definition: `${titleCase(words)} of ${titleCase(splitIdentifier(t.name))}`,
        entityType,
        kind,
        type: c.type,
        isKey,
        isTime: kind === 'date',
        synonyms: synonymsFor(words),
        distinctCount: distinct,
        values,
      });
    }
    const tWords = splitIdentifier(t.name);
    modelTables.push({
      schema,
      name: t.name,
      label: titleCase(tWords),
      synonyms: synonymsFor(tWords),
      rowCount: stats.rows,
      primaryKey: pk,
      columns,
      freshness: null,
    });
  }
  const names = new Set(modelTables.map((t) => t.name));
  const joins: ModelJoin[] = fks
    .filter((k) => names.has(k.table) && names.has(k.refTable))
    .map((k) => ({
      from: k.columns.map((column) => ({ table: k.table, column })),
      to: k.refColumns.map((column) => ({ table: k.refTable, column })),
    }));
  // CSV files declare no foreign keys: infer them from names and values.
  const inferred = fks.length ? [] : await inferJoins(warehouse, modelTables);
  // A column found to refer to another table's key is a key too (an id, never a measure or a
  // grouping shown as numbers), as a declared foreign key is.
  for (const j of inferred)
    for (const ref of j.from) {
      const column = modelTables
        .find((t) => t.name === ref.table)
        ?.columns.find((c) => c.name === ref.column);
      if (column) {
        column.isKey = true;
        column.entityType = entityTypeOf(splitIdentifier(column.name), column.kind, true, column.type);
      }
    }
  return { tables: modelTables, metrics: [], joins: [...joins, ...inferred] };
}
