// The server under test of bench/conversations: the real app on PGlite with the demo use case and
// N users (one shared password hash, so setting them up takes seconds). Prints a JSON line with the
// URL, the demo use case id and the user names, then serves until killed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { ensureFirstUser } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/config';
import { openAppDatabase } from '../../apps/server/src/db';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { createDeps, createLogger } from '../../apps/server/src/deps';
import { setUpDemo } from '../../apps/server/src/demo/setup-demo';
import { hashPassword } from '../../apps/server/src/lib/passwords';

const users = Number(process.argv[2] ?? 334);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-bench-conv-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  CATALYST_ADMIN_PASSWORD: 'Bench#12345',
  LOG_LEVEL: 'warn',
  PORT: '0',
});
const database = await openAppDatabase({ dataDir });
await migrateToLatest(database.db);
const deps = createDeps({ config, database, logger: createLogger(config) });
const first = (await ensureFirstUser(deps))!;
const { useCaseId } = await setUpDemo(deps, first);
const hash = await hashPassword('Bench#12345');
const names = Array.from({ length: users }, (_, i) => `bench${i}`);
await deps.db
  .insertInto('users')
  .values(
    names.map((username) => ({
      org_id: first.orgId,
      username,
      email: `${username}@example.com`,
      first_name: username,
      last_name: '',
      password_hash: hash,
    })),
  )
  .execute();
const ids = await deps.db.selectFrom('users').select('id').where('username', 'like', 'bench%').execute();
await deps.db
  .insertInto('use_case_users')
  .values(ids.map((u) => ({ use_case_id: useCaseId, user_id: u.id, org_id: first.orgId })))
  .execute();
const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
console.log(
  JSON.stringify({
    url: `http://127.0.0.1:${address.port}`,
    useCaseId,
    users: names,
    password: 'Bench#12345',
  }),
);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
