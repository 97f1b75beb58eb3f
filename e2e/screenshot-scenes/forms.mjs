// Screenshots of the screens of issue 14's "forms" work, light and dark, at 1440 and 375 px: the
// data sources page and its dialogs (CSV picker with the server's limits, a File Source's files,
// the warehouse form), the 3-step use case wizard, the derived metrics card, the Agents tab's
// embed code and the embed page itself (answering, and signed out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

async function setup(kit) {
  const t = kit.session.token;
  const list = await kit.api('GET', '/api/copilot/onboarding/use_cases/v2', undefined, t);
  const demo = list.use_cases.find((u) => !u.is_deleted && /Retail Sales/.test(u.use_case_name));
  const copy = await kit.api(
    'POST',
    `/api/copilot/onboarding/use_cases/${demo.use_case_id}/copy_usecase`,
    undefined,
    t,
  );
  const id = copy.use_case_id;
  const { columns } = await kit.api(
    'GET',
    `/api/copilot/schema_validation/autosuggest_columns?usecase_id=${id}`,
    undefined,
    t,
  );
  await kit.api(
    'POST',
    '/api/copilot/schema_validation/add_derived_metric',
    {
      usecase_id: id,
      derived_metric: 'Order count',
      metric_definition: 'How many order lines were placed',
      calculation: `COUNT(${columns[0]})`,
      type: 'general',
    },
    t,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-shots-'));
  const csv = path.join(dir, 'store_visits.csv');
  fs.writeFileSync(csv, 'store,visits\n1,10\n2,20\n');
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a table');
  return { demo, copyId: id, csv, dir };
}

export async function formsScene(kit) {
  const { demo, copyId, csv, dir } = await setup(kit);
  try {
    for (const { theme, size, suffix } of kit.variants) {
      await kit.withPage({ theme, size, session: kit.session }, async (page) => {
        await page.goto('/database-connections');
        await page.getByRole('heading', { name: 'Retail Sales (demo)' }).waitFor({ timeout: 20_000 });
        await kit.shot(page, `forms-data-sources-${suffix}`);

        await page.getByRole('button', { name: 'New Data Source' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Connection type').selectOption({ value: 'flat_files' });
        await dialog.getByLabel('Name', { exact: true }).fill('Store visits');
        await dialog.getByText(/Up to \d+ CSV files in all/).waitFor();
        await dialog
          .getByLabel('CSV files', { exact: true })
          .setInputFiles([csv, path.join(dir, 'notes.txt')]);
        await kit.shot(page, `forms-new-csv-${suffix}`, false);
        await dialog.getByLabel('Connection type').selectOption({ value: 'bigquery' });
        await dialog.getByLabel('location').waitFor();
        await kit.shot(page, `forms-new-bigquery-${suffix}`, false);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Edit Retail Sales (demo)' }).click();
        await page.getByRole('list', { name: 'Uploaded files' }).waitFor({ timeout: 15_000 });
        await kit.shot(page, `forms-file-source-files-${suffix}`, false);
        await page
          .getByRole('button', { name: /^Delete file / })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'Delete CSV File' }).waitFor();
        await kit.shot(page, `forms-delete-csv-confirm-${suffix}`, false);
        await page.keyboard.press('Escape');

        await page.goto('/use-cases/wizard');
        await page.getByText('Step 1 of 3: Definition').waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Please fill in use case name').waitFor();
        await kit.shot(page, `forms-wizard-1-${suffix}`);
        await page.getByLabel('Use Case Name').fill(`Store visits (${suffix})`);
        await page.getByLabel('Use Case Description').fill('Which stores need more staff at the weekend?');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 2 of 3: Decision Criteria').waitFor();
        await page.getByRole('button', { name: 'Streamline Operations' }).click();
        await kit.shot(page, `forms-wizard-2-${suffix}`);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 3 of 3: Decision Flow').waitFor();
        await page.getByRole('button', { name: 'Add First Step' }).click();
        await page
          .getByLabel('Step 1', { exact: true })
          .fill('Compare weekend visits with staff hours per store');
        await kit.shot(page, `forms-wizard-3-${suffix}`);

        await page.goto(`/use-cases/${copyId}`);
        await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
        const metrics = page.getByRole('list', { name: 'Derived metrics' });
        await metrics.getByText('Order count').waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Add Metric' }).click();
        await metrics.getByLabel('Metric name').fill('Average basket');
        await metrics.getByLabel('Calculation').fill('COUNT(no_such_column)');
        await metrics.getByLabel('Metric definition').click();
        await metrics.getByRole('alert').waitFor();
        await metrics.scrollIntoViewIfNeeded();
        await kit.shot(page, `forms-derived-metrics-${suffix}`, false);
        // ✗ removes the metric the row created, so the next variant starts from the same list.
        await metrics.getByRole('button', { name: /^Cancel editing/ }).click();
        await metrics.getByRole('listitem', { name: /^Editing/ }).waitFor({ state: 'detached' });

        await page.goto(`/use-cases/${demo.use_case_id}`);
        await page.getByRole('tab', { name: 'AGENTS' }).click();
        await page.getByTestId('embed-code').waitFor();
        await kit.shot(page, `forms-agents-embed-${suffix}`);
        const src = /src="([^"]+)"/.exec((await page.getByTestId('embed-code').textContent()) ?? '')?.[1];
        await page.goto(src.replace(/&amp;/g, '&'));
        const input = page.getByLabel('Type a message');
        await input.fill('revenue by region');
        await input.press('Enter');
        await page.getByTestId('embed-answer').last().locator('section').first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(800);
        await kit.shot(page, `forms-embed-chat-${suffix}`, false);
        await kit.withPage({ theme, size }, async (stranger) => {
          await stranger.goto(src.replace(/&amp;/g, '&'));
          await stranger.getByText(/^Sign in to Catalyst to chat with/).waitFor();
          await kit.shot(stranger, `forms-embed-signed-out-${suffix}`, false);
        });
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
