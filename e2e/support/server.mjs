// Starts and stops a real Catalyst server for browser tests and screenshots: a free port, a fresh
// temporary DATA_DIR, the web app built first when its sources changed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { username: 'admin', password: 'Admin#12345' };

const WEB = path.join(ROOT, 'apps/web');
const STARTUP_TIMEOUT_MS = 240_000;

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds apps/web when dist is missing or older than its sources (or the contracts it uses). */
function buildWebIfNeeded() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(WEB, p),
  );
  sources.push(path.join(ROOT, 'packages/contracts/src'));
  const built = path.join(WEB, 'dist/index.html');
  const buildTime = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (buildTime >= Math.max(...sources.map(newestMtime))) return;
  console.log('[e2e] building the web app…');
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: WEB,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web app did not build');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function healthy(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts `node scripts/start.mjs` and resolves once it answers /api/health.
 * DATABASE_URL (and any other variable) passes through from the environment.
 */
export async function startServer({ log = false } = {}) {
  buildWebIfNeeded();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      CATALYST_ADMIN_USERNAME: ADMIN.username,
      CATALYST_ADMIN_PASSWORD: ADMIN.password,
      // The browser specs start their fake LLM and MCP servers on this machine's loopback.
      CATALYST_OUTBOUND_ALLOWLIST: process.env.CATALYST_OUTBOUND_ALLOWLIST ?? '127.0.0.1',
      NODE_ENV: process.env.NODE_ENV ?? 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
    if (log) process.stdout.write(chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let ready = false;
  while (Date.now() < deadline) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 500))]);
    if (early) break;
    if (output.includes('Catalyst is running at') || (await healthy(baseUrl))) {
      ready = await healthy(baseUrl);
      if (ready) break;
    }
  }
  const server = {
    baseUrl,
    dataDir,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid, 'SIGTERM');
        const killed = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 15_000))]);
        if (!killed) process.kill(child.pid, 'SIGKILL');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (!ready) {
    await server.stop();
    throw new Error(`The server did not become ready on ${baseUrl}. Its output:\n${output}`);
  }
  return server;
}
