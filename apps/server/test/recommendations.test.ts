import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpDemo } from '../src/demo/setup-demo';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { ask, connectSocket, listen, type Reply } from './helpers/listen';

const L = '/api/copilot/landing';

interface Rec {
  id: number;
  title: string;
  impact_level: string;
  status: string;
  details: { segment: { attribute: string; value: string } | null; metric: { label: string }; drivers: { column: string; value: string }[] };
}

async function demoApp(anomalies: boolean) {
  const t = await createTestApp('pglite', { CATALYST_DEMO: '1' });
  t.setNow(new Date(process.env.TEST_NOW ?? '2026-11-22T10:00:00Z'));
  const admin = await t.deps.db.selectFrom('users').select(['id', 'org_id']).executeTakeFirstOrThrow();
  const demo = await setUpDemo(t.deps, { userId: admin.id, orgId: admin.org_id }, { anomalies });
  return { t, demo, token: await t.login() };
}

describe('recommendations on the demo data', () => {
  let t: TestApp;
  let token: string;
  let anomalies: { metric: string; value: string }[];
  beforeAll(async () => {
    const app = await demoApp(true);
    t = app.t;
    token = app.token;
    anomalies = app.demo.anomalies;
  });
  afterAll(async () => t?.close());

  const list = async (query = '') => (await t.app.inject({ method: 'GET', url: `${L}/recommendations${query}`, headers: bearer(token) })).json().data.recommendations as Rec[];

  it('raises the injected regional revenue drop and return spike with the right driver at the top', async () => {
    const run = await t.app.inject({ method: 'POST', url: `${L}/recommendations/refresh`, headers: bearer(token) });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.failures).toEqual([]);
    const recs = await list('?limit=200');
    expect(anomalies.map((a) => a.value)).toEqual(['Europe', 'Electronics']);

    const revenueTotal = recs.find((r) => r.details.metric.label === 'Revenue' && r.details.segment === null);
    const europe = recs.find((r) => r.details.metric.label === 'Revenue' && r.details.segment?.value === 'Europe');
    expect(europe ?? revenueTotal, recs.map((r) => r.title).join('\n')).toBeTruthy();
    if (revenueTotal) expect(revenueTotal.details.drivers[0]).toMatchObject({ column: 'region', value: 'Europe' });
    if (europe) expect(europe.title).toMatch(/^Revenue in Europe dropped \d+% since the week of/);

    const returns = recs.find((r) => r.details.metric.label === 'Return Rate' && r.details.segment === null);
    const electronics = recs.find((r) => r.details.metric.label === 'Return Rate' && r.details.segment?.value === 'Electronics');
    expect(returns ?? electronics, recs.map((r) => r.title).join('\n')).toBeTruthy();
    if (returns) expect(returns.details.drivers[0]).toMatchObject({ column: 'category', value: 'Electronics' });

    // A handful of alerts, not a flood: every one is about the two injected anomalies.
    const unrelated = recs.filter((r) => !/Europe|Electronics|Revenue|Return|Profit|Quantity|Margin|Cost/.test(r.title + JSON.stringify(r.details.drivers.slice(0, 1))));
    expect(unrelated.map((r) => r.title)).toEqual([]);
  });

  it('keeps one recommendation per metric, segment and period across runs, and a dismissed one dismissed', async () => {
    const before = await list('?limit=200');
    const target = before[0]!;
    const dismiss = await t.app.inject({ method: 'POST', url: `${L}/recommendations/${target.id}/dismiss`, headers: bearer(token) });
    expect(dismiss.json().data.status).toBe('dismissed');
    const rerun = await t.app.inject({ method: 'POST', url: `${L}/recommendations/refresh`, headers: bearer(token) });
    expect(rerun.json().data.created).toBe(0);
    const after = await list('?limit=200');
    expect(after.map((r) => r.id).sort()).toEqual(before.filter((r) => r.id !== target.id).map((r) => r.id).sort());
    const dismissed = await list('?status=dismissed');
    expect(dismissed.map((r) => r.id)).toEqual([target.id]);
    expect((await t.app.inject({ method: 'GET', url: `${L}/recommendations?impact_levels=Nope`, headers: bearer(token) })).statusCode).toBe(400);
  });

  it('answers an alert conversation with the investigation: trend, drivers, narrative and next steps', async () => {
    const url = await listen(t.app);
    const socket = connectSocket(url, token);
    try {
      const rec = (await list('?limit=200')).find((r) => r.details.segment === null) ?? (await list())[0]!;
      const reply = (await ask(socket, { message: '', usecase_id: null, thread_id: '', isNewThread: true, alert_id: `rec-${rec.id}`, action: 'investigate' })) as Reply;
      const cards = reply.cards as { type: string; data: { title: string; options?: { chart: { type: string } }; actions?: { label: string }[] } }[];
      expect(cards.map((c) => c.type)).toEqual(['metric', 'chart', 'chart', 'table', 'text', 'action']);
      expect(cards[1]!.data.options!.chart.type).toBe('line');
      expect(cards[2]!.data.options!.chart.type).toBe('bar');
      expect(cards[5]!.data.actions!.map((a) => a.label)).toContain('Make Decision');
      const thread = (await t.app.inject({ method: 'GET', url: '/api/copilot/threads', headers: bearer(token) })).json().result[0];
      expect(thread.thread_name).toBe(`Investigation: ${rec.title}`);
      const regen = (await ask(socket, { message: '', thread_id: reply.threadId, message_id: reply.messageId, is_regenerate: true })) as Reply;
      expect(regen.cards).toHaveLength(6);
    } finally {
      socket.disconnect();
    }
  });

  it('reports the dashboard metrics from real activity', async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: `${L}/metrics`, headers: bearer(token) })).json();
    expect(metrics.status).toBe('success');
    expect(metrics.data.activeUseCases.value).toBe(1);
    expect(metrics.data.recentInsights.value).toBeGreaterThan(0);
    expect(metrics.data.aiScoreAverage).toMatchObject({ value: 100, trend: 'neutral' });
    expect(metrics.data.lastActivity.value).toBeTruthy();
  });
});

describe('recommendations on unchanged data', () => {
  it('raises nothing when no anomaly was injected', async () => {
    const { t, token } = await demoApp(false);
    try {
      const run = await t.app.inject({ method: 'POST', url: `${L}/recommendations/refresh`, headers: bearer(token) });
      expect(run.json().data.failures).toEqual([]);
      const recs = (await t.app.inject({ method: 'GET', url: `${L}/recommendations?limit=200`, headers: bearer(token) })).json().data.recommendations as Rec[];
      expect(recs.map((r) => r.title)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
