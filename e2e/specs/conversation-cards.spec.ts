import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  DESKTOP,
  growToContent,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signIn,
} from '../support/browser';

// Every card type in one saved conversation (the thread messages call is answered by the page so
// the shapes are exact), captured light and dark at 1440 and 375 px into screenshots/.
const evidence = {
  reading: 'Total Revenue by Region, last quarter',
  sql: "SELECT region, SUM(revenue) AS total_revenue\nFROM orders\nWHERE order_date >= DATE '2026-07-01'\nGROUP BY region",
  rowCount: 5,
  tables: ['orders'],
  freshness: '2026-11-22T08:00:00Z',
};
const regions = ['North America', 'Europe', 'Asia', 'Latin America', 'Oceania'];
const revenue = [1764828.48, 1691339.93, 1318650.3, 445980.76, 369987.94];
const cards = [
  {
    type: 'metric',
    data: {
      title: 'Quarter at a glance',
      metrics: [
        { label: 'Revenue', value: '$5.59M', change: 0.082, trend: 'up' },
        { label: 'Orders', value: '12,408', change: '-1.4%', trend: 'down' },
        { label: 'Avg order', value: '$450.6', change: 0, trend: 'neutral' },
      ],
    },
  },
  {
    type: 'chart',
    data: {
      title: 'Total Revenue by Region',
      description: 'Last quarter',
      evidence,
      options: {
        chart: { type: 'bar' },
        xAxis: { categories: regions },
        series: [{ name: 'Total Revenue', data: revenue }],
      },
    },
  },
  {
    type: 'chart',
    data: {
      title: 'Revenue by month',
      options: {
        chart: { type: 'line' },
        xAxis: { categories: ['Jul', 'Aug', 'Sep', 'Oct'] },
        series: [{ name: 'Revenue', data: [1.7, 1.9, 2.0, 1.6] }],
      },
    },
  },
  {
    type: 'chart',
    data: {
      title: 'Share by region',
      options: {
        chart: { type: 'pie' },
        xAxis: { categories: regions },
        series: [{ name: 'Share', data: revenue }],
      },
    },
  },
  {
    type: 'chart',
    data: {
      title: 'A chart the renderer cannot draw',
      options: { chart: { type: 'radar' }, series: [{ name: 'Score', data: [3, 4, 5] }] },
    },
  },
  {
    type: 'table',
    data: {
      title: 'Revenue rows',
      summary: '12 rows',
      evidence,
      columns: [
        { key: 'region', header: 'Region' },
        { key: 'q', header: 'Quarter' },
        { key: 'orders', header: 'Orders' },
        { key: 'revenue', header: 'Total Revenue' },
        { key: 'margin', header: 'Margin' },
        { key: 'returns', header: 'Returns' },
        { key: 'channel', header: 'Channel' },
      ],
      data: Array.from({ length: 12 }, (_, i) => ({
        region: regions[i % 5],
        q: `Q${(i % 4) + 1}`,
        orders: 1000 + i * 37,
        revenue: (revenue[i % 5] ?? 0) / 3,
        margin: 0.31,
        returns: i * 3,
        channel: i % 2 ? 'Online' : 'Store',
      })),
    },
  },
  {
    type: 'text',
    data: {
      title: 'What the data says',
      content: [
        'Total Revenue: **5,590,787.41** across 5 regions.',
        'Biggest: *North America* with `1,764,828.48`.',
      ],
      evidence,
    },
  },
  {
    type: 'text-list',
    data: { title: 'Notes', text: 'Returns are counted on the order date.\nFigures exclude tax.' },
  },
  {
    type: 'pdf',
    data: {
      title: 'Quarterly report',
      description: 'Finance pack',
      pdfUrl: '/does-not-exist.pdf',
      label: 'Open report',
      page_number: 3,
    },
  },
  {
    type: 'action',
    data: {
      title: 'Ask next',
      actions: [
        { label: 'Trend by month', question: 'and by month' },
        { label: 'Top 5 only', question: 'top 5 only' },
      ],
    },
  },
  { type: 'sparkline', data: { title: 'Something new', points: [1, 2, 3] } },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`every card type renders (${theme}, ${label} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await context.addInitScript((t) => localStorage.setItem('catalyst-ui-theme', t), theme);
      await page.route(/\/api\/copilot\/threads\/987654$/, (route) =>
        route.fulfill({
          json: {
            result: [
              {
                message_id: 1,
                message: 'revenue by region last quarter',
                content: 'Here is revenue by region.',
                cards,
                created_date: '2026-11-22T09:00:00Z',
                status: 'answered',
                feedback: null,
                confidence: 0.92,
              },
            ],
          },
        }),
      );
      await signIn(page);
      await page.goto('/conversation/987654');
      await page.getByRole('img', { name: 'Total Revenue by Region' }).waitFor({ timeout: 20_000 });
      await page.locator('canvas').first().waitFor();
      for (const text of [
        'Quarter at a glance',
        '$5.59M',
        '+8.2%',
        '-1.4%',
        '+0.0%',
        'Unknown Card Type',
        'Load More Rows',
        'Open report',
        'Trend by month',
        'Figures exclude tax.',
        'Unable to render chart',
      ]) {
        expect(await page.getByText(text, { exact: false }).count(), text).toBeGreaterThan(0);
      }
      expect(await page.locator('canvas').count()).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: 'Evidence' }).first().click();
      await page
        .getByText(/GROUP BY region/)
        .first()
        .waitFor();
      await growToContent(page, viewport);
      await page.waitForTimeout(600);
      await screenshot(page, `conversation-cards-${theme}-${label}`, false);
      if (theme === 'light' && label === '1440') {
        // Make Decision opens the decision dialog over the conversation.
        await page.getByRole('button', { name: 'Make Decision' }).click();
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/conversation/987654');
      }
      await context.close();
    });
  }
}
