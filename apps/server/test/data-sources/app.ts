import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { ensureFirstUser } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { createDeps, type Deps } from '../../src/deps';
import { dataSourceRoutes } from '../../src/features/data-sources/routes';
import { hashPassword } from '../../src/lib/passwords';
import { createTestDatabase } from '../helpers/databases';

const ADMIN_PASSWORD = 'Admin#12345';

export interface DsTestApp {
  app: FastifyInstance;
  deps: Deps;
  dataDir: string;
  /** Every log line the app wrote (level trace), to check that no secret is ever logged. */
  logs: string[];
  token(username?: string, password?: string): Promise<string>;
  createUser(username: string, orgName?: string): Promise<{ token: string; orgId: number; userId: number }>;
  close(): Promise<void>;
}

/**
 * The real app (buildApp) on a fresh PGlite database with the data-sources routes, registered
 * here until app.ts registers them itself.
 */
export async function createDsTestApp(
  options: {
    maxCsvFiles?: number;
    maxUploadBytes?: number;
    dataDir?: string;
    env?: Record<string, string>;
  } = {},
): Promise<DsTestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-ds-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CATALYST_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'trace',
    PUBLIC_URL: 'http://catalyst.test',
    ...options.env,
  });
  // Through the config, so the limits hold whether app.ts or this helper registers the routes.
  if (options.maxCsvFiles !== undefined) Object.assign(config, { maxCsvFiles: options.maxCsvFiles });
  if (options.maxUploadBytes !== undefined) Object.assign(config, { maxUploadBytes: options.maxUploadBytes });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const logger = pino(
    {
      level: 'trace',
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword'],
        remove: true,
      },
    },
    sink,
  );
  const database = await createTestDatabase('pglite');
  const deps = createDeps({ config, database, logger });
  await ensureFirstUser(deps);
  const app = await buildApp(deps);
  if (!app.hasRoute({ method: 'GET', url: '/api/copilot/db_conn/supported_db_types' }))
    await dataSourceRoutes(app, deps);
  await app.ready();

  const login = async (username: string, password: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username, password },
    });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { token: string }).token;
  };
  return {
    app,
    deps,
    dataDir,
    logs,
    token: (username = 'admin', password = ADMIN_PASSWORD) => login(username, password),
    async createUser(username, orgName) {
      const orgId = orgName
        ? (
            await deps.db
              .insertInto('organizations')
              .values({ name: orgName })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (await deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      const user = await deps.db
        .insertInto('users')
        .values({
          org_id: orgId,
          username,
          email: `${username}@example.com`,
          first_name: username,
          last_name: 'Tester',
          password_hash: await hashPassword('Passw0rd!long'),
          is_admin: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token: await login(username, 'Passw0rd!long'), orgId, userId: user.id };
    },
    async close() {
      await app.close();
      await database.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart body with fields and files, as a browser's FormData would send it. */
export function multipartBody(
  fields: Record<string, string>,
  files: { name: string; content: string | Buffer; type?: string }[],
) {
  const boundary = `----catalyst${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'text/csv'}\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
