import path from 'node:path';
import { DEFAULT_MAX_CSV_FILES } from './contracts';
import type { Deps } from '../../deps';
import { createSecretBox, type SecretBox } from '../../lib/crypto';
import { FileSourceStore } from '../../warehouses/file-source';
import { CsvIngestJobs } from './ingest';
import { ProgressHub } from './progress';
import { WarehouseCache } from './warehouse-cache';

export interface DataSourcesOptions {
  /** Per-organisation cap on CSV files (CATALYST_MAX_CSV_FILES). */
  maxCsvFiles?: number;
  /** Largest CSV file accepted, in bytes (CATALYST_MAX_UPLOAD_BYTES; default 5 GiB). */
  maxUploadBytes?: number;
}

/** The long-lived parts of the feature: secret box, DuckDB files, ingest queue, progress fan-out. */
export interface DataSources {
  box: SecretBox;
  files: FileSourceStore;
  jobs: CsvIngestJobs;
  hub: ProgressHub;
  /** Open adapters of database connections (PostgreSQL, MySQL, BigQuery), shared across requests. */
  warehouses: WarehouseCache;
  uploadDir: string;
  maxCsvFiles: number;
  maxUploadBytes: number;
  close(): Promise<void>;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

const contexts = new WeakMap<Deps, DataSources>();

/** The feature's context for one dependency graph (one app), created on first use. */
export function dataSourcesOf(deps: Deps, options: DataSourcesOptions = {}): DataSources {
  let ctx = contexts.get(deps);
  if (ctx) return ctx;
  const config = deps.config as typeof deps.config & { maxCsvFiles?: number; maxUploadBytes?: number };
  const uploadDir = path.join(deps.config.dataDir, 'uploads');
  const files = new FileSourceStore(deps.config.dataDir);
  const hub = new ProgressHub();
  const jobs = new CsvIngestJobs(deps, files, hub, uploadDir);
  const warehouses = new WarehouseCache();
  ctx = {
    box: createSecretBox({ secretKey: deps.config.secretKey, dataDir: deps.config.dataDir }),
    files,
    jobs,
    hub,
    warehouses,
    uploadDir,
    maxCsvFiles: options.maxCsvFiles ?? config.maxCsvFiles ?? DEFAULT_MAX_CSV_FILES,
    maxUploadBytes: options.maxUploadBytes ?? config.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    async close() {
      await jobs.close();
      await files.closeAll();
      await warehouses.closeAll();
      contexts.delete(deps);
    },
  };
  contexts.set(deps, ctx);
  return ctx;
}
