import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, signIn } from '../support/browser';

// Documents: upload a 4-page PDF to the demo use case "Retail Sales" on /document-management,
// find it by its text, ask Catalyst AI about a sentence on page 3, get the quote and a pdf card
// on page 3, open it in the side panel at #page=3. Then screenshots of the screen, light and dark.
const PAGE_3 = 'Enterprise customers may cancel within 45 days of delivery for a full refund.';

async function termsPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Customer terms', 'These terms apply to every order placed with us.'],
    ['Shipping', 'Orders ship within two working days from our warehouse.'],
    [
      'Cancellations',
      'Consumer customers may cancel within 14 days.',
      PAGE_3,
      'Refunds are paid to the original card.',
    ],
    ['Support', 'Our support desk answers within one working day.'],
  ];
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) =>
      page.drawText(line, { x: 50, y: 780 - i * 20, size: i === 0 ? 18 : 11, font }),
    );
  }
  return Buffer.from(await doc.save());
}

let browser: Browser;
let pdf: Buffer;
beforeAll(async () => {
  browser = await launchBrowser();
  pdf = await termsPdf();
});
afterAll(async () => {
  await browser?.close();
});

test('a PDF uploaded to Retail Sales is quoted by Catalyst AI, and its pdf card opens the side panel on page 3', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/document-management');
  await page.getByRole('heading', { name: 'Document Management' }).waitFor();
  await page.getByLabel('Use case', { exact: true }).selectOption({ label: 'Retail Sales' });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Strategy' });
  await page
    .getByLabel('Document files')
    .setInputFiles({ name: 'Customer terms.pdf', mimeType: 'application/pdf', buffer: pdf });
  const row = page.getByRole('listitem').filter({ hasText: 'Customer terms.pdf' });
  await row.getByText('4 pages').waitFor({ timeout: 30_000 });
  await row.getByText('Retail Sales').waitFor();

  // Full-text search finds the page.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('full refund');
  await row.getByText('Page 3:').waitFor();
  expect(await row.locator('mark').first().textContent()).toMatch(/full|refund/i);

  // Ask about the sentence on page 3 in a conversation of Retail Sales.
  await page.goto('/conversation/new');
  await page.getByText("I'm Catalyst AI").waitFor();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(
    'According to the customer terms, within how many days can enterprise customers cancel for a full refund?',
  );
  await input.press('Enter');
  await page.getByText('From the documents').waitFor({ timeout: 30_000 });
  await page.getByText(`“${PAGE_3}”`).waitFor();
  await page.getByText('Customer terms.pdf, page 3').waitFor();
  const open = page.getByRole('button', { name: /Open document · page 3/ });
  await open.click();
  const frame = page.locator('iframe[title="Customer terms.pdf"]');
  await frame.waitFor();
  const src = await frame.getAttribute('src');
  expect(src).toMatch(/^\/api\/copilot\/documents\/\d+\/file#page=3$/);
  // The file answers the signed-in browser, embeddable in our own frame.
  const file = await page.request.get(src!.replace(/#.*/, ''));
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['x-frame-options']).toBe('SAMEORIGIN');
  await page.waitForTimeout(1500);
  await screenshot(page, 'documents-side-panel-light-1440', false);

  // The use case's Document tool card lists the document.
  const useCases = (await (await page.request.get('/api/copilot/onboarding/use_cases/v2')).json()) as {
    use_cases: { use_case_id: number; use_case_name: string }[];
  };
  const retail = useCases.use_cases.find((u) => u.use_case_name === 'Retail Sales')!;
  await page.goto(`/use-cases/${retail.use_case_id}`);
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByRole('checkbox', { name: 'Document', exact: true }).click();
  const list = page.getByRole('list', { name: 'Documents of this use case' });
  await list.getByText('Customer terms.pdf').waitFor({ timeout: 15_000 });
  await list.getByText('4 pages').waitFor();
  await page.getByText('Document Configuration').scrollIntoViewIfNeeded();
  await screenshot(page, 'documents-use-case-tool-light-1440', false);
  await context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`the documents screen (${theme}, ${label} px)`, async () => {
      const { context, page } = await openPage(browser, viewport);
      await context.addInitScript((t) => localStorage.setItem('catalyst-ui-theme', t), theme);
      await signIn(page);
      await page.goto('/document-management');
      await page.getByRole('list', { name: 'Documents' }).waitFor({ timeout: 20_000 });
      await page.getByRole('searchbox', { name: 'Search documents' }).fill('refund');
      await page.getByText('Page 3:').first().waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `documents-${theme}-${label}`);
      if (label === '1440') {
        await page.getByRole('tab', { name: 'Folders' }).click();
        await page.getByRole('button', { name: 'New Folder' }).click();
        await page.getByLabel('Name').fill(`Contracts ${theme}`);
        await page.getByRole('button', { name: 'Create Folder' }).click();
        await page.getByRole('list', { name: 'Folders' }).getByText(`Contracts ${theme}`).waitFor();
        await screenshot(page, `documents-folders-${theme}-1440`, false);
      }
      await context.close();
    });
  }
}
