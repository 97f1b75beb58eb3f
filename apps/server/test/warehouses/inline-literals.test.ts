import { inlineParams, sqlLiteral } from '@catalyst/engine';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL } from '../helpers/databases';

// The evidence shows SQL with its values written in, for reading. These tests check, against the
// real PostgreSQL and MariaDB of the machine, that each written literal reads back as the value
// that was bound (the product itself never runs the inlined text).

const HOSTILE = [
  "O'Brien",
  'back\\slash',
  "\\'; DROP TABLE x; --",
  'what?',
  '$1 and $2',
  'two\nlines',
  'tab\there',
  '100%_off',
  'ünïcødé ✓',
];

describe('PostgreSQL reads the inlined literals back', () => {
  let client: pg.Client | null = null;
  beforeAll(async () => {
    const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    client = await c.connect().then(
      () => c,
      () => null,
    );
    if (!client) console.warn(`SKIPPED: PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}.`);
  });
  afterAll(async () => {
    await client?.end();
  });

  it('for every hostile string, number and boolean', async (ctx) => {
    if (!client) return ctx.skip();
    for (const value of [...HOSTILE, 42, -3.25, true, false]) {
      const sql = inlineParams('SELECT $1 AS v', [value], 'postgres');
      expect(sql).toBe(`SELECT ${sqlLiteral(value, 'postgres')} AS v`);
      const { rows } = await client.query<{ v: unknown }>(sql);
      expect(typeof value === 'number' ? Number(rows[0]!.v) : rows[0]!.v).toEqual(value);
    }
  });
});

describe('MariaDB reads the inlined literals back', () => {
  let conn: mysql.Connection | null = null;
  beforeAll(async () => {
    conn = await mysql
      .createConnection({
        host: process.env.MYSQL_HOST_TEST ?? '127.0.0.1',
        port: Number(process.env.MYSQL_PORT_TEST ?? 3306),
        user: process.env.MYSQL_USER_TEST ?? 'root',
        password: process.env.MYSQL_PASSWORD_TEST ?? '',
        connectTimeout: 3000,
      })
      .catch(() => null);
    if (!conn) console.warn('SKIPPED: MySQL/MariaDB is not reachable.');
  });
  afterAll(async () => {
    await conn?.end();
  });

  it('for every hostile string and number (default SQL mode, where backslash escapes)', async (ctx) => {
    if (!conn) return ctx.skip();
    for (const value of [...HOSTILE, 42, -3.25]) {
      const sql = inlineParams('SELECT ? AS v', [value], 'mysql');
      const [rows] = await conn.query<mysql.RowDataPacket[]>(sql);
      expect(typeof value === 'number' ? Number(rows[0]!.v) : rows[0]!.v).toEqual(value);
    }
  });
});
