import { EventEmitter } from 'node:events';
import type { TThreadsChanged } from '@catalyst/contracts';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import type { AppDatabase, Db } from './db';
import { openWarehouse, createDataSources, type DataSources } from './features/data-sources';
import { createMailer, type Mailer } from './mail/mailer';
import type { WarehouseRegistry } from './warehouses/registry';
import {
  type Answerer,
  engineAnswerer,
  createThreadListCache,
  dropThreadLists,
  type ThreadListCache,
} from './features/conversations';
import { guardWarehouses } from './features/access';
import { createSessionCache, type SessionCache } from './features/auth';
import { DocumentJobs } from './features/documents';
import { lazySecretBox, type SecretBox } from './lib/crypto';
import { createOutbound, type Outbound } from './lib/outbound';

/**
 * Everything the app needs from the outside world and every long-lived part it keeps, built in
 * one place (tests build the same graph) and closed in one place (`close`, called when the app
 * closes). No module keeps state of its own: two apps in one process share nothing.
 */
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
  notifyUser: (userId: number, event: 'threads-changed', payload: TThreadsChanged) => void;
  /** In-process events between features: 'data-landed' {orgId, connId} when new data was loaded. */
  events: EventEmitter;
  /** The clock; tests may pin it. */
  now: () => Date;
  /** Seals and opens secrets at rest (data-source credentials, LLM keys, MCP tokens). */
  secretBox: SecretBox;
  /** Calls to addresses users typed, only where the outbound policy allows (one connection pool). */
  outbound: Outbound;
  /** DuckDB files, the CSV ingest queue, progress streams and open database adapters. */
  dataSources: DataSources;
  /** The document text extraction queue. */
  documentJobs: DocumentJobs;
  /** Recently resolved sessions (features/auth/sessions.ts). */
  sessionCache: SessionCache;
  /** Recently listed threads per user (features/conversations/thread-list-cache.ts). */
  threadLists: ThreadListCache;
  /** Stops the background work and closes what the graph opened; the app's close calls it. */
  close(): Promise<void>;
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
  const { config } = options;
  const logger = options.logger ?? createLogger(config);
  const db = options.database.db;
  // Several parts keep `deps` itself (they run work later), so the graph is assembled in place.
  const deps = {} as Deps;
  Object.assign<Deps, Omit<Deps, 'dataSources' | 'documentJobs'>>(deps, {
    config,
    logger,
    db,
    mailer: createMailer({ db, logger, smtpUrl: config.smtpUrl, from: config.mailFrom }),
    // The data-sources feature opens a connection's warehouse (it needs these very deps); every
    // opening, whatever the registry, first passes the data access check (features/access).
    warehouses: { open: (input) => guarded.open(input) },
    answerer: options.answerer ?? engineAnswerer({ llm: config.llm, currency: config.currency }),
    now: options.now ?? (() => new Date()),
    notifyUser: (userId) => dropThreadLists(deps, [userId]),
    events: new EventEmitter(),
    secretBox: lazySecretBox({ secretKey: config.secretKey, dataDir: config.dataDir }),
    outbound: createOutbound({ allow: config.outboundAllowList }),
    sessionCache: createSessionCache(),
    threadLists: createThreadListCache(),
    async close() {
      await Promise.allSettled([deps.documentJobs.close(), deps.dataSources.close()]);
      await deps.outbound.close();
      deps.mailer.close();
      deps.sessionCache.clear();
      deps.threadLists.clear();
    },
  });
  deps.dataSources = createDataSources(deps);
  deps.documentJobs = new DocumentJobs(deps);
  const guarded = guardWarehouses(
    deps,
    options.warehouses ?? { open: (input) => openWarehouse(deps, input) },
  );
  return deps;
}
