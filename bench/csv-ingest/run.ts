/**
 * CSV ingest benchmark: a generated 8-column CSV (1,000,000 rows; about 1 GB with --large) is
 * uploaded over HTTP to a running Catalyst server until its progress stream says Completed,
 * and compared with DuckDB's own read_csv of the same file into a database file, in the same
 * run. Prints rows/s, MB/s, the ratio (DuckDB time / Catalyst time) and the server's peak RSS
 * growth during the upload and load.
 *
 *   npx tsx bench/csv-ingest/run.ts [--large] [--rows N]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateCsv } from './generate';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const large = args.includes('--large');
const rowsArg = args.indexOf('--rows');
const rows = rowsArg >= 0 ? Number(args[rowsArg + 1]) : large ? 15_500_000 : 1_000_000;
const trialsArg = args.indexOf('--trials');
// The machines are shared: trials alternate DuckDB and Catalyst and the medians are compared.
const trials = trialsArg >= 0 ? Number(args[trialsArg + 1]) : large ? 1 : 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const PASSWORD = 'Bench#Password1';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-'));
const csv = path.join(os.tmpdir(), `catalyst-bench-${rows}.csv`);

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** DuckDB's read_csv into a database file: with its defaults, or with the settings the server's ingest uses. */
async function duckdbBaseline(tuned = false): Promise<number> {
  const file = path.join(work, `baseline-${Date.now()}.duckdb`);
  const started = performance.now();
  const inst = await DuckDBInstance.create(
    file,
    tuned ? { memory_limit: '160MB', preserve_insertion_order: 'false' } : {},
  );
  const c = await inst.connect();
  await c.run(
    `CREATE TABLE orders AS SELECT * FROM read_csv('${csv}', header = true${tuned ? ', buffer_size = 4194304' : ''})`,
  );
  c.closeSync();
  inst.closeSync();
  const ms = performance.now() - started;
  for (const f of [file, `${file}.wal`]) fs.rmSync(f, { force: true });
  return ms;
}

async function startServer() {
  const dataDir = path.join(work, 'server');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, CATALYST_ADMIN_PASSWORD: PASSWORD, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * The upload is sent by curl, as a browser would send it: natively, streaming the file from
 * disk. (Node's own fetch + FormData costs more CPU than the server on a 2-core machine.)
 */
function uploadWithCurl(
  base: string,
  authorization: string,
  connName: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '-o',
      '-',
      '-w',
      '\n%{http_code}',
      '-H',
      `Authorization: ${authorization}`,
      '-F',
      `conn_name=${connName}`,
      '-F',
      `file=@${csv};type=text/csv;filename=orders.csv`,
      `${base}/api/copilot/upload-files/upload-csv`,
    ]);
    let out = '';
    curl.stdout.on('data', (d) => (out += String(d)));
    curl.on('error', reject);
    curl.on('exit', () => {
      const i = out.lastIndexOf('\n');
      resolve({ status: Number(out.slice(i + 1)), body: out.slice(0, i) });
    });
  });
}

async function catalystIngest(
  base: string,
  pid: number,
): Promise<{ ms: number; uploadMs: number; peakMb: number; baselineMb: number }> {
  const login = await fetch(`${base}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const baseline = rssKb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 25);
  const started = performance.now();
  const upload = await uploadWithCurl(base, auth.authorization, `Bench ${Date.now()}`);
  if (upload.status !== 200) throw new Error(`upload failed: ${upload.status} ${upload.body}`);
  const fileId = (JSON.parse(upload.body) as { files: { file_id: number }[] }).files[0]!.file_id;
  const uploadedMs = performance.now() - started;
  const sse = await (
    await fetch(`${base}/api/copilot/upload-files/csv_progress/stream/${fileId}`, { headers: auth })
  ).text();
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (!sse.includes('"status":"Completed"') || !sse.includes(`"row_count":${rows}`))
    throw new Error(`ingest did not complete: ${sse.slice(-300)}`);
  return { ms, uploadMs: uploadedMs, peakMb: peak / 1024, baselineMb: baseline / 1024 };
}

try {
  if (!fs.existsSync(csv)) {
    process.stdout.write(`generating ${rows.toLocaleString('en')} rows… `);
    await generateCsv(csv, rows);
  }
  const bytes = fs.statSync(csv).size;
  const mb = bytes / 1e6;
  console.log(`file: ${csv} — ${rows.toLocaleString('en')} rows, 8 columns, ${mb.toFixed(1)} MB`);
  const { child, base } = await startServer();
  try {
    await duckdbBaseline(); // brings the file into the page cache for both sides
    const duck: number[] = [];
    const tuned: number[] = [];
    const runs: Awaited<ReturnType<typeof catalystIngest>>[] = [];
    for (let i = 0; i < trials; i++) {
      duck.push(await duckdbBaseline());
      runs.push(await catalystIngest(base, child.pid!));
      tuned.push(await duckdbBaseline(true));
    }
    const fmt = (ms: number) =>
      `${(ms / 1000).toFixed(2)} s, ${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s, ${(mb / (ms / 1000)).toFixed(1)} MB/s`;
    const server = median(runs.map((r) => r.ms));
    const list = (xs: number[]) => xs.map((d) => (d / 1000).toFixed(2)).join(' ');
    console.log(
      `trials: ${trials} (medians below); DuckDB ${list(duck)} s; Catalyst ${list(runs.map((r) => r.ms))} s; DuckDB same settings ${list(tuned)} s`,
    );
    console.log(`DuckDB read_csv → database file: ${fmt(median(duck))}`);
    console.log(`Catalyst HTTP upload → Completed: ${fmt(server)}`);
    console.log(
      `  of which the HTTP upload (body streamed to disk): ${(median(runs.map((r) => r.uploadMs)) / 1000).toFixed(2)} s`,
    );
    console.log(
      `DuckDB read_csv with the server's ingest settings (160 MB, 4 MB buffers, no insertion order): ${fmt(median(tuned))}`,
    );
    console.log(`ratio (DuckDB default time / Catalyst time): ${(median(duck) / server).toFixed(2)}`);
    console.log(
      `ratio (DuckDB same-settings time / Catalyst time, i.e. the cost of HTTP + bookkeeping): ${(median(tuned) / server).toFixed(2)}`,
    );
    const idle = runs[0]!.baselineMb;
    console.log(
      `server peak RSS growth: ${(Math.max(...runs.map((r) => r.peakMb)) - idle).toFixed(0)} MB (idle RSS before the first upload ${idle.toFixed(0)} MB)`,
    );
    const result = {
      rows,
      mb,
      duckdbMs: median(duck),
      catalystMs: server,
      ratio: median(duck) / server,
      sameSettingsRatio: median(tuned) / server,
      peakRssGrowthMb: Math.max(...runs.map((r) => r.peakMb)) - idle,
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
