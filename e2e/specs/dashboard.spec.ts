import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  DESKTOP,
  launchBrowser,
  type Login,
  openPage,
  PHONE,
  screenshot,
  signedInPage,
  signIn,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The alert cards of Attention Required whose title mentions Europe. */
const europeAlerts = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /Europe/ }) });

test("the Decision Hub shows the demo's Europe drop as ONE alert listing its metrics, and it opens its investigation", async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/');
  for (const label of ['AI Score Average', 'Active Use Cases', 'Recent Insights', 'Last Activity'])
    await page.getByText(label, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Refresh recommendations' }).click();
  // The demo data has a regional drop (Europe loses 40 % of its orders) and a return spike (Electronics).
  await page.getByRole('heading', { level: 3, name: /in Europe dropped/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('heading', { level: 3, name: /^Return Rate rose/ }).waitFor();

  // One alert for the one cause, listing every measure that moved in Europe, revenue first.
  await expect.poll(() => europeAlerts(page).count()).toBe(1);
  const europe = europeAlerts(page);
  const title = await europe.getByRole('heading', { level: 3 }).textContent();
  expect(title).toMatch(
    /^Revenue(, [A-Z][a-z]+)*( and [A-Z][a-z]+)? in Europe dropped \d+(–\d+)?% since the week of/,
  );
  const metrics = await europe
    .getByRole('list', { name: 'Affected metrics' })
    .getByRole('listitem')
    .allTextContents();
  expect(metrics.length).toBeGreaterThanOrEqual(2);
  expect(metrics[0]).toMatch(/^Revenue−\d+%$/);
  for (const m of metrics) expect(title).toContain(m.replace(/[−+]\d+%$/, ''));
  // Nothing else on the page is about Europe.
  expect(await page.getByRole('heading', { level: 3 }).filter({ hasText: 'Europe' }).count()).toBe(1);

  await page.getByRole('button', { name: 'List view' }).click();
  await expect.poll(() => europeAlerts(page).count()).toBe(1);
  await page.getByRole('button', { name: 'Card view' }).click();

  await europe.getByRole('button', { name: 'Investigate' }).click();
  await page.waitForURL(/\/conversation\/action\/investigate\/rec-\d+$/);
  // Every measure of the incident, then the drivers shown as the alert's words read them.
  for (const m of metrics)
    await page
      .getByText(m.replace(/[−+]\d+%$/, ''), { exact: true })
      .first()
      .waitFor();
  const chart = page.getByRole('img', {
    name: /^(What drives the change in Revenue in Europe|How the change in Revenue in Europe splits)/,
  });
  await chart.waitFor({ timeout: 30_000 });
  const spread = /splits/.test((await chart.getAttribute('aria-label')) ?? '');
  const story = await page
    .getByText(/^(No single|Biggest drivers)/)
    .first()
    .textContent();
  expect(story?.startsWith('No single')).toBe(spread);
  await page
    .getByRole('cell', { name: /^(Country|Channel|Customer Segment|Category|Product): / })
    .first()
    .waitFor();
  expect((await page.getByRole('cell', { name: 'Driver: far above its usual share' }).count()) > 0).toBe(
    !spread,
  );
  expect(await page.getByRole('button', { name: 'Make Decision' }).count()).toBeGreaterThan(0);
  await context.close();
});

test('the grouped alert fits the card and the phone, light and dark (screenshots)', async () => {
  const session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  await apiCall('POST', '/api/copilot/landing/recommendations/refresh', {}, session.token);
  for (const theme of ['light', 'dark'] as const)
    for (const [name, viewport] of [
      ['1440', DESKTOP],
      ['375', PHONE],
    ] as const) {
      const page = await signedInPage(browser, session, theme, viewport);
      await page.goto('/');
      const europe = europeAlerts(page);
      await europe.waitFor({ timeout: 60_000 });
      const box = (await europe.boundingBox())!;
      const list = (await europe.getByRole('list', { name: 'Affected metrics' }).boundingBox())!;
      // The card and its metrics stay inside the viewport: nothing cut off or scrolled sideways.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(list.x + list.width).toBeLessThanOrEqual(box.x + box.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await europe.scrollIntoViewIfNeeded();
      await screenshot(page, `dashboard-grouped-alert-${theme}-${name}`, false);
      await page.context().close();
    }
});
