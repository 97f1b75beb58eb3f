import path from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  BASE_URL,
  DESKTOP,
  launchBrowser,
  type Login,
  PHONE,
  refreshedAlerts,
  signedInPage,
} from '../support/browser';

// axe-core (WCAG 2 A and AA rules, colour contrast included) over the main screens, light and
// dark, at 1440 px (with the Decision Hub's list view, every use case editor tab and every admin
// tab), and the Decision Hub at 375 px. A violation of impact serious or critical
// fails the screen's test with each rule, its help text and the first elements it found.

const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
// The app's Content-Security-Policy allows no inline script, and addScriptTag injects axe inline.
const AXE_CONTEXT = { bypassCSP: true };
const BLOCKING = new Set(['serious', 'critical']);

let browser: Browser;
let session: Login;
let retailSalesId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  const list = await apiCall<{
    use_cases: { use_case_id: number; use_case_name: string; is_deleted: boolean }[];
  }>('GET', '/api/copilot/onboarding/use_cases/v2', undefined, session.token);
  const demo = list.use_cases.find((u) => !u.is_deleted && u.use_case_name === 'Retail Sales');
  if (!demo) throw new Error('the demo use case "Retail Sales" is missing');
  retailSalesId = demo.use_case_id;
  // Alerts on the Decision Hub and a decision in the list, so the screens show their real content.
  const rec = (await refreshedAlerts(session.token))[0]!;
  await apiCall(
    'POST',
    '/api/copilot/decisions',
    {
      title: 'Accessible partner discount',
      description: 'Offer European partners 5% off.',
      useCaseId: rec.usecase_id,
      alertId: `rec-${rec.id}`,
      decisionRationale: 'The drop is concentrated in European partner orders.',
    },
    session.token,
  );
  // A deactivated user and organisation: the admin tables show inactive rows in their own style.
  const suffix = Date.now().toString(36);
  const user = await apiCall<{ id: number }>(
    'POST',
    '/api/v1/admin/users',
    { username: `a11y-${suffix}`, email: `a11y-${suffix}@example.com`, firstName: 'Ina', lastName: 'Active' },
    session.token,
  );
  await apiCall('POST', `/api/v1/admin/users/${user.id}/deactivate`, undefined, session.token);
  const org = await apiCall<{ id: number }>(
    'POST',
    '/api/v1/admin/organizations',
    {
      name: `Dormant ${suffix}`,
      description: 'An organisation on pause',
      domains: [],
      timeZone: 'UTC',
      admin: { username: `dormant-${suffix}`, email: `dormant-${suffix}@example.com` },
    },
    session.token,
  );
  await apiCall('POST', `/api/v1/admin/organizations/${org.id}/deactivate`, undefined, session.token);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** The serious and critical violations on the page as it is now, one line each. */
async function audit(page: Page, screen: string): Promise<string[]> {
  // Let transitions (theme, hover, fade-in) finish so contrast is measured on the final colours.
  await page.waitForTimeout(400);
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() =>
    (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }),
  );
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => {
      // The check's own message says why, e.g. the two colours and their contrast ratio.
      const targets = v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `\n    ${n.target.join(' ')}: ${[...n.any, ...n.all, ...n.none][0]?.message ?? n.failureSummary ?? ''}`,
        );
      return `${screen}: ${v.id} (${v.impact}, ${v.nodes.length} elements) ${v.help}${targets.join('')}`;
    });
}

function expectClean(findings: string[]): void {
  if (findings.length > 0) console.log(`axe found:\n${findings.join('\n')}`);
  expect(findings).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`sign-in is accessible (${theme})`, async () => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: DESKTOP,
      reducedMotion: 'reduce',
      ...AXE_CONTEXT,
    });
    await context.addInitScript((t) => localStorage.setItem('catalyst-ui-theme', t), theme);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expectClean(await audit(page, `sign-in ${theme}`));
    await context.close();
  });

  test(`the main screens are accessible (${theme}, 1440)`, async () => {
    const page = await signedInPage(browser, session, theme, DESKTOP, AXE_CONTEXT);
    const findings: string[] = [];
    const check = async (screen: string) => findings.push(...(await audit(page, `${screen} ${theme}`)));

    await page.goto('/');
    await page.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 30_000 });
    await page.getByText('AI Score Average', { exact: true }).waitFor();
    await check('Decision Hub');
    await page.getByRole('button', { name: 'List view' }).click();
    await page.getByRole('button', { name: 'Card view' }).waitFor();
    await check('Decision Hub list view');

    await page.goto('/use-cases');
    await page.getByTestId('use-case-card').first().waitFor({ timeout: 30_000 });
    await check('use cases');

    await page.goto(`/use-cases/${retailSalesId}`);
    await page.getByText('Definition Configuration').waitFor();
    await page.getByLabel('Use Case Name').waitFor();
    await check('use case editor');
    for (const tab of ['KNOWLEDGE', 'DECISION FLOWS', 'AGENTS']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      if (tab === 'KNOWLEDGE')
        await page.getByRole('button', { name: 'Refresh Schema' }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      await check(`use case editor ${tab}`);
    }

    await page.goto('/conversation/new');
    await page.getByText("I'm Catalyst AI").waitFor();
    await check('new analysis');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('revenue by region last quarter');
    await input.press('Enter');
    await page
      .getByRole('img', { name: 'Total Revenue by Region · last quarter' })
      .waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () => document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]')?.disabled === false,
      undefined,
      { timeout: 30_000 },
    );
    await check('conversation');

    await page.goto('/decisions');
    await page.getByRole('heading', { name: 'Accessible partner discount' }).first().waitFor();
    await check('decisions');

    await page.goto('/database-connections');
    await page.getByRole('heading', { level: 1, name: 'Data Sources' }).waitFor();
    await page.getByText('Retail Sales (demo)').first().waitFor({ timeout: 15_000 });
    await check('data sources');

    await page.goto('/admin');
    await page.getByRole('table', { name: 'Users' }).getByText('@admin').first().waitFor({ timeout: 20_000 });
    await check('admin');
    for (const [tab, table] of [
      ['organizations', 'Organizations'],
      ['roles', 'Roles'],
      ['data-access', 'Data access groups'],
    ]) {
      await page.goto(`/admin?tab=${tab}`);
      // A fresh server has no data access groups: their tab shows its empty state instead.
      await page
        .getByRole('table', { name: table })
        .or(page.getByText(/^No .* yet/))
        .first()
        .waitFor({ timeout: 20_000 });
      await check(`admin ${tab}`);
    }
    await page.goto('/admin?tab=api');
    await page.getByRole('tabpanel', { name: 'API Keys' }).waitFor();
    await check('admin api');

    await page.context().close();
    expectClean(findings);
  }, 120_000);

  test(`the Decision Hub is accessible (${theme}, 375)`, async () => {
    const page = await signedInPage(browser, session, theme, PHONE, AXE_CONTEXT);
    await page.goto('/');
    await page.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 30_000 });
    await page.getByText('AI Score Average', { exact: true }).waitFor();
    const findings = await audit(page, `Decision Hub 375 ${theme}`);
    await page.context().close();
    expectClean(findings);
  });
}
