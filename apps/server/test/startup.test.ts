import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      CATALYST_SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(started: Started, text: string, ms = 60_000) {
  const until = Date.now() + ms;
  while (!started.output().includes(text)) {
    if (Date.now() > until || started.child.exitCode !== null)
      throw new Error(`never printed "${text}":\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('starting the server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-start-'));
  const running: Started[] = [];
  afterAll(() => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the admin with a printed password, refuses a second server on the same DATA_DIR, and shuts down on SIGTERM', async () => {
    const first = start({ DATA_DIR: dataDir });
    running.push(first);
    await waitFor(first, 'Catalyst is running at http://127.0.0.1:');
    const password = /with the password (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const file = path.join(dataDir, 'initial-admin-password');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(password);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const port = /running at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.output())![1];
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);

    const second = start({ DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).toBe(75);
    expect(second.output()).toMatch(
      /Another Catalyst server \(pid \d+\) is already using the data directory/,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'catalyst.lock'))).toBe(false);
  });

  it('stops with the full list of configuration problems', async () => {
    const bad = start({ DATA_DIR: dataDir, PORT: 'x', SMTP_URL: 'http://nope' });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toMatch(/2 problem/);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('SMTP_URL');
  });
});
