import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureFirstUser } from './bootstrap';
import { setUpDemo } from './demo/setup-demo';
import { ConfigError, loadConfig, type Config } from './config';
import { openAppDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { createDeps, createLogger } from './deps';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  config = { ...config, webDist: config.webDist ?? defaultWebDist };
  const logger = createLogger(config);
  if (config.databaseUrl && !config.secretKey) {
    logger.warn(
      "DATABASE_URL is set but CATALYST_SECRET_KEY is not: data-source secrets are encrypted with this instance's DATA_DIR/secret.key, which other instances cannot read. Give every instance the same CATALYST_SECRET_KEY.",
    );
  }

  let unlock: () => void = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(75); // EX_TEMPFAIL
      }
      throw error;
    }
  }

  const database = await openAppDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) =>
      logger.warn(
        { err: error },
        'the app database closed an idle connection; it is replaced on the next query',
      ),
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  const deps = createDeps({ config, database, logger });
  const firstStart = await ensureFirstUser(deps);
  if (firstStart && config.demo) {
    await setUpDemo(deps, firstStart).catch((error: unknown) =>
      logger.error({ err: error }, 'the demo use case could not be set up; Catalyst runs without it'),
    );
  }
  const app = await buildApp(deps);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // closes deps too (buildApp)
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(/:\d+$/, `:${port}`);
  const lines = [``, `Catalyst is running at ${url}`];
  if (firstStart?.generatedPassword) {
    lines.push(`Sign in as "${firstStart.username}" with the password ${firstStart.generatedPassword}`);
    lines.push(`(saved in ${firstStart.passwordFile}; change it after signing in)`);
  } else if (firstStart) {
    lines.push(`Sign in as "${firstStart.username}" with the password from CATALYST_ADMIN_PASSWORD.`);
  } else {
    lines.push(
      `Sign in with your account (first admin: "${config.adminUsername}"; a generated password is kept in ${path.join(config.dataDir, 'initial-admin-password')}).`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error('Catalyst could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
