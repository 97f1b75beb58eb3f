import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POSTGRES_URL,
  createDatabase,
  createSalesDatabase,
  createSalesUseCase,
  dropDatabase,
  requirePostgres,
  waitFor,
} from '../helpers/customer-postgres';
import { ask, connectedSocket, type Reply } from '../helpers/listen';
import { REDIS_URL, requireRedis } from '../helpers/redis';
import {
  killAllServerProcesses,
  request,
  signIn,
  startServerProcess,
  startTcpProxy,
  type ServerProcess,
  type TcpProxy,
} from '../helpers/processes';

/**
 * The production setup of the README: two server processes started at the same moment on one
 * PostgreSQL app database and one Redis, behind a proxy that sends every new connection to the
 * next instance. A conversation works whichever instance each request and socket lands on, and
 * the scheduled recommendation scan runs on one instance only.
 */
const hasPostgres = await requirePostgres('the scale-out suite');
const hasRedis = await requireRedis('the scale-out suite');

describe.runIf(hasPostgres && hasRedis)('two instances behind one port', () => {
  let appDb: string;
  let customerDb: string;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let proxy: TcpProxy;

  beforeAll(async () => {
    appDb = await createDatabase('catalyst_scaleout');
    customerDb = await createSalesDatabase();
    const env = (i: number) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `catalyst-scale-${i}-`));
      dataDirs.push(dir);
      // One secret key for all instances: a connection's password sealed by one is opened by the other.
      return {
        DATA_DIR: dir,
        DATABASE_URL: `${POSTGRES_URL}/${appDb}`,
        REDIS_URL,
        CATALYST_SECRET_KEY: 'scale-out-test-secret-key-0123456789abcdef',
        RECOMMENDATION_SCAN_HOURS: '6',
        LOG_LEVEL: 'info',
      };
    };
    // Both start at once: migrations and the first administrator must not race each other.
    servers.push(...(await Promise.all([startServerProcess(env(0)), startServerProcess(env(1))])));
    proxy = await startTcpProxy(
      servers.map((s) => ({ host: '127.0.0.1', port: Number(new URL(s.base).port) })),
    );
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) await s.kill('SIGTERM').catch(() => undefined);
    killAllServerProcesses();
    if (customerDb) await dropDatabase(customerDb);
    if (appDb) await dropDatabase(appDb);
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('holds a conversation across both instances: sockets and REST calls on either one', async () => {
    const token = await signIn(proxy.url);
    const { useCaseId } = await createSalesUseCase(proxy.url, token, customerDb);

    const first = await connectedSocket(proxy.url, token);
    const opening = (await ask(first, {
      message: 'total revenue by region',
      usecase_id: useCaseId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expect(opening.cards.length, JSON.stringify(opening.controls)).toBeGreaterThan(0);
    const threadId = opening.threadId!;
    first.disconnect();

    // The next socket lands on the other instance; the follow-up reads the thread's history from the shared database.
    const second = await connectedSocket(proxy.url, token);
    const followUp = (await ask(second, {
      message: 'and by month?',
      usecase_id: useCaseId,
      thread_id: String(threadId),
      isNewThread: false,
    })) as Reply;
    expect(followUp.cards.length).toBeGreaterThan(0);
    second.disconnect();

    for (let i = 0; i < 4; i++) {
      const messages = await request(proxy.url, 'GET', `/api/copilot/threads/${threadId}`, { token });
      expect(messages.status).toBe(200);
      expect(messages.json<{ result: { status: string }[] }>().result.map((m) => m.status)).toEqual([
        'answered',
        'answered',
      ]);
    }
    expect(
      proxy.counts.every((n) => n > 2),
      `connections per instance: ${proxy.counts.join(', ')}`,
    ).toBe(true);
  }, 120_000);

  it('runs the scheduled recommendation scan on one instance only', async () => {
    const token = await signIn(proxy.url);
    const runs = await waitFor(
      'the scheduled scan to finish',
      async () => {
        const list = (
          await request(proxy.url, 'GET', '/api/copilot/landing/recommendations/runs', { token })
        ).json<{ data: { runs: { trigger: string; status: string }[] } }>().data.runs;
        const scheduled = list.filter((r) => r.trigger === 'schedule');
        return scheduled.length > 0 && scheduled.every((r) => r.status !== 'running') ? scheduled : null;
      },
      60_000,
    );
    // Both instances checked at start; one claimed the scan and the other found it taken.
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('completed');
  }, 90_000);
});
