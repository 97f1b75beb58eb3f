import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCsv } from '../../../../bench/csv-ingest/generate';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-kill-'));
const PASSWORD = 'Admin#12345';
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'fixtures/server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CATALYST_ADMIN_PASSWORD: PASSWORD,
      DATABASE_URL: '',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function login(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

async function tablesOf(file: string): Promise<Record<string, number>> {
  const inst = await DuckDBInstance.create(file);
  const c = await inst.connect();
  const out: Record<string, number> = {};
  for (const [name] of (await c.runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRows()) {
    out[String(name)] = Number(
      (await c.runAndReadAll(`SELECT count(*) FROM "${String(name)}"`)).getRows()[0]![0],
    );
  }
  c.closeSync();
  inst.closeSync();
  return out;
}

describe('a server killed during an ingest', () => {
  it('leaves no half table, and loads the file fully after the restart', async () => {
    const csv = path.join(dataDir, 'orders.csv');
    await generateCsv(csv, 1_000_000);

    const first = await startServer();
    const auth = await login(first.base);
    const form = new FormData();
    form.append('conn_name', 'Big files');
    form.append('file', await fs.openAsBlob(csv, { type: 'text/csv' }), 'orders.csv');
    const up = await fetch(`${first.base}/api/copilot/upload-files/upload-csv`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(up.status).toBe(200);
    const { conn_id: connId, files } = (await up.json()) as { conn_id: number; files: { file_id: number }[] };
    const fileId = files[0]!.file_id;

    // Wait until DuckDB reports real progress, then kill the process outright.
    const sse = await fetch(`${first.base}/api/copilot/upload-files/csv_progress/stream/${fileId}`, {
      headers: auth,
    });
    const reader = sse.body!.getReader();
    let seen = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
      const progress = [...seen.matchAll(/"progress":([\d.]+)/g)].map((m) => Number(m[1]));
      if (progress.some((p) => p > 0 && p < 100)) break;
    }
    expect(seen).toMatch(/"status":"Processing"/);
    expect(seen).not.toMatch(/"status":"Completed"/);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    // On disk after the kill: no table named after the file (at most an uncommitted staging one).
    const dbFile = path.join(dataDir, 'duckdb', 'org-1', `conn-${connId}.duckdb`);
    const afterKill = fs.existsSync(dbFile) ? await tablesOf(dbFile) : {};
    expect(afterKill.orders).toBeUndefined();

    const second = await startServer();
    const auth2 = await login(second.base);
    const done = await fetch(`${second.base}/api/copilot/upload-files/csv_progress/stream/${fileId}`, {
      headers: auth2,
    });
    const text = await done.text();
    expect(text).toContain('"status":"Completed"');
    expect(text).toContain('"row_count":1000000');
    const list = (await (
      await fetch(`${second.base}/api/copilot/upload-files/csv?conn_id=${connId}`, { headers: auth2 })
    ).json()) as { status: string; file_row_count: number }[];
    expect(list).toEqual([expect.objectContaining({ status: 'UPLOADED', file_row_count: 1_000_000 })]);
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));

    expect(await tablesOf(dbFile)).toEqual({ orders: 1_000_000 });
    expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
  }, 180_000);
});
