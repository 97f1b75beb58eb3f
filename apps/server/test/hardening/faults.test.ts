import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  PG,
  POSTGRES_URL,
  createDatabase,
  createSalesDatabase,
  createSalesUseCase,
  dropDatabase,
  lockTable,
  requirePostgres,
  waitFor,
} from '../helpers/customer-postgres';
import { connectedSocket } from '../helpers/listen';
import {
  killAllServerProcesses,
  request,
  signIn,
  startServerProcess,
  type ServerProcess,
} from '../helpers/processes';

/**
 * Faults injected into real server processes (PGlite in DATA_DIR, as `npm start` runs): kill -9
 * in the middle of a streamed answer, a recommendation scan and a burst of decision saves, then a
 * restart on the same DATA_DIR. Nothing acknowledged may be lost, nothing half-written may show,
 * and interrupted work must end visibly. A customer database that goes away mid-question must
 * end the answer with an error card. Counts are printed for the closing figures.
 */
const hasPostgres = await requirePostgres('the fault suite');
let faults = 0;

interface Chunk {
  response_type: string;
  cards: unknown;
  thread_id: number | null;
  id: number | null;
}

/** Emits a question and collects chunks; `done` resolves at chunk-end or an error event. */
function startQuestion(socket: Socket, payload: Record<string, unknown>) {
  const chunks: Chunk[] = [];
  const done = new Promise<{ chunks: Chunk[]; error?: { code: string; message: string } }>((resolve) => {
    socket.on('response', (chunk: Chunk) => {
      chunks.push(chunk);
      if (chunk.response_type === 'chunk-end') resolve({ chunks });
    });
    socket.on('error', (error: { code: string; message: string }) => resolve({ chunks, error }));
  });
  socket.emit('message', {
    usecase_id: null,
    thread_id: '',
    message_id: null,
    isNewThread: true,
    is_regenerate: false,
    ...payload,
  });
  return { chunks, done };
}

