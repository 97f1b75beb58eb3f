import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  DESKTOP,
  launchBrowser,
  type Login,
  PHONE,
  refreshedAlerts,
  screenshot,
  signedInPage,
} from '../support/browser';

// Screenshots of the Decision Hub (card and list views), the decisions list and a decision's
// outcome, light and dark, at 1440 and 375 px, into screenshots/.

let browser: Browser;
let session: Login;
let decisionId: number;
let alertId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  const alerts = await refreshedAlerts(session.token);
  const rec = alerts.find((r) => / in Europe dropped /.test(r.title)) ?? alerts[0]!;
  const decision = await apiCall<{ id: number }>(
    'POST',
    '/api/copilot/decisions',
    {
      title: 'Partner discount for Europe',
      description: 'Offer European partners 5% off their next two orders to win back volume.',
      useCaseId: rec.usecase_id,
      alertId: `rec-${rec.id}`,
      decisionRationale:
        'The drop is concentrated in European partner orders; a discount is the fastest lever.',
      artifacts: [
        { name: 'Driver breakdown', type: 'analysis', content: 'Partner channel explains most of the drop.' },
      ],
    },
    session.token,
  );
  decisionId = decision.id;
  alertId = `rec-${rec.id}`;
  await apiCall('POST', `/api/copilot/decisions/${decisionId}/status`, { status: 'approved' }, session.token);
  await apiCall(
    'POST',
    `/api/copilot/decisions/${decisionId}/status`,
    { status: 'implemented' },
    session.token,
  );
  await apiCall(
    'POST',
    '/api/copilot/decisions',
    {
      title: 'Review the Electronics return policy',
      description: 'Returns in Electronics rose sharply.',
      useCaseId: rec.usecase_id,
      alertId: 'manual:Return spike',
      alertTitle: 'Return spike in Electronics',
      decisionRationale: 'Check whether one product drives the returns.',
    },
    session.token,
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const pageFor = (theme: 'light' | 'dark', viewport: { width: number; height: number }) =>
  signedInPage(browser, session, theme, viewport);
const shot = screenshot;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`screenshots ${theme} ${size}`, async () => {
      const page = await pageFor(theme, viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 30_000 });
      await page.getByText('AI Score Average', { exact: true }).waitFor();
      await page.waitForTimeout(400);
      await shot(page, `dashboard-cards-${theme}-${size}`);
      await page.getByRole('button', { name: 'List view' }).click();
      await page.waitForTimeout(200);
      await shot(page, `dashboard-list-${theme}-${size}`);

      // The alert's investigation: the trend with the anomaly marked, the drivers, the narrative.
      await page.goto(`/conversation/action/investigate/${alertId}`);
      await page
        .getByRole('img', { name: /^(What drives the change|How the change .* splits)/ })
        .waitFor({ timeout: 30_000 });
      await page.waitForTimeout(800);
      await shot(page, `investigation-${theme}-${size}`);

      await page.goto('/decisions');
      await page.getByRole('heading', { name: 'Partner discount for Europe' }).waitFor();
      await shot(page, `decisions-list-${theme}-${size}`);

      await page.goto(`/decisions/${decisionId}`);
      await page.getByRole('heading', { level: 2, name: 'Outcome' }).waitFor();
      await page
        .getByText(/Implemented on|Since implementation/)
        .first()
        .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(800);
      await shot(page, `decision-outcome-${theme}-${size}`);
      await page.context().close();
    }, 90_000);
  }
}
