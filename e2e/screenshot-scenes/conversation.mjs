// Screenshots issue 14 asks to see, light and dark, at 1440 and 375 px: the conversation with
// the PDF side panel open, a 200-character thread name in the sidebar (the drawer on a phone),
// and the Decision Hub's grouped alert. What they show is asserted by
// e2e/specs/conversation-layout.spec.ts and e2e/specs/dashboard.spec.ts.
/* global FormData, Blob -- Node's own, used to upload the PDF */
import { PDFDocument, StandardFonts } from 'pdf-lib';

const LONG_NAME =
  `Quarterly revenue review for every region and channel ${'with a very long tail of words '.repeat(6)}`
    .slice(0, 200)
    .trim();
const QUESTION =
  'According to the shipping policy, within how many working days do parcels to island addresses arrive?';

async function shippingPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = [
    ['Shipping policy', 'This policy covers every parcel we send.'],
    [
      'Islands',
      'Island deliveries are handled by a partner carrier.',
      'Parcels to island addresses arrive within nine working days of dispatch.',
    ],
  ];
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: i ? 11 : 18, font }));
  }
  return new Uint8Array(await doc.save());
}

async function setup(kit) {
  const t = kit.session.token;
  const list = await kit.api('GET', '/api/copilot/onboarding/use_cases/v2', undefined, t);
  const retail = list.use_cases.find((u) => !u.is_deleted && u.use_case_name === 'Retail Sales');
  const documents = () => kit.api('GET', '/api/copilot/documents', undefined, t);
  if (!(await documents()).documents.some((d) => d.name === 'Shipping policy.pdf')) {
    const form = new FormData();
    form.set('use_case_id', String(retail.use_case_id));
    form.set('file', new Blob([await shippingPdf()], { type: 'application/pdf' }), 'Shipping policy.pdf');
    const upload = await fetch(`${kit.baseUrl}/api/copilot/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t}` },
      body: form,
    });
    if (!upload.ok) throw new Error(`the PDF upload answered ${upload.status}`);
  }
  for (let i = 0; ; i += 1) {
    const doc = (await documents()).documents.find((d) => d.name === 'Shipping policy.pdf');
    if (doc?.status === 'ready') break;
    if (i > 60) throw new Error(`the PDF is ${doc?.status ?? 'missing'} after 30 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const ask = (question) =>
    kit.api('POST', '/api/v1/conversations', { question, use_case_id: retail.use_case_id }, t);
  const pdf = await ask(QUESTION);
  const long = await ask('total profit by region');
  await kit.api('PUT', `/api/copilot/threads/${long.data.thread_id}`, { thread_name: LONG_NAME }, t);
  return { pdfThread: pdf.data.thread_id, longThread: long.data.thread_id };
}

export async function conversationScene(kit) {
  const { pdfThread, longThread } = await setup(kit);
  const t = kit.session.token;
  await kit.api('POST', '/api/copilot/landing/recommendations/refresh', {}, t);
  for (const { theme, size, suffix } of kit.variants) {
    await kit.withPage({ theme, size, session: kit.session }, async (page) => {
      // A long thread name: the sidebar row (the drawer on a phone) and the header cut it.
      await page.goto(`/conversation/${longThread}`);
      await page.getByRole('columnheader', { name: 'Region' }).waitFor({ timeout: 30_000 });
      // This thread's row (a server the scene ran on before lists older ones of the same name).
      const row = (within) => within.locator(`a[aria-current="page"][href="/conversation/${longThread}"]`);
      if (size === 'phone') {
        await page.getByTestId('drawer-open').click();
        await row(page.getByTestId('sidebar-drawer')).waitFor();
      } else {
        await row(page.getByRole('region', { name: 'Recent conversations' })).hover();
      }
      await page.waitForTimeout(500);
      await kit.shot(page, `conversation-long-name-${suffix}`, false);

      // The PDF panel beside the conversation (over it, below the top bar, on a phone).
      await page.goto(`/conversation/${pdfThread}`);
      await page.getByRole('button', { name: /Open document · page 2/ }).click();
      await page.locator('iframe[title="Shipping policy.pdf"]').waitFor();
      await page.waitForTimeout(1500);
      await kit.shot(page, `conversation-pdf-panel-${suffix}`, false);

      // The Decision Hub's grouped alert: one card for the Europe drop, listing its metrics.
      await page.goto('/');
      const europe = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: /in Europe dropped/ }) });
      await europe.waitFor({ timeout: 60_000 });
      await europe.scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      await kit.shot(page, `dashboard-grouped-alert-${suffix}`, false);
    });
  }
}