describe.runIf(hasPostgres)('faults', () => {
  let customerDb: string;
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-faults-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    customerDb = await createSalesDatabase();
  });
  afterAll(async () => {
    killAllServerProcesses();
    console.log(`faults: ${faults} faults injected`);
    if (customerDb) await dropDatabase(customerDb);
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a customer database that goes away mid-question ends the answer with an error card, and the socket keeps working', async () => {
    const server = await startServerProcess({ DATA_DIR: newDataDir() });
    try {
      const token = await signIn(server.base);
      const { useCaseId } = await createSalesUseCase(server.base, token, customerDb);
      const socket = await connectedSocket(server.base, token);
      const lock = await lockTable(customerDb, 'sales');
      try {
        const question = startQuestion(socket, { message: 'total revenue by region', usecase_id: useCaseId });
        await waitFor(
          'the question to reach the customer database',
          async () => (await lock.blockedBackends()).length > 0,
        );
        expect(await lock.terminateBlocked()).toBeGreaterThan(0);
        faults++;
        const reply = await question.done;
        const errors = reply.chunks.filter(
          (c) =>
            c.cards &&
            !Array.isArray(c.cards) &&
            (c.cards as { content_type?: string }).content_type === 'error',
        );
        expect(errors.length, JSON.stringify(reply.chunks.slice(-4))).toBe(1);
        expect(reply.chunks.at(-1)!.response_type).toBe('chunk-end');
      } finally {
        await lock.release();
      }
      socket.removeAllListeners('response');
      socket.removeAllListeners('error');
      const again = await startQuestion(socket, { message: 'total revenue by region', usecase_id: useCaseId })
        .done;
      expect(again.error).toBeUndefined();
      expect(again.chunks.some((c) => Array.isArray(c.cards) && c.cards.length > 0)).toBe(true);
      socket.disconnect();
    } finally {
      await server.kill('SIGTERM');
    }
  }, 120_000);

  it('the app database on PostgreSQL restarted under load: requests fail cleanly with 503, then succeed again without a server restart', async () => {
    const appDb = await createDatabase('catalyst_restart');
    const server = await startServerProcess({
      DATA_DIR: newDataDir(),
      DATABASE_URL: `${POSTGRES_URL}/${appDb}`,
    });
    const admin = new pg.Client({ ...PG, database: 'postgres' });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      const token = await signIn(server.base);
      const statuses: { phase: string; status: number; ms: number }[] = [];
      let phase = 'before';
      let running = true;
      const worker = async (i: number) => {
        while (running) {
          const started = Date.now();
          const res =
            i % 2 === 0
              ? await request(server.base, 'GET', '/api/copilot/threads', { token })
              : await request(server.base, 'POST', '/api/copilot/onboarding/use_case/v2', {
                  token,
                  body: { usecase_name: `Under load ${Date.now()}` },
                });
          statuses.push({ phase, status: res.status, ms: Date.now() - started });
          if (res.status >= 500) expect(res.json<{ message: string }>().message).toMatch(/try again/i);
        }
      };
      const workers = [0, 1, 2, 3].map((i) => worker(i));
      await new Promise((r) => setTimeout(r, 1500));
      // The restart, as the app sees it: every session of its database ends, and new ones are refused for a while.
      phase = 'outage';
      await admin.query(`ALTER DATABASE ${appDb} WITH ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [appDb]);
      faults++;
      await new Promise((r) => setTimeout(r, 2500));
      await admin.query(`ALTER DATABASE ${appDb} WITH ALLOW_CONNECTIONS true`);
      phase = 'after';
      await new Promise((r) => setTimeout(r, 2500));
      running = false;
      await Promise.all(workers);

      const by = (p: string) => statuses.filter((s) => s.phase === p);
      expect(by('before').every((s) => s.status === 200)).toBe(true);
      expect(
        statuses.every((s) => s.status === 200 || s.status === 503),
        JSON.stringify(statuses.filter((s) => s.status !== 200 && s.status !== 503)),
      ).toBe(true);
      expect(by('outage').some((s) => s.status === 503)).toBe(true);
      // Once the database is back the very same process answers again (the last second of requests all succeed).
      const tail = by('after').slice(-8);
      expect(tail.length).toBeGreaterThan(0);
      expect(
        tail.every((s) => s.status === 200),
        JSON.stringify(tail),
      ).toBe(true);
      expect(Math.max(...statuses.map((s) => s.ms))).toBeLessThan(15_000);
      console.log(
        `faults: app database restart — ${statuses.length} requests under load, ${statuses.filter((s) => s.status === 503).length} answered 503 during the outage`,
      );
    } finally {
      await server.kill('SIGTERM');
      await admin.end();
      await dropDatabase(appDb);
    }
  }, 120_000);

  it('kill -9 during a streamed answer: after the restart the question is kept, the answer is marked interrupted, and regenerating answers it', async () => {
    const dataDir = newDataDir();
    let server: ServerProcess = await startServerProcess({ DATA_DIR: dataDir });
    const token = await signIn(server.base);
    const { useCaseId } = await createSalesUseCase(server.base, token, customerDb);
    const socket = await connectedSocket(server.base, token);
    const lock = await lockTable(customerDb, 'sales');
    let threadId: number;
    try {
      const question = startQuestion(socket, { message: 'total revenue by region', usecase_id: useCaseId });
      await waitFor(
        'the question to reach the customer database',
        async () => (await lock.blockedBackends()).length > 0,
      );
      threadId = question.chunks.find((c) => c.thread_id)!.thread_id!;
      await server.kill('SIGKILL');
      faults++;
      expect(question.chunks.some((c) => c.response_type === 'chunk-end')).toBe(false);
    } finally {
      socket.disconnect();
      await lock.release();
    }

    server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const token2 = await signIn(server.base);
      const messages = (
        await request(server.base, 'GET', `/api/copilot/threads/${threadId}`, { token: token2 })
      ).json<{
        result: { message_id: number; message: string; status: string; content: string; cards: unknown[] }[];
      }>().result;
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ message: 'total revenue by region', status: 'error', cards: [] });
      expect(messages[0]!.content).toMatch(/interrupted/i);

      const socket2 = await connectedSocket(server.base, token2);
      const regenerated = await startQuestion(socket2, {
        message: 'total revenue by region',
        usecase_id: useCaseId,
        thread_id: String(threadId),
        message_id: messages[0]!.message_id,
        is_regenerate: true,
        isNewThread: false,
      }).done;
      expect(regenerated.error).toBeUndefined();
      socket2.disconnect();
      const after = (
        await request(server.base, 'GET', `/api/copilot/threads/${threadId}`, { token: token2 })
      ).json<{ result: { status: string; cards: unknown[] }[] }>().result;
      expect(after).toHaveLength(1);
      expect(after[0]!.status).toBe('answered');
      expect(after[0]!.cards.length).toBeGreaterThan(0);
    } finally {
      await server.kill('SIGTERM');
    }
  }, 180_000);

  it('kill -9 during a recommendation scan: the interrupted scan is reported failed after the restart, and the next scan completes without duplicates', async () => {
    const dataDir = newDataDir();
    let server = await startServerProcess({ DATA_DIR: dataDir });
    const token = await signIn(server.base);
    await createSalesUseCase(server.base, token, customerDb);
    const lock = await lockTable(customerDb, 'sales');
    try {
      const scan = request(server.base, 'POST', '/api/copilot/landing/recommendations/refresh', {
        token,
      }).catch((error: unknown) => error);
      await waitFor(
        'the scan to reach the customer database',
        async () => (await lock.blockedBackends()).length > 0,
      );
      await server.kill('SIGKILL');
      faults++;
      expect(await scan).toBeInstanceOf(Error);
    } finally {
      await lock.release();
    }

    server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const token2 = await signIn(server.base);
      const runs = (
        await request(server.base, 'GET', '/api/copilot/landing/recommendations/runs', { token: token2 })
      ).json<{ data: { runs: { status: string; error: string | null }[] } }>().data.runs;
      expect(runs[0]).toMatchObject({ status: 'failed' });
      expect(runs[0]!.error).toMatch(/stopped/i);
      const first = await request(server.base, 'POST', '/api/copilot/landing/recommendations/refresh', {
        token: token2,
      });
      expect(first.status, first.body).toBe(200);
      const second = await request(server.base, 'POST', '/api/copilot/landing/recommendations/refresh', {
        token: token2,
      });
      expect(second.json<{ data: { created: number } }>().data.created).toBe(0);
      const recs = (
        await request(
          server.base,
          'GET',
          '/api/copilot/landing/recommendations?limit=200&status=active,dismissed,resolved',
          { token: token2 },
        )
      ).json<{ data: { recommendations: { title: string }[] } }>().data.recommendations;
      expect(new Set(recs.map((r) => r.title)).size).toBe(recs.length);
      const latest = (
        await request(server.base, 'GET', '/api/copilot/landing/recommendations/runs', { token: token2 })
      ).json<{ data: { runs: { status: string }[] } }>().data.runs;
      expect(latest[0]!.status).toBe('completed');
    } finally {
      await server.kill('SIGTERM');
    }
  }, 180_000);

  it('kill -9 during a burst of decision saves: every acknowledged decision survives, and none is half-written', async () => {
    const dataDir = newDataDir();
    let server = await startServerProcess({ DATA_DIR: dataDir });
    const token = await signIn(server.base);
    const useCase = (
      await request(server.base, 'POST', '/api/copilot/onboarding/use_case/v2', {
        token,
        body: { usecase_name: 'Decisions under fire' },
      })
    ).json<{ use_case_id: number }>();
    const artifact = (i: number) => ({
      name: `evidence-${i}.txt`,
      type: 'data',
      content: `row ${i}\n`.repeat(20_000),
    });
    const acknowledged: string[] = [];
    const saves = Array.from({ length: 40 }, (_, i) => {
      const artifacts = Array.from({ length: 1 + (i % 3) }, (_, k) => artifact(k));
      const title = `Decision ${i} with ${artifacts.length} artifacts`;
      return request(server.base, 'POST', '/api/copilot/decisions', {
        token,
        body: {
          title,
          description: 'Kept whole or not at all',
          useCaseId: useCase.use_case_id,
          alertId: 'manual',
          decisionRationale: 'Fault test',
          artifacts,
        },
      })
        .then((res) => {
          if (res.status === 200) acknowledged.push(title);
        })
        .catch(() => undefined);
    });
    await waitFor('some decisions to be saved', async () => acknowledged.length >= 10, 60_000);
    await server.kill('SIGKILL');
    faults++;
    await Promise.all(saves);
    expect(acknowledged.length).toBeLessThan(40);

    server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const token2 = await signIn(server.base);
      const list = (
        await request(server.base, 'GET', '/api/copilot/decisions?sort=oldest', { token: token2 })
      ).json<{ decisions: { id: number; title: string }[] }>().decisions;
      const titles = list.map((d) => d.title);
      for (const title of acknowledged) expect(titles).toContain(title);
      for (const d of list) {
        const detail = (
          await request(server.base, 'GET', `/api/copilot/decisions/${d.id}`, { token: token2 })
        ).json<{ artifacts: { content: string }[]; history: { to: string }[] }>();
        const expected = Number(/with (\d+) artifacts/.exec(d.title)![1]);
        expect(detail.artifacts, d.title).toHaveLength(expected);
        for (const a of detail.artifacts) expect(a.content.length).toBe(artifact(0).content.length);
        expect(detail.history.map((h) => h.to)).toEqual(['pending']);
      }
      console.log(
        `faults: decision burst — ${acknowledged.length} acknowledged before the kill, ${list.length} present after the restart`,
      );
    } finally {
      await server.kill('SIGTERM');
    }
  }, 180_000);
});
