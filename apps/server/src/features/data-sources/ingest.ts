import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { FileSourceStore } from '../../warehouses/file-source';
import { CsvLoadError, STAGING_PREFIX, dropTable, loadCsv } from './csv-load';
import type { ProgressHub } from './progress';
import {
  discardFailedFirstLoad,
  findCsvFileById,
  setCsvStatus,
  settleFirstLoad,
  touchConnection,
  unfinishedCsvFiles,
} from './repo';

/**
 * The CSV ingest queue. The state lives in `csv_files` (Queued → Processing → Completed |
 * Failed) and the uploaded file stays on disk until its load ends, so the work survives a
 * restart: `recover()` re-queues every unfinished file whose upload is still there and fails
 * the others. One file loads at a time (DuckDB already uses every core for one file).
 */
export class CsvIngestJobs {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly deps: Deps,
    private readonly files: FileSourceStore,
    private readonly hub: ProgressHub,
    private readonly uploadDir: string,
  ) {}

  enqueue(ids: number[]): void {
    this.queue.push(...ids);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the queue is empty (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length && !this.abort.signal.aborted) {
      const id = this.queue.shift()!;
      try {
        await this.process(id);
      } catch (err) {
        this.deps.logger.error({ err, fileId: id }, 'csv ingest bookkeeping failed');
      }
    }
  }

  private async process(id: number): Promise<void> {
    const { db, logger } = this.deps;
    const row = await findCsvFileById(db, id);
    if (!row || row.is_deleted || row.status === 'Completed' || row.status === 'Failed') return;
    await setCsvStatus(db, id, { status: 'Processing' });
    this.hub.emit({ file_id: id, status: 'Processing', progress: 0 });
    const started = Date.now();
    try {
      if (!row.upload_path || !fs.existsSync(row.upload_path))
        throw new CsvLoadError('the uploaded file is missing on the server; please upload it again');
      const result = await this.files.exclusive(row.org_id, row.conn_id, (dbFile) =>
        loadCsv({
          dbFile,
          csvPath: row.upload_path!,
          table: row.table_name,
          staging: `${STAGING_PREFIX}${id}`,
          signal: this.abort.signal,
          onProgress: (pct) =>
            this.hub.emit({ file_id: id, status: 'Processing', progress: Math.round(pct * 10) / 10 }),
        }),
      );
      const now = this.deps.now();
      await setCsvStatus(db, id, {
        status: 'Completed',
        error: null,
        row_count: result.rowCount,
        upload_path: null,
        completed_at: now,
      });
      await fs.promises.rm(row.upload_path, { force: true });
      await touchConnection(db, row.org_id, row.conn_id, now);
      await settleFirstLoad(db, row.conn_id);
      logger.info(
        { fileId: id, rows: result.rowCount, columns: result.columnCount, ms: Date.now() - started },
        'csv file loaded',
      );
      // Deleted while it loaded: the delete could not drop a table that did not exist yet.
      const after = await findCsvFileById(db, id);
      if (after?.is_deleted)
        await this.files.exclusive(row.org_id, row.conn_id, (dbFile) => dropTable(dbFile, row.table_name));
      this.hub.emit({ file_id: id, status: 'Completed', progress: 100, row_count: result.rowCount });
      this.deps.events.emit('data-landed', { orgId: row.org_id, connId: row.conn_id });
    } catch (err) {
      if (this.abort.signal.aborted) return; // shutting down: the row stays Processing and is redone on start
      const reason =
        err instanceof CsvLoadError
          ? err.message
          : 'the file could not be loaded because of an error on the server';
      if (!(err instanceof CsvLoadError)) logger.error({ err, fileId: id }, 'csv ingest failed');
      else logger.info({ fileId: id, reason }, 'csv file refused');
      await setCsvStatus(db, id, {
        status: 'Failed',
        error: reason,
        upload_path: null,
        completed_at: this.deps.now(),
      });
      if (row.upload_path) await fs.promises.rm(row.upload_path, { force: true });
      const failed = { file_id: id, status: 'Failed' as const, progress: 100, error: reason };
      // Remembered before the source may be discarded with its file rows: a progress stream
      // opened after that still learns why the file failed (instead of a 404).
      this.hub.remember(failed, row.org_id);
      // Before the event: a client that refreshes on Failed must not see the discarded source.
      await this.discardIfNothingLoaded(row.conn_id);
      this.hub.emit(failed);
    }
  }

  /** A source created by an upload whose files all failed is removed with its database file. */
  private async discardIfNothingLoaded(connId: number): Promise<void> {
    const gone = await discardFailedFirstLoad(this.deps.db, connId);
    if (!gone) return;
    await this.files.remove(gone.org_id, gone.id);
    this.deps.logger.info(
      { connId: gone.id, orgId: gone.org_id },
      'file source removed: none of the files of its first upload loaded',
    );
  }

  /**
   * After a restart: files that were queued or loading are loaded again from their upload
   * (the staging table of a killed load is dropped first, the final table replaced in one
   * transaction); files whose upload is gone are marked Failed. Uploads no row refers to
   * (a request cut off mid-body) are deleted.
   */
  async recover(): Promise<void> {
    const { db, logger } = this.deps;
    await fs.promises.mkdir(this.uploadDir, { recursive: true });
    const unfinished = await unfinishedCsvFiles(db);
    const redo: number[] = [];
    for (const row of unfinished) {
      if (row.upload_path && fs.existsSync(row.upload_path)) {
        await setCsvStatus(db, row.id, { status: 'Queued' });
        redo.push(row.id);
      } else {
        await setCsvStatus(db, row.id, {
          status: 'Failed',
          error: 'the server stopped before this file was loaded; please upload it again',
          upload_path: null,
        });
      }
    }
    for (const connId of new Set(unfinished.map((r) => r.conn_id))) await this.discardIfNothingLoaded(connId);
    const referenced = new Set(unfinished.map((r) => r.upload_path && path.resolve(r.upload_path)));
    for (const name of await fs.promises.readdir(this.uploadDir)) {
      const file = path.resolve(this.uploadDir, name);
      if (!referenced.has(file)) await fs.promises.rm(file, { force: true });
    }
    if (unfinished.length)
      logger.info(
        { redo: redo.length, failed: unfinished.length - redo.length },
        'csv ingests recovered after restart',
      );
    this.enqueue(redo);
  }

  /** Stops the running load (it is redone on the next start) and waits for the queue to stop. */
  async close(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }
}
