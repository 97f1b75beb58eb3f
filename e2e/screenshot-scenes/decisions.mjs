// Screenshots of the Decision Hub (card and list views), an investigation, the decisions list and
// a decision's outcome, light and dark, at 1440 and 375 px. (Moved here from
// e2e/specs/decisions-screenshots.spec.ts: the journeys are asserted by e2e/specs/decisions.spec.ts
// and e2e/specs/dashboard.spec.ts.)

async function setup(kit) {
  const { api } = kit;
  const t = kit.session.token;
  await api('POST', '/api/copilot/landing/recommendations/refresh', {}, t);
  const recs = await api('GET', '/api/copilot/landing/recommendations?limit=20&status=active', undefined, t);
  const alerts = recs.data.recommendations;
  if (alerts.length === 0) throw new Error('the scan raised no alert');
  const rec = alerts.find((r) => / in Europe dropped /.test(r.title)) ?? alerts[0];
  const decision = await api(
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
    t,
  );
  await api('POST', `/api/copilot/decisions/${decision.id}/status`, { status: 'approved' }, t);
  await api('POST', `/api/copilot/decisions/${decision.id}/status`, { status: 'implemented' }, t);
  await api(
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
    t,
  );
  return { decisionId: decision.id, alertId: `rec-${rec.id}` };
}

export async function decisionsScene(kit) {
  const { decisionId, alertId } = await setup(kit);
  for (const { theme, size, suffix } of kit.variants) {
    await kit.withPage({ theme, size, session: kit.session }, async (page) => {
      await page.goto('/');
      await page.getByRole('heading', { level: 3 }).first().waitFor({ timeout: 30_000 });
      await page.getByText('AI Score Average', { exact: true }).waitFor();
      await page.waitForTimeout(400);
      await kit.shot(page, `dashboard-cards-${suffix}`);
      await page.getByRole('button', { name: 'List view' }).click();
      await page.waitForTimeout(200);
      await kit.shot(page, `dashboard-list-${suffix}`);
      await page.goto(`/conversation/action/investigate/${alertId}`);
      await page
        .getByRole('img', { name: /^(What drives the change|How the change .* splits)/ })
        .waitFor({ timeout: 30_000 });
      await page.waitForTimeout(800);
      await kit.shot(page, `investigation-${suffix}`);
      await page.goto('/decisions');
      await page.getByRole('heading', { name: 'Partner discount for Europe' }).first().waitFor();
      await kit.shot(page, `decisions-list-${suffix}`);
      await page.goto(`/decisions/${decisionId}`);
      await page.getByRole('heading', { level: 2, name: 'Outcome' }).waitFor();
      await page
        .getByText(/Implemented on|Since implementation/)
        .first()
        .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(800);
      await kit.shot(page, `decision-outcome-${suffix}`);
    });
  }
}
