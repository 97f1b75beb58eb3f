import { EventEmitter } from 'node:events';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { AppDatabase, Db } from './db';
import { openWarehouse } from './features/data-sources/service';
import { createMailer, type Mailer } from './mail/mailer';
import type { WarehouseRegistry } from './warehouses/registry';
import type { Answerer } from './features/conversations/answerer';
import { engineAnswerer } from './features/conversations/engine-answerer';
import { dropThreadLists } from './features/conversations/thread-list-cache';
import { guardWarehouses } from './features/access/data-access';

/** Everything the app needs from the outside world, built in one place (tests build the same graph). */
export interface Deps {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
  /** Catalyst AI: answers a question over a semantic model and a warehouse. */
  answerer: Answerer;
  /** Opens customer data of a data-source connection (read-only). */
  warehouses: WarehouseRegistry;
  /** Pushes an event to every socket of a user, on any server instance (set by the realtime layer). */
  notifyUser: (
    userId: number,
    event: 'threads-changed',
    payload: { thread_id: number; reason: string },
  ) => void;
  /** In-process events between features: 'data-landed' {orgId, connId} when new data was loaded. */
  events: EventEmitter;
  /** The clock; tests may pin it. */
  now: () => Date;
}

/** Fields no log line may carry, wherever they appear one level deep (request bodies are never logged). */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.apiKey',
  '*.api_key',
  '*.secret',
  '*.keyFile',
  '*.credentials_file',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): Logger {
  return pino({ level: config.logLevel, redact: { paths: REDACTED, remove: true } }, destination);
}

export function createDeps(options: {
  config: Config;
  database: AppDatabase;
  logger?: Logger;
  now?: () => Date;
  warehouses?: WarehouseRegistry;
  answerer?: Answerer;
}): Deps {
  const logger = options.logger ?? createLogger(options.config);
  const db = options.database.db;
  const deps: Deps = {
    config: options.config,
    logger,
    db,
    mailer: createMailer({ db, logger, smtpUrl: options.config.smtpUrl, from: options.config.mailFrom }),
    // The data-sources feature opens a connection's warehouse (it needs these very deps); every
    // opening, whatever the registry, first passes the data access check (features/access).
    warehouses: { open: (input) => guarded.open(input) },
    answerer:
      options.answerer ?? engineAnswerer({ llm: options.config.llm, currency: options.config.currency }),
    now: options.now ?? (() => new Date()),
    notifyUser: (userId) => dropThreadLists(deps, [userId]),
    events: new EventEmitter(),
  };
  const guarded = guardWarehouses(
    deps,
    options.warehouses ?? { open: (input) => openWarehouse(deps, input) },
  );
  return deps;
}
