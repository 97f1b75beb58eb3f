#!/usr/bin/env node
// `npm run test:e2e`: builds the web app when needed, starts a real server on a free port with a
// fresh DATA_DIR (DATABASE_URL passes through), runs the browser specs in Chromium, stops the
// server by pid and exits non-zero when a spec failed. Set E2E_BASE_URL to use a running server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer } from './support/server.mjs';
import { startSmtp } from './support/smtp.mjs';

const extraArgs = process.argv.slice(2);
let server = null;
let smtp = null;
let status = 1;

const stop = async () => {
  if (server) await server.stop().catch((error) => console.error('[e2e] could not stop the server:', error));
  server = null;
  if (smtp) await smtp.close();
  smtp = null;
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stop().then(() => process.exit(130)));
}

try {
  let baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) {
    // The server under test sends real e-mail, to an SMTP server of ours; the specs read what arrived.
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.E2E_MAIL_DIR = smtp.dir;
    server = await startServer({ log: process.env.E2E_SERVER_LOG === '1' });
    baseUrl = server.baseUrl;
    console.log(`[e2e] server pid ${server.pid} at ${baseUrl} (DATA_DIR ${server.dataDir})`);
  }
  // `npm test` asks for a JSON report (E2E_JSON_REPORT) to count the results in its summary.
  const report = process.env.E2E_JSON_REPORT
    ? ['--reporter=default', '--reporter=json', `--outputFile.json=${process.env.E2E_JSON_REPORT}`]
    : [];
  // Not spawnSync: this process keeps serving the test SMTP server while the specs run.
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      path.join(ROOT, 'e2e/vitest.config.ts'),
      ...report,
      ...extraArgs,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: baseUrl } },
  );
  status = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  if (status !== 0 && server) {
    console.error('[e2e] last server output:\n' + server.output().split('\n').slice(-40).join('\n'));
  }
} catch (error) {
  console.error('[e2e]', error instanceof Error ? error.message : error);
  status = 1;
} finally {
  await stop();
}
process.exit(status);
