import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  apiLogin,
  BASE_URL,
  DESKTOP,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signIn,
  signedInPage,
  type Login,
} from '../support/browser';
import { gateSocket } from '../support/socket-gate';

// The conversation screen's frame (issue 14): the first reply names the new thread everywhere,
// titles for failures and unnamed threads, a 200-character thread name in the sidebar, the PDF
// side panel beside the input, the connection indicator — with screenshots light and dark at
// 1440 and 375 px.

const LONG_NAME =
  `Quarterly revenue review for every region and channel ${'with a very long tail of words '.repeat(6)}`
    .slice(0, 200)
    .trim();
const SENTENCE = 'Parcels to island addresses arrive within nine working days of dispatch.';

let browser: Browser;
let session: Login;
let threadId: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const token = await apiLogin(ADMIN.username, ADMIN.password);
  session = { token, username: ADMIN.username };
});
afterAll(async () => {
  await browser?.close();
});

const input = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const headerTitle = (page: Page) => page.locator('header p').first();
const sidebar = (page: Page) => page.getByTestId('sidebar');

async function shippingPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Shipping policy', 'This policy covers every parcel we send.'],
    ['Islands', 'Island deliveries are handled by a partner carrier.', SENTENCE],
  ];
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: i ? 11 : 18, font }));
  }
  return new Uint8Array(await doc.save());
}

test('the first reply names the new thread in the header, the tab and the sidebar, without reloading the screen', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  const messageLoads: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/copilot\/threads\/\d+$/.test(new URL(r.url()).pathname)) messageLoads.push(r.url());
  });
  await page.goto('/conversation/new');
  await page.getByText("I'm Catalyst AI").waitFor();
  expect(await headerTitle(page).textContent()).toBe('New Analysis');
  await input(page).fill('total profit by region');
  await input(page).press('Enter');
  await page.getByRole('columnheader', { name: 'Region' }).waitFor({ timeout: 30_000 });
  await page.waitForURL(/\/conversation\/\d+$/);
  threadId = Number(/(\d+)$/.exec(page.url())![1]);

  await expect.poll(() => headerTitle(page).textContent()).toBe('total profit by region');
  await expect.poll(() => page.title()).toBe('total profit by region · Catalyst');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('total profit by region');
  // The highlighted row is this thread, by its new name.
  const current = page
    .getByRole('region', { name: 'Recent conversations' })
    .locator('a[aria-current="page"]');
  await expect.poll(() => current.textContent()).toBe('total profit by region');
  expect(await current.getAttribute('href')).toBe(`/conversation/${threadId}`);
  // The welcome, the question and the answer are still the ones on screen: nothing reloaded.
  await page.getByText("I'm Catalyst AI").waitFor();
  expect(messageLoads).toEqual([]);
  await context.close();
});

