// The Catalyst server for the benchmark: the real app (buildApp) on PGlite in DATA_DIR, with the
// data-sources routes. Prints {"port": n} once listening.
import { buildApp } from '../../apps/server/src/app';
import { ensureFirstUser } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/config';
import { openAppDatabase } from '../../apps/server/src/db';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { createDeps } from '../../apps/server/src/deps';
import { dataSourceRoutes } from '../../apps/server/src/features/data-sources/routes';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const database = await openAppDatabase({ dataDir: config.dataDir });
await migrateToLatest(database.db);
const deps = createDeps({ config, database });
await ensureFirstUser(deps);
const app = await buildApp(deps);
if (!app.hasRoute({ method: 'GET', url: '/api/copilot/db_conn/supported_db_types' }))
  await dataSourceRoutes(app, deps);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
);
