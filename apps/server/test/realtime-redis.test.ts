import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ensureFirstUser } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { AppDatabase } from '../src/db';
import { createDeps, createLogger } from '../src/deps';
import { hashPassword } from '../src/lib/passwords';
import { ADMIN_PASSWORD } from './helpers/app';
import { createTestDatabase } from './helpers/databases';
import { connectSocket, listen } from './helpers/listen';
import { REDIS_URL, requireRedis } from './helpers/redis';

const reachable = await requireRedis('the scale-out test');

describe.runIf(reachable)('two server instances behind the Redis adapter', () => {
  let database: AppDatabase;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres').catch(() => createTestDatabase('pglite'));
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-redis-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        DATA_DIR: dataDir,
        CATALYST_ADMIN_PASSWORD: ADMIN_PASSWORD,
        LOG_LEVEL: 'silent',
        REDIS_URL,
      });
      const deps = createDeps({
        config,
        database: { ...database, close: async () => {} },
        logger: createLogger(config),
      });
      if (i === 0) {
        await ensureFirstUser(deps);
        const org = await deps.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow();
        await deps.db
          .insertInto('users')
          .values({
            org_id: org.id,
            username: 'nina',
            email: 'nina@example.com',
            first_name: 'Nina',
            last_name: 'T',
            password_hash: await hashPassword('Nina#pass1'),
          })
          .execute();
      }
      const app = await buildApp(deps);
      apps.push(app);
      urls.push(await listen(app));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const login = async (url: string, username: string, password: string) => {
    const res = await fetch(`${url}/api/v1/authentication/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  it('delivers an event raised on one instance to a socket connected to the other', async () => {
    const admin = await login(urls[0]!, 'admin', ADMIN_PASSWORD);
    const nina = await login(urls[1]!, 'nina', 'Nina#pass1');
    const ninaSocket = connectSocket(urls[1]!, nina);
    await new Promise<void>((resolve, reject) => {
      ninaSocket.on('connect', () => resolve());
      ninaSocket.on('connect_error', reject);
    });
    const users = (await (
      await fetch(`${urls[0]}/api/v1/share/user/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({}),
      })
    ).json()) as { items: { id: number; userName: string }[] };
    const ninaId = users.items.find((u) => u.userName === 'nina')!.id;
    const uc = (await (
      await fetch(`${urls[0]}/api/copilot/onboarding/use_case/v2`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ usecase_name: 'Scale' }),
      })
    ).json()) as { use_case_id: number };
    const thread = await database.db
      .insertInto('threads')
      .values({ org_id: 1, owner_id: 1, use_case_id: uc.use_case_id, name: 'Shared across instances' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const received = new Promise<{ thread_id: number; reason: string }>((resolve) =>
      ninaSocket.on('threads-changed', resolve),
    );
    const share = await fetch(`${urls[0]}/api/copilot/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ thread_id: thread.id, user_list: [ninaId] }),
    });
    expect(share.status).toBe(200);
    expect(await received).toEqual({ thread_id: thread.id, reason: 'shared' });
    ninaSocket.disconnect();
  });
});
