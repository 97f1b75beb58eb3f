/**
 * The databases of the round trip, each loaded with the dataset and read only through its
 * warehouse adapter (the product's read path): DuckDB always, the machine's PostgreSQL and
 * MariaDB when reachable. In CI (CI=true) both servers are required, so a missing one fails.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import {
  DuckDbWarehouse,
  kindOf,
  type DerivedMetric,
  type SemanticModel,
  type Warehouse,
} from '@catalyst/engine';
import { MysqlWarehouse } from '../../../src/warehouses/mysql';
import { PostgresWarehouse } from '../../../src/warehouses/postgres';
import { datasetSql, FOREIGN_KEYS, type Engine } from './dataset';

export interface Target {
  engine: Engine;
  warehouse: Warehouse;
  model: SemanticModel;
  close(): Promise<void>;
}

// The same servers (and overrides) as postgres.test.ts and mysql.test.ts.
const PG = {
  host: process.env.PGHOST_TEST ?? '127.0.0.1',
  port: Number(process.env.PGPORT_TEST ?? 5432),
  user: 'postgres',
  password: process.env.PGPASSWORD_TEST ?? '',
};
const MARIADB = {
  host: process.env.MYSQL_HOST_TEST ?? '127.0.0.1',
  port: Number(process.env.MYSQL_PORT_TEST ?? 3306),
  user: process.env.MYSQL_USER_TEST ?? 'root',
  password: process.env.MYSQL_PASSWORD_TEST ?? '',
};

/** Derived metrics as the server's calculation parser writes them (quoted columns of `sales`). */
const METRICS: Omit<DerivedMetric, 'table' | 'synonyms' | 'definition'>[] = [
  { name: 'profit', label: 'Profit', expression: 'SUM("amount") - SUM("cost")' },
  {
    name: 'margin',
    label: 'Margin',
    expression: '(SUM("amount") - SUM("cost")) / NULLIF(SUM("amount"), 0)',
  },
  // Whole numbers over whole numbers: a database that divides integers as integers gets this wrong.
  {
    name: 'units_per_order',
    label: 'Units per order',
    expression: 'SUM("quantity") / NULLIF(COUNT(DISTINCT "order_id"), 0)',
  },
  { name: 'return_rate', label: 'Return rate', expression: 'AVG(CASE WHEN "returned" THEN 1 ELSE 0 END)' },
];

const randomName = () => `catalyst_rt_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

/** The semantic model of `schema` as the warehouse reports it: its tables, types and foreign keys. */
async function modelOf(warehouse: Warehouse, schema: string): Promise<SemanticModel> {
  const tables: SemanticModel['tables'] = [];
  for (const t of await warehouse.listTables(schema)) {
    const columns = await warehouse.describeColumns(schema, t.name);
    tables.push({
      schema,
      name: t.name,
      label: t.name,
      synonyms: [],
      rowCount: t.rowCount,
      primaryKey: ['id'],
      freshness: null,
      columns: columns.map((c) => ({
        table: t.name,
        name: c.name,
        label: c.name,
        definition: '',
        entityType: kindOf(c.type) === 'number' && !/id$/.test(c.name) ? 'KPI' : 'ATTRIBUTE',
        kind: kindOf(c.type),
        type: c.type,
        isKey: /id$/.test(c.name),
        isTime: kindOf(c.type) === 'date',
        synonyms: [],
        distinctCount: null,
        values: [],
      })),
    });
  }
  const joins = (await warehouse.listForeignKeys(schema)).map((k) => ({
    from: k.columns.map((column) => ({ table: k.table, column })),
    to: k.refColumns.map((column) => ({ table: k.refTable, column })),
  }));
  const metrics = METRICS.map((m) => ({ ...m, table: 'sales', synonyms: [], definition: '' }));
  return { tables, joins, metrics };
}

/** Whether a server answers; in CI a missing one is an error, locally a warning and a skip. */
async function required(what: string, start: string, probe: () => Promise<void>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch (err) {
    const message = `${what} is not reachable (${(err as Error).message})`;
    if (process.env.CI) throw new Error(`${message}. CI requires it (start it with: ${start}).`);
    console.warn(`SKIPPED: ${message}: the dialect round trip runs on the other databases only.`);
    return false;
  }
}

export async function openDuckDb(): Promise<Target> {
  const warehouse = await DuckDbWarehouse.create();
  for (const statement of datasetSql('duckdb')) await warehouse.exec(statement);
  // DuckDB files carry no declared keys for the warehouse to report: it is told them, as for CSV.
  warehouse.setForeignKeys(
    FOREIGN_KEYS.map((k) => ({
      schema: 'main',
      table: k.table,
      columns: [k.column],
      refSchema: 'main',
      refTable: k.refTable,
      refColumns: [k.refColumn],
    })),
  );
  return {
    engine: 'duckdb',
    warehouse,
    model: await modelOf(warehouse, 'main'),
    close: () => warehouse.close(),
  };
}

/** A fresh database with the dataset in schema `retail` (so table names are schema-qualified). */
export async function openPostgres(): Promise<Target | null> {
  const admin = () => new pg.Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 3000 });
  const up = await required(
    `PostgreSQL at ${PG.host}:${PG.port}`,
    'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    async () => {
      const c = admin();
      await c.connect();
      await c.end();
    },
  );
  if (!up) return null;
  const name = randomName();
  const c = admin();
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const seed = new pg.Client({ ...PG, database: name });
  await seed.connect();
  await seed.query('CREATE SCHEMA retail');
  await seed.query('SET search_path = retail');
  for (const statement of datasetSql('postgres')) await seed.query(statement);
  await seed.query('ANALYZE');
  await seed.end();
  const warehouse = new PostgresWarehouse({ ...PG, database: name }, { defaultTimeoutMs: 20_000 });
  return {
    engine: 'postgres',
    warehouse,
    model: await modelOf(warehouse, 'retail'),
    async close() {
      await warehouse.close();
      const d = admin();
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}

export async function openMariaDb(): Promise<Target | null> {
  const admin = () => mysql.createConnection({ ...MARIADB, connectTimeout: 3000 });
  const up = await required(
    `MariaDB at ${MARIADB.host}:${MARIADB.port}`,
    'start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd',
    async () => (await admin()).end(),
  );
  if (!up) return null;
  const name = randomName();
  const seed = await admin();
  await seed.query(`CREATE DATABASE ${name}`);
  await seed.query(`USE ${name}`);
  for (const statement of datasetSql('mysql')) await seed.query(statement);
  await seed.query('ANALYZE TABLE customers, products, sales');
  await seed.end();
  const warehouse = new MysqlWarehouse({ ...MARIADB, database: name }, { defaultTimeoutMs: 20_000 });
  return {
    engine: 'mysql',
    warehouse,
    model: await modelOf(warehouse, name),
    async close() {
      await warehouse.close();
      const d = await admin();
      await d.query(`DROP DATABASE IF EXISTS ${name}`);
      await d.end();
    },
  };
}
