import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// The embed page may be framed by other sites (it is what the embed code points at); every
// other page and API answer still refuses to be framed.

let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-web-'));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Catalyst</title>');
  t = await createTestApp('pglite', { WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('framing', () => {
  it('lets any site frame the embed page, which is the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/agent/1?config=e30' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Catalyst</title>');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('*');
    // The rest of the policy is unchanged: still no inline scripts.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('keeps every other page and the API unframeable', async () => {
    for (const url of ['/use-cases/1', '/', '/login', '/api/health', '/api/embed/agent/1', '/embedded']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("'none'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });
});
