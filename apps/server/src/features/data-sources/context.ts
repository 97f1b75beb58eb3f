import path from 'node:path';
import type { Deps } from '../../deps';
import { FileSourceStore } from '../../warehouses/file-source';
import { CsvIngestJobs } from './ingest';
import { ProgressHub } from './progress';
import { WarehouseCache } from './warehouse-cache';

/** The long-lived parts of the feature: DuckDB files, ingest queue, progress fan-out, open adapters. */
export interface DataSources {
  files: FileSourceStore;
  jobs: CsvIngestJobs;
  hub: ProgressHub;
  /** Open adapters of database connections (PostgreSQL, MySQL, BigQuery), shared across requests. */
  warehouses: WarehouseCache;
  uploadDir: string;
  /** Per-organisation cap on CSV files (CATALYST_MAX_CSV_FILES). */
  maxCsvFiles: number;
  /** Largest CSV file accepted, in bytes (CATALYST_MAX_UPLOAD_BYTES). */
  maxUploadBytes: number;
  close(): Promise<void>;
}

/**
 * Built once per dependency graph by createDeps (the jobs keep `deps` to write their progress);
 * closed with it when the app closes.
 */
export function createDataSources(deps: Deps): DataSources {
  const uploadDir = path.join(deps.config.dataDir, 'uploads');
  const files = new FileSourceStore(deps.config.dataDir);
  const hub = new ProgressHub();
  const jobs = new CsvIngestJobs(deps, files, hub, uploadDir);
  const warehouses = new WarehouseCache();
  return {
    files,
    jobs,
    hub,
    warehouses,
    uploadDir,
    maxCsvFiles: deps.config.maxCsvFiles,
    maxUploadBytes: deps.config.maxUploadBytes,
    async close() {
      await jobs.close();
      await files.closeAll();
      await warehouses.closeAll();
    },
  };
}
