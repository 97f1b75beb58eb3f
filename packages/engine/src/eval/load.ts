import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ForeignKey } from '../warehouse';
import { DuckDbWarehouse } from '../warehouse/duckdb';
import { buildSemanticModel } from '../model/build';
import type { SemanticModel } from '../model/types';

interface SchemaJson {
  tables: {
    name: string;
    columns: { name: string; type: string }[];
    primary_key?: string[];
    foreign_keys?: { column: string; ref_table: string; ref_column: string }[];
  }[];
}

/** Case of a table as the CSV file names it (schema.json and file names may differ in case). */
function csvFor(dir: string, table: string): string | null {
  const files = readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.csv'));
  const hit =
    files.find((f) => f.slice(0, -4) === table) ??
    files.find((f) => f.slice(0, -4).toLowerCase() === table.toLowerCase());
  return hit ? join(dir, hit) : null;
}

/**
 * Loads a directory of CSV files (and its schema.json when present: declared keys) into a
 * fresh in-memory DuckDB and builds the semantic model automatically.
 */
export async function loadDataDir(
  dir: string,
): Promise<{ warehouse: DuckDbWarehouse; model: SemanticModel }> {
  const warehouse = await DuckDbWarehouse.create();
  const schemaPath = join(dir, 'schema.json');
  const schema: SchemaJson | null = existsSync(schemaPath)
    ? (JSON.parse(readFileSync(schemaPath, 'utf8')) as SchemaJson)
    : null;
  const tables =
    schema?.tables.map((t) => t.name) ??
    readdirSync(dir)
      .filter((f) => f.toLowerCase().endsWith('.csv'))
      .map((f) => f.slice(0, -4));
  const primaryKeys: Record<string, string[]> = {};
  const fks: ForeignKey[] = [];
  for (const name of tables) {
    const file = csvFor(dir, name);
    if (!file) continue;
    try {
      await warehouse.loadCsv(name, file);
    } catch {
      await warehouse.exec(
        `CREATE OR REPLACE TABLE "${name.replace(/"/g, '""')}" AS SELECT * FROM read_csv('${file.replace(/'/g, "''")}', header = true, all_varchar = true)`,
      );
    }
  }
  for (const t of schema?.tables ?? []) {
    if (t.primary_key?.length) primaryKeys[t.name] = t.primary_key;
    for (const fk of t.foreign_keys ?? []) {
      const ref = schema!.tables.find((x) => x.name.toLowerCase() === fk.ref_table.toLowerCase());
      if (!ref) continue;
      fks.push({
        schema: 'main',
        table: t.name,
        columns: [fk.column],
        refSchema: 'main',
        refTable: ref.name,
        refColumns: [fk.ref_column],
      });
    }
  }
  // Foreign keys name columns in the schema's case; DuckDB keeps the CSV header's case.
  const fixed: ForeignKey[] = [];
  for (const fk of fks) {
    const a = await warehouse.describeColumns('main', fk.table).catch(() => []);
    const b = await warehouse.describeColumns('main', fk.refTable).catch(() => []);
    const ca = a.find((c) => c.name.toLowerCase() === fk.columns[0]!.toLowerCase());
    const cb = b.find((c) => c.name.toLowerCase() === fk.refColumns[0]!.toLowerCase());
    if (ca && cb) fixed.push({ ...fk, columns: [ca.name], refColumns: [cb.name] });
  }
  warehouse.setForeignKeys(fixed);
  const model = await buildSemanticModel(warehouse, 'main', undefined, { primaryKeys });
  return { warehouse, model };
}
