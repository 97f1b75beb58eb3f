import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';

const base = '/api/copilot/action-flows';

describe('action flows, kept per organisation', () => {
  let t: TestApp;
  let admin: string;
  let flowId: number;
  const call = (token: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts empty', async () => {
    const res = await call(admin, 'GET', base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ flows: [] });
  });

  it('creates a draft flow, dropping blank steps and trimming the rest', async () => {
    const res = await call(admin, 'POST', base, {
      name: '  Restock alert  ',
      description: 'Tell purchasing when stock runs low',
      triggerType: 'event',
      steps: ['  Check stock levels ', '', '   ', 'E-mail purchasing'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Restock alert',
      description: 'Tell purchasing when stock runs low',
      status: 'draft',
      triggerType: 'event',
      steps: ['Check stock levels', 'E-mail purchasing'],
      createdBy: 'admin',
    });
    flowId = res.json().id;
    // Only a name is required (spec 3 §5): the rest has defaults.
    const minimal = await call(admin, 'POST', base, { name: 'Weekly digest' });
    expect(minimal.json()).toMatchObject({
      description: '',
      triggerType: 'manual',
      steps: [],
      status: 'draft',
    });
    const list = (await call(admin, 'GET', base)).json().flows;
    expect(list.map((f: { name: string }) => f.name)).toEqual(['Weekly digest', 'Restock alert']);
  });

  it('refuses bad input with 400 and a message', async () => {
    const cases: [object, RegExp][] = [
      [{}, /Name is required/],
      [{ name: '   ' }, /Name is required/],
      [{ name: 'x', triggerType: 'hourly' }, /triggerType must be manual, scheduled or event/],
      [{ name: 'x', steps: 'one step' }, /steps must be a list/],
      [{ name: 'x', steps: Array.from({ length: 51 }, (_, i) => `step ${i}`) }, /50 steps at most/],
      [{ name: 'x'.repeat(201) }, /Name is too long/],
      [{ name: 'bad\u0000name' }, /NUL/],
    ];
    for (const [payload, message] of cases) {
      const res = await call(admin, 'POST', base, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call(admin, 'POST', `${base}/${flowId}/status`, { status: 'running' })).statusCode).toBe(
      400,
    );
    expect((await call(admin, 'GET', `${base}/abc`)).statusCode).toBe(400);
  });

  it('edits a flow', async () => {
    const res = await call(admin, 'PUT', `${base}/${flowId}`, {
      triggerType: 'scheduled',
      steps: ['Check stock levels', ' ', 'Open a purchase order'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Restock alert',
      triggerType: 'scheduled',
      steps: ['Check stock levels', 'Open a purchase order'],
    });
    expect((await call(admin, 'PUT', `${base}/${flowId}`, { name: '' })).statusCode).toBe(400);
  });

  it('toggles draft → active → inactive → active, and refuses moves back to draft with 409', async () => {
    const status = async (to: string) => call(admin, 'POST', `${base}/${flowId}/status`, { status: to });
    expect((await status('active')).json().status).toBe('active');
    expect((await status('inactive')).json().status).toBe('inactive');
    // Setting the status it already has is harmless (a double click).
    expect((await status('inactive')).json().status).toBe('inactive');
    expect((await call(admin, 'GET', `${base}/${flowId}`)).json().status).toBe('inactive');
    const back = await status('draft');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/cannot become draft; it can become active/);
    const draftId = (await call(admin, 'POST', base, { name: 'Still a draft' })).json().id;
    expect((await call(admin, 'POST', `${base}/${draftId}/status`, { status: 'inactive' })).statusCode).toBe(
      409,
    );
  });

  it("answers 404 for another organisation's flow, and lists only the caller's", async () => {
    await t.createUser({ username: 'rival', password: 'Rival#12345', orgName: 'Rival Org', isAdmin: true });
    const rival = await t.login('rival', 'Rival#12345');
    expect((await call(rival, 'GET', base)).json().flows).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `${base}/${flowId}`, undefined],
      ['PUT', `${base}/${flowId}`, { name: 'Mine now' }],
      ['POST', `${base}/${flowId}/status`, { status: 'active' }],
      ['DELETE', `${base}/${flowId}`, undefined],
    ] as const) {
      const res = await call(rival, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(`Action flow ${flowId} was not found.`);
    }
    expect((await call(admin, 'GET', `${base}/${flowId}`)).json()).toMatchObject({
      name: 'Restock alert',
      status: 'inactive',
    });
  });

  it('lets a plain User (reports.view) see the flows but not change them (data.write)', async () => {
    await t.createUser({ username: 'viewer', password: 'Viewer#12345' });
    const viewer = await t.login('viewer', 'Viewer#12345');
    expect((await call(viewer, 'GET', base)).json().flows.length).toBeGreaterThan(0);
    for (const [method, url, payload] of [
      ['POST', base, { name: 'Sneaky' }],
      ['PUT', `${base}/${flowId}`, { name: 'Sneaky' }],
      ['POST', `${base}/${flowId}/status`, { status: 'active' }],
      ['DELETE', `${base}/${flowId}`, undefined],
    ] as const) {
      const res = await call(viewer, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/data\.write/);
    }
  });

  it('deletes a flow', async () => {
    expect((await call(admin, 'DELETE', `${base}/${flowId}`)).json()).toEqual({ status: 'Success' });
    expect((await call(admin, 'GET', `${base}/${flowId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `${base}/${flowId}`)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
  });
});
