import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusinessHours, nextOpening } from '../src/features/access/business-hours';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { csvSource, userWithRole } from './helpers/governance';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

/** Data access groups (issue 8 part 3), enforced where customer data is opened: REST and the socket. */

let t: TestApp;
let admin: string;
let orgId: number;
let adminId: number;
let sales: number;
let open: number;
let useCaseId: number;
let member: { id: number; token: string };
let outsider: { id: number; token: string };
let manager: { id: number; token: string };
let url: string;
const sockets: Socket[] = [];

const call = (token: string, method: string, path: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: path,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const schemas = (token: string, connId = sales) =>
  call(token, 'GET', `/api/copilot/onboarding/connections/${connId}/schemas`);
const saveGroup = async (body: Record<string, unknown>, id?: number) => {
  const res = await call(
    admin,
    id ? 'PUT' : 'POST',
    id ? `/api/v1/admin/data-access-groups/${id}` : '/api/v1/admin/data-access-groups',
    { name: 'Sales Team Access', dataSources: [sales], ...body },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: number;
    restrictions: string[];
    members: { userId: number; approved: boolean }[];
    expired: boolean;
  };
};
async function question(token: string, message: string) {
  const socket = await connectedSocket(url, token);
  sockets.push(socket);
  return ask(socket, { message, usecase_id: useCaseId, thread_id: '', isNewThread: true });
}
const errorText = (reply: Reply | { error: { message: string } }) =>
  'error' in reply
    ? reply.error.message
    : (reply.controls.find((c) => c.content_type === 'error')?.text ?? null);

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.login();
  const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
  orgId = me.orgId;
  adminId = me.id;
  sales = await csvSource(t, { orgId, userId: adminId, name: 'Sales Database' });
  open = await csvSource(t, { orgId, userId: adminId, name: 'Open Data' });
  useCaseId = await createUseCaseOver(t, admin, { name: 'Sales', connId: sales });
  member = await userWithRole(t, { username: 'mia', orgId, role: 'user' });
  outsider = await userWithRole(t, { username: 'otto', orgId, role: 'user' });
  manager = await userWithRole(t, { username: 'max', orgId, role: 'manager' });
  await call(admin, 'POST', '/api/copilot/user-access', {
    usecase_id: useCaseId,
    selected_users: [member.id, outsider.id, manager.id],
    unselected_users: [],
  });
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('business hours', () => {
  it('are Monday to Friday 09:00–18:00 on the wall clocks of the time zone', () => {
    const berlin = 'Europe/Berlin';
    expect(isBusinessHours(new Date('2026-03-04T08:30:00Z'), berlin)).toBe(true); // Wed 09:30
    expect(isBusinessHours(new Date('2026-03-04T07:30:00Z'), berlin)).toBe(false); // Wed 08:30
    expect(isBusinessHours(new Date('2026-03-04T17:00:00Z'), berlin)).toBe(false); // Wed 18:00
    expect(isBusinessHours(new Date('2026-03-07T10:00:00Z'), berlin)).toBe(false); // Saturday
    expect(nextOpening(new Date('2026-03-04T06:00:00Z'), berlin)).toBe('today at 09:00');
    expect(nextOpening(new Date('2026-03-04T19:00:00Z'), berlin)).toBe('tomorrow at 09:00');
    expect(nextOpening(new Date('2026-03-06T18:00:00Z'), berlin)).toBe('on Monday at 09:00');
    // Friday 23:30 in New York is already Saturday in UTC: the zone's own calendar counts.
    expect(isBusinessHours(new Date('2026-03-07T02:00:00Z'), 'America/New_York')).toBe(false);
    expect(isBusinessHours(new Date('2026-03-06T20:00:00Z'), 'America/New_York')).toBe(true); // Fri 15:00
  });
});

describe('data access groups', () => {
  let groupId: number;

  it('leave a source in no group open to everyone with data.read', async () => {
    expect((await schemas(outsider.token, open)).json()).toEqual(['main']);
    expect((await schemas(outsider.token, sales)).statusCode).toBe(200);
  });

  it('open a grouped source only to members: outsiders get 403 through REST and the socket', async () => {
    groupId = (await saveGroup({ members: [{ userId: member.id }] })).id;
    const refused = await schemas(outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      '"Sales Database" is restricted to the data access group "Sales Team Access", and you are not a member. Ask an administrator for access.',
    );
    expect(errorText(await question(outsider.token, 'total revenue'))).toBe(refused.json().message);
    expect((await schemas(member.token)).json()).toEqual(['main']);
    expect(errorText(await question(member.token, 'total revenue'))).toBeNull();
    // The use case's table listing (REST) goes through the same door.
    expect(
      (
        await call(
          outsider.token,
          'GET',
          `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}?refresh=true`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          member.token,
          'GET',
          `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}?refresh=true`,
        )
      ).statusCode,
    ).toBe(200);
    // Other sources stay open.
    expect((await schemas(outsider.token, open)).statusCode).toBe(200);
  });

  it('business-hours-only: refused outside the hours with when access opens, allowed inside', async () => {
    await call(admin, 'PUT', `/api/v1/admin/organizations/${orgId}`, {
      name: 'Default',
      timeZone: 'Europe/Berlin',
    });
    await saveGroup({ members: [{ userId: member.id }], restrictions: ['business-hours-only'] }, groupId);
    t.setNow(new Date('2026-03-07T11:00:00Z')); // Saturday noon in Berlin
    const weekend = await schemas(member.token);
    expect(weekend.statusCode).toBe(403);
    expect(weekend.json().message).toBe(
      '"Sales Database" can be used only during business hours (Monday to Friday, 09:00–18:00, Europe/Berlin). Access opens again on Monday at 09:00 (Europe/Berlin).',
    );
    expect(errorText(await question(member.token, 'total revenue'))).toBe(weekend.json().message);
    t.setNow(new Date('2026-03-04T05:30:00Z')); // Wednesday 06:30 in Berlin
    expect((await schemas(member.token)).json().message).toMatch(
      /Access opens again today at 09:00 \(Europe\/Berlin\)\.$/,
    );
    t.setNow(new Date('2026-03-04T10:00:00Z')); // Wednesday 11:00 in Berlin
    expect((await schemas(member.token)).statusCode).toBe(200);
    t.setNow(null);
  });

  it('time-limited: the group grants nothing after its expiry', async () => {
    expect(
      (
        await call(admin, 'POST', '/api/v1/admin/data-access-groups', {
          name: 'No end',
          restrictions: ['time-limited'],
        })
      ).statusCode,
    ).toBe(400);
    const expired = await saveGroup(
      {
        members: [{ userId: member.id }],
        restrictions: ['time-limited'],
        expiresAt: new Date(Date.now() - 60_000).toISOString(),
      },
      groupId,
    );
    expect(expired.expired).toBe(true);
    const res = await schemas(member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^Your access to "Sales Database" through "Sales Team Access" expired on \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Ask an administrator to extend it\.$/,
    );
    await saveGroup(
      {
        members: [{ userId: member.id }],
        restrictions: ['time-limited'],
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      groupId,
    );
    expect((await schemas(member.token)).statusCode).toBe(200);
  });

  it('approval-required: a member gets access only once an administrator approved them', async () => {
    const pending = await saveGroup(
      { members: [{ userId: member.id, approved: false }], restrictions: ['approval-required'] },
      groupId,
    );
    expect(pending.members).toEqual([expect.objectContaining({ userId: member.id, approved: false })]);
    const before = await schemas(member.token);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe(
      'Your access to "Sales Database" through "Sales Team Access" is waiting for an administrator\'s approval.',
    );
    expect(errorText(await question(member.token, 'total revenue'))).toBe(before.json().message);
    const approved = await saveGroup(
      { members: [{ userId: member.id, approved: true }], restrictions: ['approval-required'] },
      groupId,
    );
    expect(approved.members[0]!.approved).toBe(true);
    expect((await schemas(member.token)).statusCode).toBe(200);
    const row = await t.deps.db
      .selectFrom('data_access_group_members')
      .selectAll()
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    expect(row.approved_by).toBe(adminId);
  });

  it('audit-logged: every query of a member is recorded with who, when, which source, the SQL and question, and rows', async () => {
    await saveGroup({ members: [{ userId: member.id }], restrictions: ['audit-logged'] }, groupId);
    const before = await t.deps.db.selectFrom('data_access_audit').select('id').execute();
    expect(before).toEqual([]);
    const reply = await question(member.token, 'what is the total revenue?');
    expect(errorText(reply)).toBeNull();
    const res = await call(admin, 'GET', `/api/v1/admin/data-access/audit?groupId=${groupId}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]).toMatchObject({
      userId: member.id,
      userName: 'mia',
      connId: sales,
      connName: 'Sales Database',
      question: 'what is the total revenue?',
      error: null,
    });
    expect(entries[0].statement).toMatch(/select/i);
    expect(entries[0].rowCount).toBeGreaterThanOrEqual(1);
    expect(Date.parse(entries[0].at)).toBeGreaterThan(Date.now() - 60_000);
    // Reading the log is governance (users.read), not something the audited member may do.
    expect((await call(member.token, 'GET', '/api/v1/admin/data-access/audit')).statusCode).toBe(403);
    // A source in no audit-logged group leaves no trace.
    const count = (await t.deps.db.selectFrom('data_access_audit').select('id').execute()).length;
    await saveGroup({ members: [{ userId: member.id }], restrictions: [] }, groupId);
    expect(errorText(await question(member.token, 'what is the total revenue?'))).toBeNull();
    expect((await t.deps.db.selectFrom('data_access_audit').select('id').execute()).length).toBe(count);
  });

  it('read-only: members may query but not change, upload to or delete the source', async () => {
    await saveGroup({ members: [{ userId: manager.id }], restrictions: ['read-only'] }, groupId);
    expect((await schemas(manager.token)).statusCode).toBe(200);
    const update = await call(manager.token, 'POST', '/api/copilot/db_conn/update_db_conn', {
      conn_id: sales,
      conn_name: 'Sales Database',
      db_type: 'flat_files',
    });
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe(
      '"Sales Database" is read-only for you (data access group "Sales Team Access"): you may query it but not change, upload to or delete it.',
    );
    expect(
      (await call(manager.token, 'POST', '/api/copilot/db_conn/delete_db_conn', { conn_id: sales }))
        .statusCode,
    ).toBe(403);
    const file = await t.deps.db
      .selectFrom('csv_files')
      .select('id')
      .where('conn_id', '=', sales)
      .executeTakeFirstOrThrow();
    expect((await call(manager.token, 'DELETE', `/api/copilot/upload-files/csv/${file.id}`)).statusCode).toBe(
      403,
    );
    const boundary = 'x-boundary';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="conn_id"',
      '',
      String(sales),
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="more.csv"',
      'Content-Type: text/csv',
      '',
      'a\n1',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/upload-files/upload-csv',
      headers: { ...bearer(manager.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(upload.statusCode).toBe(403);
    // Without read-only the same member may change it.
    await saveGroup({ members: [{ userId: manager.id }], restrictions: [] }, groupId);
    expect(
      (
        await call(manager.token, 'POST', '/api/copilot/db_conn/update_db_conn', {
          conn_id: sales,
          conn_name: 'Sales Database',
          db_type: 'flat_files',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('let background work (recommendation scans) read as the system', async () => {
    const warehouse = await t.deps.warehouses.open({
      orgId,
      connId: sales,
      actor: { kind: 'system', reason: 'test' },
    });
    expect(await warehouse.listSchemas()).toEqual(['main']);
    await warehouse.close();
    await expect(
      t.deps.warehouses.open({ orgId, connId: sales, actor: { kind: 'user', userId: outsider.id } }),
    ).rejects.toThrow(/not a member/);
  });

  it('are listed with sources, members and restrictions, and deleted', async () => {
    const list = (await call(admin, 'GET', '/api/v1/admin/data-access-groups')).json().groups;
    expect(list).toEqual([
      expect.objectContaining({
        name: 'Sales Team Access',
        dataSources: [sales],
        sources: [{ id: sales, name: 'Sales Database', type: 'file' }],
        userCount: 1,
      }),
    ]);
    expect(
      (await call(admin, 'POST', '/api/v1/admin/data-access-groups', { name: 'sales team access' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/v1/admin/data-access-groups', { name: 'Bad', dataSources: [999999] }))
        .statusCode,
    ).toBe(400);
    expect((await call(admin, 'DELETE', `/api/v1/admin/data-access-groups/${groupId}`)).statusCode).toBe(200);
    expect((await schemas(outsider.token)).statusCode).toBe(200);
  });
});
