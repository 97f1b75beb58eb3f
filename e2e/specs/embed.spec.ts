import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, apiCall, apiLogin, launchBrowser, openPage, signIn } from '../support/browser';

// Spec document 2 §2.4 "an embed code card": the code from the Agents tab, pasted into another
// site's page, frames a working chat with Catalyst AI. The agent name is hostile on purpose: it
// must stay text in the snippet, in the host page and in the frame.

const HOSTILE = `Sales "Bot"></iframe><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
let browser: Browser;
let host: Server;
let hostUrl = '';
let snippet = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Team portal</title></head>
<body><h1>Team portal</h1><main>${snippet}</main></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browser?.close();
  host?.closeAllConnections();
  await new Promise((r) => host?.close(r));
});

test('the embed code frames a chat with Catalyst AI on another site, the hostile name staying text', async () => {
  const token = await apiLogin(ADMIN.username, ADMIN.password);
  const list = await apiCall<{
    use_cases: { use_case_id: number; use_case_name: string; is_deleted: boolean }[];
  }>('GET', '/api/copilot/onboarding/use_cases/v2', undefined, token);
  const demo = list.use_cases.find((u) => !u.is_deleted && /Retail Sales/.test(u.use_case_name))!;
  const threads = () =>
    apiCall<{ result: unknown[] }>(
      'GET',
      `/api/copilot/threads/v2?usecase_id=${demo.use_case_id}`,
      undefined,
      token,
    ).then((r) => r.result);
  const before = (await threads()).length;
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto(`/use-cases/${demo.use_case_id}`);
  await page.getByRole('tab', { name: 'AGENTS' }).click();
  await page.getByLabel('Agent Name').fill(HOSTILE);
  await page.getByLabel('Welcome Message').fill('Ask me about <b>sales</b> & returns');
  // Unsaved agent settings survive a tab switch.
  await page.getByRole('tab', { name: 'DEFINITION' }).click();
  await page.getByRole('tab', { name: 'AGENTS' }).click();
  expect(await page.getByLabel('Agent Name').inputValue()).toBe(HOSTILE);
  await page.getByText('Unsaved changes').waitFor();
  snippet = (await page.getByTestId('embed-code').textContent()) ?? '';
  expect(snippet).toMatch(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/agent\/\d+\?config=[\w-]+" title="/,
  );
  expect(snippet).not.toContain('<script');

  // The host page on another origin: exactly the frame, nothing the name smuggled in.
  await page.goto(hostUrl);
  await page.getByRole('heading', { name: 'Team portal' }).waitFor();
  expect(await page.locator('iframe').count()).toBe(1);
  expect(await page.locator('script, img').count()).toBe(0);
  expect(await page.locator('iframe').getAttribute('title')).toBe(`${HOSTILE} (Catalyst AI)`);
  expect(
    await page.locator('iframe').evaluate((f) => [f.getAttribute('width'), f.getAttribute('height')]),
  ).toEqual(['400', '600']);

  const frame = page.frameLocator('iframe');
  await frame.getByTestId('embed-agent-name').waitFor({ timeout: 30_000 });
  expect(await frame.getByTestId('embed-agent-name').textContent()).toBe(HOSTILE);
  await frame.getByText('Ask me about <b>sales</b> & returns', { exact: true }).waitFor();
  await frame.getByText(demo.use_case_name, { exact: true }).waitFor();
  const inner = page.frames().find((f) => f.url().includes('/embed/agent/'))!;
  expect(await inner.evaluate(() => document.querySelectorAll('main script, body img[src="x"]').length)).toBe(
    0,
  );

  // A question, answered by Catalyst AI through the viewer's own session.
  const input = frame.getByLabel('Type a message');
  await input.fill('revenue by region');
  await input.press('Enter');
  const answer = frame.getByTestId('embed-answer').last();
  await answer.locator('section').first().waitFor({ timeout: 60_000 });
  expect(await answer.textContent()).toMatch(/revenue/i);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await inner.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // The question landed in the viewer's own threads, like any other conversation.
  await expect.poll(async () => (await threads()).length).toBe(before + 1);
  await context.close();

  // Without a Catalyst session the frame answers nothing and asks the viewer to sign in.
  const stranger = await openPage(browser);
  await stranger.page.goto(hostUrl);
  const strangerFrame = stranger.page.frameLocator('iframe');
  await strangerFrame.getByText(`Sign in to Catalyst to chat with ${HOSTILE}`, { exact: true }).waitFor();
  expect(await strangerFrame.getByLabel('Type a message').count()).toBe(0);
  expect(await strangerFrame.locator('input[type=password]').count()).toBe(0);
  expect(
    await strangerFrame.getByRole('link', { name: 'Open Catalyst sign-in' }).getAttribute('target'),
  ).toBe('_blank');
  await stranger.context.close();
}, 120_000);
