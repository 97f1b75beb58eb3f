import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from '../helpers/app';
import { csvSource, userWithRole } from '../helpers/governance';
import { ask, connectedSocket, listen, type Reply } from '../helpers/listen';

/**
 * Data access groups over every read path (issue 13 item 7). Live queries already went through the
 * one door (`admitToSource`); what was computed from a source and stored — alerts a system scan
 * raised, their investigations, answers in threads shared with others, decision baselines, column
 * profiles — was shown to anyone who could see the use case. A user outside the source's group
 * now sees none of it, over REST and the socket; a member sees all of it.
 */

let t: TestApp;
let admin: string;
let orgId: number;
let useCaseId: number;
let tableId: number;
let recId: number;
let threadId: number;
let investigationThreadId: number;
/** A thread the outsider opened themself before the source was restricted. */
let ownThreadId: number;
let decisionId: number;
let member: { id: number; token: string };
let outsider: { id: number; token: string };
let url: string;
const sockets: Socket[] = [];

const RESTRICTED =
  '"Payroll Data" is restricted to the data access group "Payroll Team", and you are not a member. Ask an administrator for access.';

const call = (token: string, method: string, path: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: path,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
async function socketAsk(token: string, payload: Record<string, unknown>) {
  const socket = await connectedSocket(url, token);
  sockets.push(socket);
  return ask(socket, { thread_id: '', isNewThread: true, ...payload });
}
const refusal = (reply: Reply | { error: { message: string } }) =>
  'error' in reply
    ? reply.error.message
    : (reply.controls.find((c) => c.content_type === 'error')?.text ?? null);

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.login();
  const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
  orgId = me.orgId;
  const connId = await csvSource(t, { orgId, userId: me.id, name: 'Payroll Data', rows: 60 });
  useCaseId = await createUseCaseOver(t, admin, { name: 'Payroll', connId });
  tableId = (
    await call(admin, 'GET', `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`)
  ).json()[0].table_id;
  member = await userWithRole(t, { username: 'mira', orgId, role: 'user' });
  outsider = await userWithRole(t, { username: 'oskar', orgId, role: 'user' });
  await call(admin, 'POST', '/api/copilot/user-access', {
    usecase_id: useCaseId,
    selected_users: [member.id, outsider.id],
    unselected_users: [],
  });
  url = await listen(t.app);

  // An alert as the (system) scan stores it.
  const metric = {
    label: 'Revenue',
    table: 'sales',
    timeColumn: 'order_date',
    expression: 'SUM("revenue")',
    filters: [],
    grain: 'month',
  };
  recId = (
    await t.deps.db
      .insertInto('recommendations')
      .values({
        org_id: orgId,
        use_case_id: useCaseId,
        dedupe_key: 'test:payroll',
        title: 'Revenue in Europe fell 41% since May',
        brief_summary: 'Revenue in Europe fell to 1,234 a week',
        full_description: 'Revenue in Europe fell to 1,234 a week against 2,093 expected.',
        impact_level: 'High Impact',
        action: 'investigate',
        details: JSON.stringify({
          metric,
          actual: 1234,
          expected: 2093,
          window: { from: '2026-05-04', to: '2026-06-22', weeks: 8 },
          series: [
            { t: '2026-04-27', v: 2100 },
            { t: '2026-05-04', v: 1234 },
          ],
        }),
        generated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  // Before the source is restricted: the member asks, investigates the alert, shares the
  // thread with the outsider, and records a decision on the alert that gets its baseline.
  const answer = (await socketAsk(member.token, {
    message: 'total revenue',
    usecase_id: useCaseId,
  })) as Reply;
  expect(refusal(answer)).toBeNull();
  threadId = answer.threadId!;
  const investigation = (await socketAsk(member.token, {
    message: '',
    alert_id: `rec-${recId}`,
    action: 'investigate',
  })) as Reply;
  expect(refusal(investigation)).toBeNull();
  investigationThreadId = investigation.threadId!;
  const own = (await socketAsk(outsider.token, { message: 'total revenue', usecase_id: useCaseId })) as Reply;
  expect(refusal(own)).toBeNull();
  ownThreadId = own.threadId!;
  for (const id of [threadId, investigationThreadId])
    expect(
      (await call(member.token, 'POST', '/api/copilot/share', { thread_id: id, user_list: [outsider.id] }))
        .statusCode,
    ).toBe(200);
  const decision = await call(member.token, 'POST', '/api/copilot/decisions', {
    title: 'Win back Europe',
    description: 'd',
    useCaseId,
    alertId: `rec-${recId}`,
    decisionRationale: 'r',
  });
  expect(decision.statusCode, decision.body).toBe(200);
  decisionId = decision.json().id;
  expect(
    (await call(member.token, 'POST', `/api/copilot/decisions/${decisionId}/status`, { status: 'approved' }))
      .statusCode,
  ).toBe(200);

  // Now the source is kept to the Payroll Team, of which only the member is part.
  const group = await call(admin, 'POST', '/api/v1/admin/data-access-groups', {
    name: 'Payroll Team',
    dataSources: [connId],
    members: [{ userId: member.id }],
  });
  expect(group.statusCode, group.body).toBe(200);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('REST: what an outsider of the group no longer sees', () => {
  it('alerts: the list and the counts leave them out; details, dismiss and resolve answer 403', async () => {
    const list = (await call(outsider.token, 'GET', '/api/copilot/landing/recommendations')).json().data;
    expect(list.recommendations.map((r: { id: number }) => r.id)).not.toContain(recId);
    expect(list.total_count).toBe(0);
    for (const [method, path] of [
      ['GET', `/api/copilot/landing/recommendations/${recId}`],
      ['POST', `/api/copilot/landing/recommendations/${recId}/dismiss`],
      ['POST', `/api/copilot/landing/recommendations/${recId}/resolve`],
    ] as const) {
      const res = await call(outsider.token, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json().message).toBe(RESTRICTED);
    }
    const metrics = (await call(outsider.token, 'GET', '/api/copilot/landing/metrics')).json().data;
    expect(metrics.recentInsights.value).toBe(0);
  });

  it('shared threads (answers and investigations): not listed, and their messages answer 403', async () => {
    const threads = (await call(outsider.token, 'GET', '/api/copilot/threads')).json().result;
    expect(threads.map((x: { thread_id: number }) => x.thread_id)).not.toContain(threadId);
    expect(threads.map((x: { thread_id: number }) => x.thread_id)).not.toContain(investigationThreadId);
    for (const id of [threadId, investigationThreadId]) {
      const res = await call(outsider.token, 'GET', `/api/copilot/threads/${id}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('1,234');
    }
  });

  it('their own thread on the source: not listed (either list) and its messages answer 403', async () => {
    for (const path of ['/api/copilot/threads', '/api/copilot/threads/v2']) {
      const threads = (await call(outsider.token, 'GET', path)).json().result as { thread_id: number }[];
      expect(
        threads.map((x) => x.thread_id),
        path,
      ).not.toContain(ownThreadId);
      expect(
        threads.map((x) => x.thread_id),
        path,
      ).not.toContain(threadId);
    }
    const res = await call(outsider.token, 'GET', `/api/copilot/threads/${ownThreadId}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(RESTRICTED);
  });

  it('decisions on the source: not listed; the decision, its outcome and its changes answer 403', async () => {
    const list = (await call(outsider.token, 'GET', '/api/copilot/decisions')).json().decisions;
    expect(list.map((d: { id: number }) => d.id)).not.toContain(decisionId);
    for (const [method, path] of [
      ['GET', `/api/copilot/decisions/${decisionId}`],
      ['GET', `/api/copilot/decisions/${decisionId}/outcome`],
    ] as const) {
      const res = await call(outsider.token, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('use case data: row counts and column profiles answer 403', async () => {
    for (const path of [
      `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`,
      `/api/copilot/schema_validation/table_column_metadata/${tableId}`,
    ]) {
      const res = await call(outsider.token, 'GET', path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(RESTRICTED);
    }
  });
});

describe('socket: what an outsider of the group no longer gets', () => {
  it('an alert investigation is refused with the reason', async () => {
    const reply = await socketAsk(outsider.token, {
      message: '',
      alert_id: `rec-${recId}`,
      action: 'investigate',
    });
    expect(refusal(reply)).toBe(RESTRICTED);
    expect(JSON.stringify(reply)).not.toContain('1,234');
  });

  it('an alert exploration is refused with the reason', async () => {
    const reply = await socketAsk(outsider.token, {
      message: '',
      alert_id: `rec-${recId}`,
      action: 'explore',
    });
    expect(refusal(reply)).toBe(RESTRICTED);
    expect(JSON.stringify(reply)).not.toContain('1,234');
  });

  it('a follow-up or a regenerated answer in their own earlier thread is refused with the reason', async () => {
    const followUp = await socketAsk(outsider.token, {
      message: 'total revenue',
      thread_id: ownThreadId,
      isNewThread: false,
    });
    expect(refusal(followUp)).toBe(RESTRICTED);
    const [first] = (await t.deps.db
      .selectFrom('thread_messages')
      .select('id')
      .where('thread_id', '=', ownThreadId)
      .orderBy('id')
      .execute()) as { id: number }[];
    const regenerated = await socketAsk(outsider.token, {
      message: '',
      thread_id: ownThreadId,
      message_id: first!.id,
      is_regenerate: true,
      isNewThread: false,
    });
    expect(refusal(regenerated)).toBe(RESTRICTED);
  });

  it('a question on the use case is refused with the reason', async () => {
    const reply = await socketAsk(outsider.token, { message: 'total revenue', usecase_id: useCaseId });
    expect(refusal(reply)).toBe(RESTRICTED);
  });
});

describe('a member of the group', () => {
  it('sees every one of them', async () => {
    const list = (await call(member.token, 'GET', '/api/copilot/landing/recommendations')).json().data;
    expect(list.recommendations.map((r: { id: number }) => r.id)).toContain(recId);
    expect(
      (await call(member.token, 'GET', `/api/copilot/landing/recommendations/${recId}`)).statusCode,
    ).toBe(200);
    expect((await call(member.token, 'GET', `/api/copilot/threads/${threadId}`)).statusCode).toBe(200);
    const threads = (await call(member.token, 'GET', '/api/copilot/threads')).json().result;
    expect(threads.map((x: { thread_id: number }) => x.thread_id)).toEqual(
      expect.arrayContaining([threadId, investigationThreadId]),
    );
    expect((await call(member.token, 'GET', `/api/copilot/decisions/${decisionId}/outcome`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(member.token, 'GET', `/api/copilot/schema_validation/table_column_metadata/${tableId}`))
        .statusCode,
    ).toBe(200);
    const reply = await socketAsk(member.token, {
      message: '',
      alert_id: `rec-${recId}`,
      action: 'investigate',
    });
    expect(refusal(reply)).toBeNull();
  });

  it('outside business hours of a business-hours-only group, sees them no more, told when access opens', async () => {
    const { groups } = (await call(admin, 'GET', '/api/v1/admin/data-access-groups')).json();
    const group = groups.find((g: { name: string }) => g.name === 'Payroll Team');
    const saved = await call(admin, 'PUT', `/api/v1/admin/data-access-groups/${group.id}`, {
      name: 'Payroll Team',
      dataSources: group.dataSources,
      members: [{ userId: member.id }],
      restrictions: ['business-hours-only'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t.setNow(new Date('2026-03-07T11:00:00Z')); // a Saturday
    try {
      const res = await call(member.token, 'GET', `/api/copilot/landing/recommendations/${recId}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/business hours.*Access opens again/);
      const list = (await call(member.token, 'GET', '/api/copilot/landing/recommendations')).json().data;
      expect(list.total_count).toBe(0);
    } finally {
      t.setNow(null);
    }
  });
});
