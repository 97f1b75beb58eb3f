import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

/**
 * The dependency graph (apps/server/src/deps.ts) holds every long-lived part of the app — secret
 * box, outbound connection pool, data-source context, document jobs, session and thread-list
 * caches — and closes them when the app closes. No module keeps state of its own.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/**
 * Module-level state: a top-level `let`, or a top-level Map/WeakMap (a cache or registry).
 * Top-level Sets are word lists; they are never written to.
 */
const MODULE_STATE = /^(?:export )?(?:let |(?:const|var) \w+(?::[^=]+)? = new (?:Weak)?Map\b)/m;
const ALLOWED: Record<string, string> = {
  // A lazily computed constant (the same hash for every app): it holds no app state.
  'lib/passwords.ts': 'dummy hash for constant-time sign-in',
  // A program of its own, run in a child process per document.
  'features/documents/extract-worker.ts': 'child process',
};

describe('the dependency graph', () => {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('no module of the server keeps state of its own', () => {
    const offenders = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f))
      .filter((f) => !(f in ALLOWED) && MODULE_STATE.test(fs.readFileSync(path.join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
    expect(MODULE_STATE.test('const caches = new WeakMap<Deps, Map<number, Entry>>();')).toBe(true);
    expect(MODULE_STATE.test('let socket: Socket | null = null;')).toBe(true);
  });

  it('gives every app its own parts, and closing the app closes them', async () => {
    a = await createTestApp('pglite');
    b = await createTestApp('pglite');
    for (const part of [
      'secretBox',
      'outbound',
      'dataSources',
      'documentJobs',
      'sessionCache',
      'threadLists',
    ] as const)
      expect(a.deps[part], part).not.toBe(b.deps[part]);

    // A session resolved by one app is cached there only.
    const token = await a.login();
    await a.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(a.deps.sessionCache.size).toBeGreaterThan(0);
    expect(b.deps.sessionCache.size).toBe(0);

    const closes = [
      vi.spyOn(a.deps.dataSources, 'close'),
      vi.spyOn(a.deps.documentJobs, 'close'),
      vi.spyOn(a.deps.outbound, 'close'),
      vi.spyOn(a.deps.mailer, 'close'),
    ];
    await a.app.close();
    for (const spy of closes) expect(spy).toHaveBeenCalledTimes(1);
    expect(a.deps.sessionCache.size).toBe(0);
    // The other app is untouched and still answers.
    const other = await b.login();
    expect(other).toMatch(/\S{20,}/);
  });
});