test('a 200-character thread name is cut with an ellipsis in the sidebar row, whose menu stays on screen', async () => {
  await apiCall('PUT', `/api/copilot/threads/${threadId}`, { thread_name: LONG_NAME }, session.token);
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  await page.goto(`/conversation/${threadId}`);
  const nav = page.getByRole('region', { name: 'Recent conversations' });
  const link = nav.getByRole('link', { name: LONG_NAME });
  await link.waitFor({ timeout: 20_000 });
  const row = await link.evaluate((a) => {
    const li = a.closest('li')!;
    const box = li.getBoundingClientRect();
    return {
      right: box.right,
      width: box.width,
      clipped: a.scrollWidth > a.clientWidth,
      ellipsis: getComputedStyle(a).textOverflow,
      sidebar: document.querySelector('[data-testid="sidebar"]')!.getBoundingClientRect().width,
    };
  });
  // Today's bug: the row was 470 px wide. Now it fits the 250 px sidebar.
  expect(row.sidebar).toBe(250);
  expect(row.width).toBeLessThanOrEqual(230);
  expect(row.right).toBeLessThanOrEqual(250);
  expect(row.clipped).toBe(true);
  expect(row.ellipsis).toBe('ellipsis');
  await link.hover();
  const menu = nav.getByRole('button', { name: `Thread actions for ${LONG_NAME}` });
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(250);
  await menu.click();
  const rename = page.getByRole('menuitem', { name: 'Rename Thread' });
  const item = (await rename.boundingBox())!;
  expect(item.x).toBeGreaterThanOrEqual(0);
  expect(item.x + item.width).toBeLessThanOrEqual(DESKTOP.width);
  await page.keyboard.press('Escape');
  // The header and the breadcrumb cut it too, inside the window.
  await expect.poll(() => headerTitle(page).textContent()).toBe(LONG_NAME);
  const header = await headerTitle(page).evaluate((p) => ({
    right: p.getBoundingClientRect().right,
    clipped: p.scrollWidth > p.clientWidth,
  }));
  expect(header.clipped).toBe(true);
  expect(header.right).toBeLessThanOrEqual(DESKTOP.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  await page.context().close();
});

test('on a touch screen the thread menu shows without hovering and opens inside the phone', async () => {
  const page = await signedInPage(browser, session, 'light', PHONE, { hasTouch: true, isMobile: true });
  await page.goto(`/conversation/${threadId}`);
  await page.getByTestId('drawer-open').tap();
  const menu = page
    .getByTestId('sidebar-drawer')
    .getByRole('button', { name: `Thread actions for ${LONG_NAME}` });
  await menu.waitFor();
  // There is no hover on a phone: the button is shown as it is.
  expect(await menu.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await menu.tap();
  const rename = page.getByRole('menuitem', { name: 'Rename Thread' });
  await rename.waitFor();
  const item = (await rename.boundingBox())!;
  expect(item.x).toBeGreaterThanOrEqual(0);
  expect(item.x + item.width).toBeLessThanOrEqual(PHONE.width);
  await page.context().close();
});

test('messages that fail to load title the screen "Error"; a thread the list cannot name is "Conversation", an unnamed one "Created at …"', async () => {
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  await page.goto('/conversation/2147483000');
  await page.getByText('Failed to load conversation. Please try again.').waitFor({ timeout: 20_000 });
  await expect.poll(() => headerTitle(page).textContent()).toBe('Error');
  expect(await page.title()).toBe('Error · Catalyst');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Error');

  // The thread list does not answer: the thread still opens, titled "Conversation".
  await page.route('**/api/copilot/threads', (route) =>
    route.fulfill({ status: 503, json: { error: 'UNAVAILABLE', message: 'down' } }),
  );
  await page.goto(`/conversation/${threadId}`);
  await page.getByRole('columnheader', { name: 'Region' }).waitFor({ timeout: 20_000 });
  expect(await headerTitle(page).textContent()).toBe('Conversation');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Conversation');
  // And the sidebar says the list failed instead of "No threads found".
  await page
    .getByRole('region', { name: 'Recent conversations' })
    .getByText('Failed to load conversations.')
    .waitFor();

  // A thread the list knows without a name: "Created at" and when, in the header and its row.
  await page.unrouteAll();
  await page.route('**/api/copilot/threads', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { result: { thread_id: number; thread_name: string | null }[] };
    for (const t of json.result) if (t.thread_id === threadId) t.thread_name = null;
    await route.fulfill({ response, json });
  });
  await page.goto(`/conversation/${threadId}`);
  await expect.poll(() => headerTitle(page).textContent()).toMatch(/^Created at \w{3}, .+\d{2}:\d{2}$/);
  const title = await headerTitle(page).textContent();
  expect(
    await page
      .getByRole('region', { name: 'Recent conversations' })
      .locator('a[aria-current="page"]')
      .textContent(),
  ).toBe(title);
  await page.context().close();
});

test('the PDF panel opens beside the conversation: the sidebar collapses, messages and input shift left, nothing is covered', async () => {
  const retail = (
    await apiCall<{ use_cases: { use_case_id: number; use_case_name: string }[] }>(
      'GET',
      '/api/copilot/onboarding/use_cases/v2',
      undefined,
      session.token,
    )
  ).use_cases.find((u) => u.use_case_name === 'Retail Sales')!;
  const form = new FormData();
  form.set('use_case_id', String(retail.use_case_id));
  form.set('file', new Blob([await shippingPdf()], { type: 'application/pdf' }), 'Shipping policy.pdf');
  const upload = await fetch(`${BASE_URL}/api/copilot/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(upload.status).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await apiCall<{ documents: { name: string; status: string }[] }>(
            'GET',
            '/api/copilot/documents',
            undefined,
            session.token,
          )
        ).documents.find((d) => d.name === 'Shipping policy.pdf')?.status,
      { timeout: 30_000 },
    )
    .toBe('ready');

  const { context, page } = await openPage(browser, DESKTOP);
  await signIn(page);
  await page.goto('/conversation/new');
  await input(page).fill(
    'According to the shipping policy, within how many working days do parcels to island addresses arrive?',
  );
  await input(page).press('Enter');
  const open = page.getByRole('button', { name: /Open document · page 2/ });
  await open.waitFor({ timeout: 30_000 });
  expect(await sidebar(page).getAttribute('data-collapsed')).toBe('false');
  await open.click();
  const panel = page.getByTestId('pdf-panel');
  await panel.waitFor();
  const frame = page.locator('iframe[title="Shipping policy.pdf"]');
  await frame.waitFor();
  expect(await frame.getAttribute('src')).toMatch(/^\/api\/copilot\/documents\/\d+\/file#page=2$/);
  await expect.poll(() => sidebar(page).getAttribute('data-collapsed')).toBe('true');
  await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBe(70);

  const panelBox = (await panel.boundingBox())!;
  expect(panelBox.width).toBe(500);
  expect(panelBox.x + panelBox.width).toBe(DESKTOP.width);
  for (const target of [
    input(page),
    page.getByRole('button', { name: 'Send' }),
    page.getByTestId('message-list'),
  ]) {
    const box = (await target.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x);
  }
  // What is at the input's place is the input (not the panel over it), and it works.
  const inputBox = (await input(page).boundingBox())!;
  expect(
    await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('aria-label'), {
      x: inputBox.x + inputBox.width / 2,
      y: inputBox.y + inputBox.height / 2,
    }),
  ).toBe('Message');
  await input(page).fill('total revenue by channel');
  await input(page).press('Enter');
  await page.getByRole('columnheader', { name: 'Channel' }).waitFor({ timeout: 30_000 });
  expect(await panel.isVisible()).toBe(true);

  // Closing it gives the sidebar back as the user had it; the saved choice was never touched.
  await page.getByRole('button', { name: 'Close document' }).click();
  await panel.waitFor({ state: 'detached' });
  await expect.poll(() => sidebar(page).getAttribute('data-collapsed')).toBe('false');
  expect(await page.evaluate(() => localStorage.getItem('catalyst-sidebar-collapsed'))).toBeNull();

  // On a phone, 500 px beside the conversation does not fit: the panel takes the screen below the
  // top bar until it is closed, and the input is back.
  await page.setViewportSize(PHONE);
  await open.click();
  await frame.waitFor();
  const phoneBox = (await panel.boundingBox())!;
  expect(phoneBox.x).toBe(0);
  expect(phoneBox.width).toBe(PHONE.width);
  expect(phoneBox.y).toBeGreaterThanOrEqual(60);
  await page.getByRole('button', { name: 'Close document' }).click();
  await panel.waitFor({ state: 'detached' });
  await input(page).waitFor();
  await context.close();
});

test('Recent Conversations say when they could not be loaded, never "No conversations found"', async () => {
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  await page.route(/\/api\/copilot\/threads\/v2/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/recent-conversations');
  const main = page.getByRole('main');
  await main.getByText('Failed to load conversations. Please try again.', { exact: true }).waitFor();
  expect(await main.getByText('No conversations found').count()).toBe(0);
  await page.unrouteAll();
  await main.getByRole('button', { name: 'Try again' }).click();
  await main
    .getByRole('link', { name: /total profit by region|Quarterly revenue/ })
    .first()
    .waitFor();
  await page.context().close();
});

test('Recent Conversations show the age as "Just now", "N hours ago", "N days ago"', async () => {
  for (const [offsetMs, text] of [
    [0, 'Just now'],
    [3 * 3_600_000 + 5 * 60_000, '3 hours ago'],
    [2 * 86_400_000 + 3_600_000, '2 days ago'],
  ] as const) {
    const page = await signedInPage(browser, session, 'light', DESKTOP);
    // The browser's clock moves on; the thread was created a moment ago on the server.
    await page.clock.setFixedTime(Date.now() + offsetMs);
    await page.goto('/recent-conversations');
    const row = page
      .getByRole('main')
      .getByRole('link', { name: /total profit by region|Quarterly revenue/ });
    await row.first().waitFor({ timeout: 20_000 });
    expect(await row.first().locator('time').textContent()).toBe(text);
    await page.context().close();
  }
});

// The PDF panel and the long thread name are pictured by `node e2e/screenshots.mjs conversation`.
for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`screenshot: the connection indicator while reconnecting (${theme}, ${label} px)`, async () => {
      const page = await signedInPage(browser, session, theme, viewport);
      const gate = await gateSocket(page);
      await page.goto(`/conversation/${threadId}`);
      await page.getByRole('columnheader', { name: 'Region' }).waitFor({ timeout: 20_000 });
      const indicator = page.getByTestId('connection-status');
      await expect.poll(() => indicator.getAttribute('data-state'), { timeout: 15_000 }).toBe('connected');
      gate.down();
      await expect.poll(() => indicator.getAttribute('data-state')).toBe('reconnecting');
      // Shown, inside the window, at every width.
      const box = (await indicator.boundingBox())!;
      expect(box.width).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.waitForTimeout(300);
      await screenshot(page, `conversation-socket-reconnecting-${theme}-${label}`, false);
      gate.up();
      await page.context().close();
    });
  }
}
