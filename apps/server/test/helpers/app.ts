import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app';
import { ensureFirstUser } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { createDeps, createLogger, type Deps } from '../../src/deps';
import { hashPassword } from '../../src/lib/passwords';
import type { WarehouseRegistry } from '../../src/warehouses/registry';
import type { Answerer } from '../../src/features/conversations/answerer';
import { createTestDatabase, type DbKind } from './databases';

export const ADMIN_PASSWORD = 'Admin#12345';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  /** Moves the app's clock; tests of expiry use it. */
  setNow(date: Date | null): void;
  login(username?: string, password?: string): Promise<string>;
  createUser(input: {
    username: string;
    password: string;
    email?: string;
    orgName?: string;
    isAdmin?: boolean;
  }): Promise<{ id: number; orgId: number }>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  parts: { warehouses?: WarehouseRegistry; answerer?: Answerer; logger?: Logger } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CATALYST_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://catalyst.test',
    RECOMMENDATION_SCAN_HOURS: '0',
    ...env,
  });
  const database = await createTestDatabase(kind);
  let now: Date | null = null;
  const deps = createDeps({
    config,
    database,
    logger: parts.logger ?? createLogger(config),
    now: () => now ?? new Date(),
    warehouses: parts.warehouses,
    answerer: parts.answerer,
  });
  await ensureFirstUser(deps);
  const app = await buildApp(deps);
  await app.ready();

  const testApp: TestApp = {
    app,
    deps,
    setNow(date) {
      now = date;
    },
    async login(username = 'admin', password = ADMIN_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/authentication/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async createUser(input) {
      let orgId: number;
      if (input.orgName) {
        orgId = (
          await deps.db
            .insertInto('organizations')
            .values({ name: input.orgName })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        orgId = (
          await deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()
        ).id;
      }
      const user = await deps.db
        .insertInto('users')
        .values({
          org_id: orgId,
          username: input.username,
          email: input.email ?? `${input.username}@example.com`,
          first_name: input.username[0]!.toUpperCase() + input.username.slice(1),
          last_name: 'Tester',
          password_hash: await hashPassword(input.password),
          is_admin: input.isAdmin ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: user.id, orgId };
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A use case named `name` reading the `main` schema of connection `connId`, its first table selected and profiled. */
export async function createUseCaseOver(
  t: TestApp,
  token: string,
  options: { name: string; connId: number },
): Promise<number> {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  const useCaseId = (
    await call('POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: options.name })
  ).json().use_case_id as number;
  await call('POST', '/api/copilot/onboarding/use_case/add_schema_data', {
    usecase_id: useCaseId,
    conn_id: options.connId,
    schema: 'main',
  });
  const tables = (await call('GET', `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`)).json();
  await call('POST', '/api/copilot/schema_validation/usecase_db_tables/select_and_fetch_columns', {
    table_ids: [tables[0].table_id],
  });
  return useCaseId;
}
