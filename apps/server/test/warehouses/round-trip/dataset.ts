/**
 * The dataset the dialect round trip loads into every database: a sales fact (dates, a
 * timestamp, amounts with NULLs, a yes/no column, text categories with NULLs, free-text notes
 * with LIKE's special characters) referencing two dimension tables. Generated from a fixed seed,
 * so every database — and the in-memory oracle of `rows` — holds exactly the same values.
 *
 * Text values are capitalised alike on purpose: MariaDB's default collation sorts and compares
 * case-insensitively while PostgreSQL (C collation here) and DuckDB sort by code point, a
 * difference of the databases' configuration rather than of the SQL Catalyst writes.
 */

export type Engine = 'duckdb' | 'postgres' | 'mysql';
type Value = string | number | boolean | null;

interface Column {
  name: string;
  /** Column type per database. */
  type: Record<Engine, string>;
}

interface Table {
  name: string;
  columns: Column[];
  primaryKey: string;
  rows: Value[][];
}

const int = { duckdb: 'INTEGER', postgres: 'integer', mysql: 'INT' };
const text = (n: number) => ({ duckdb: 'VARCHAR', postgres: `varchar(${n})`, mysql: `VARCHAR(${n})` });
const money = { duckdb: 'DECIMAL(10,2)', postgres: 'numeric(10,2)', mysql: 'DECIMAL(10,2)' };
const date = { duckdb: 'DATE', postgres: 'date', mysql: 'DATE' };
const timestamp = { duckdb: 'TIMESTAMP', postgres: 'timestamp', mysql: 'DATETIME' };
const yesNo = { duckdb: 'BOOLEAN', postgres: 'boolean', mysql: 'BOOLEAN' };

/** mulberry32: a small deterministic generator, so the data never changes between runs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const customers: Table = {
  name: 'customers',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: int },
    { name: 'name', type: text(40) },
    { name: 'segment', type: text(20) },
    { name: 'country', type: text(20) },
  ],
  rows: [
    [1, 'Acme', 'Enterprise', 'Germany'],
    [2, 'Globex', 'Smb', 'France'],
    [3, 'Initech', null, 'Germany'],
    [4, 'Umbrella', 'Enterprise', 'Spain'],
    [5, 'Hooli', 'Smb', 'France'],
    [6, 'Stark', 'Enterprise', 'Italy'],
    [7, 'Wayne', 'Public', 'Spain'],
    [8, 'Tyrell', null, 'Italy'],
  ],
};

const products: Table = {
  name: 'products',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: int },
    { name: 'name', type: text(40) },
    { name: 'category', type: text(20) },
    { name: 'list_price', type: money },
  ],
  rows: [
    [1, 'Widget', 'Hardware', 9.5],
    [2, 'Gadget', 'Hardware', 24],
    [3, 'Support', 'Services', 120],
    [4, 'Training', 'Services', 80],
    [5, 'Cable', 'Accessories', 3.25],
    [6, 'Case', 'Accessories', 15],
  ],
};

const CHANNELS = ['Online', 'Store', 'Phone'];
// Notes hold LIKE's wildcards and its escape character: a substring search must find them as text.
const NOTES = ['Gift', 'Rush order', '50% off', 'Code_A1', 'Code-B2', 'Path C:\\box', 'Repeat buyer'];

function salesRows(): Value[][] {
  const next = random(20261125);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const rows: Value[][] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let id = 1; id <= 300; id++) {
    // Orders of two lines; an order's lines share its day, customer and channel.
    const order = Math.ceil(id / 2);
    const previous = id % 2 === 0 ? rows[rows.length - 1]! : null;
    const day = previous ? String(previous[2]) : iso(start + Math.floor(next() * 546) * 86_400_000);
    const hour = Math.floor(next() * 24);
    const minute = Math.floor(next() * 60);
    // A few sales were keyed in without a time: a timestamp grouped by month has a NULL bucket.
    const createdAt = next() < 0.03 ? null : `${day} ${pad(hour)}:${pad(minute)}:00`;
    const customer = previous ? Number(previous[4]) : 1 + Math.floor(next() * 8);
    const product = 1 + Math.floor(next() * 6);
    const channel = previous ? (previous[6] as string | null) : next() < 0.1 ? null : pick(CHANNELS);
    const quantity = 1 + Math.floor(next() * 9);
    const price = Number(products.rows[product - 1]![3]);
    const amount = next() < 0.06 ? null : Math.round(quantity * price * (0.8 + next() * 0.4) * 100) / 100;
    const cost = Math.round(quantity * price * (0.4 + next() * 0.3) * 100) / 100;
    const returned = next() < 0.15;
    const note = next() < 0.25 ? pick(NOTES) : null;
    rows.push([
      id,
      order,
      day,
      createdAt,
      customer,
      product,
      channel,
      quantity,
      amount,
      cost,
      returned,
      note,
    ]);
  }
  return rows;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const sales: Table = {
  name: 'sales',
  primaryKey: 'id',
  columns: [
    { name: 'id', type: int },
    { name: 'order_id', type: int },
    { name: 'order_date', type: date },
    { name: 'created_at', type: timestamp },
    { name: 'customer_id', type: int },
    { name: 'product_id', type: int },
    { name: 'channel', type: text(20) },
    { name: 'quantity', type: int },
    { name: 'amount', type: money },
    { name: 'cost', type: money },
    { name: 'returned', type: yesNo },
    { name: 'note', type: text(40) },
  ],
  rows: salesRows(),
};

const TABLES: Table[] = [customers, products, sales];

/** The foreign keys every database declares (DuckDB's warehouse is told them, as for CSV files). */
export const FOREIGN_KEYS = [
  { table: 'sales', column: 'customer_id', refTable: 'customers', refColumn: 'id' },
  { table: 'sales', column: 'product_id', refTable: 'products', refColumn: 'id' },
];

/** Rows of a table as objects, for the in-memory oracle of a few plans. */
export function rows(table: 'sales' | 'customers' | 'products'): Record<string, Value>[] {
  const t = TABLES.find((x) => x.name === table)!;
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c.name, r[i]!])));
}

function literal(v: Value, engine: Engine): string {
  if (v === null) return 'NULL';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(v);
  // MariaDB reads a backslash in a literal as an escape; the others take it as it is.
  const escaped = engine === 'mysql' ? v.replace(/\\/g, '\\\\') : v;
  return `'${escaped.replace(/'/g, "''")}'`;
}

/** CREATE TABLE and INSERT statements of the dataset for one database (tables unqualified). */
export function datasetSql(engine: Engine): string[] {
  const quote = (id: string) => (engine === 'mysql' ? `\`${id}\`` : `"${id}"`);
  const out: string[] = [];
  for (const t of TABLES) {
    const fks = FOREIGN_KEYS.filter((k) => k.table === t.name).map(
      (k) => `FOREIGN KEY (${quote(k.column)}) REFERENCES ${quote(k.refTable)} (${quote(k.refColumn)})`,
    );
    const columns = t.columns.map((c) => `${quote(c.name)} ${c.type[engine]}`);
    out.push(
      `CREATE TABLE ${quote(t.name)} (${[...columns, `PRIMARY KEY (${quote(t.primaryKey)})`, ...fks].join(', ')})`,
    );
    out.push(
      `INSERT INTO ${quote(t.name)} VALUES ${t.rows
        .map((r) => `(${r.map((v) => literal(v, engine)).join(', ')})`)
        .join(', ')}`,
    );
  }
  return out;
}
