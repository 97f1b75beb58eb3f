// `npm test`: every unit and integration test (vitest: contracts, engine, server on PGlite and
// PostgreSQL, web), then the browser tests in Chromium against the built app. Ends with one
// summary line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

/** Failed tests, plus suites that failed before any of their tests could (a broken beforeAll, an import error). */
function failedCount(json) {
  const suitesFailedWithoutATest = (json.testResults ?? []).filter(
    (suite) =>
      suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  return json.numFailedTests + suitesFailedWithoutATest;
}

function runVitest(label, args, reportName) {
  const report = path.join(tmp, `${reportName}.json`);
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { cwd: root, stdio: 'inherit', env: process.env },
  );
  if (result.status !== 0) exitCode = 1;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += failedCount(json);
    totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    if (json.numTotalTests === 0) {
      console.error(`${label}: no test ran`);
      exitCode = 1;
    }
  } else {
    console.error(`${label}: the test run did not finish (exit ${result.status})`);
    totals.failed += 1;
  }
}

const only = process.argv[2];
if (!only || only === 'unit') runVitest('unit and integration tests', [], 'unit');
if ((!only || only === 'e2e') && fs.existsSync(path.join(root, 'e2e/run.mjs'))) {
  console.log('\n=== browser tests (Chromium) ===');
  const report = path.join(tmp, 'e2e.json');
  const result = spawnSync(process.execPath, [path.join(root, 'e2e/run.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_JSON_REPORT: report },
  });
  if (result.status !== 0) exitCode = 1;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += failedCount(json);
    totals.skipped += json.numPendingTests ?? 0;
  } else if (result.status !== 0) {
    totals.failed += 1;
  }
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
