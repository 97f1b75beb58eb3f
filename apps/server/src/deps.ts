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
  notifyUser: (userId: number, event: 'threads-changed', payload: { thread_id: number; reason: string }) => void;
  /** In-process events between features: 'data-landed' {orgId, connId} when new data was loaded. */
  events: EventEmitter;
  /** The clock; tests may pin it. */
  now: () => Date;
}


export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword'], remove: true },
  });
}

export function createDeps(options: { config: Config; database: AppDatabase; logger?: Logger; now?: () => Date; warehouses?: WarehouseRegistry; answerer?: Answerer }): Deps {
  const logger = options.logger ?? createLogger(options.config);
  const db = options.database.db;
  const deps: Deps = {
    config: options.config,
    logger,
    db,
    mailer: createMailer({ db, logger, smtpUrl: options.config.smtpUrl, from: options.config.mailFrom }),
    // The data-sources feature opens a connection's warehouse (it needs these very deps).
    warehouses: options.warehouses ?? { open: (input) => openWarehouse(deps, input) },
    answerer: options.answerer ?? engineAnswerer(),
    now: options.now ?? (() => new Date()),
    notifyUser: (userId) => dropThreadLists(deps, [userId]),
    events: new EventEmitter(),
  };
  return deps;
}
