import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps';
import { ExtractionError } from './extract';
import { EXTRACTION_LIMITS, ExtractionAborted, extractInChild, type ExtractionLimits } from './extract-child';
import './tables';

const BATCH_PAGES = 100;

/** Where the files of the documents feature live: DATA_DIR/documents/<org id>/<storage key>. */
export function documentsDir(deps: Pick<Deps, 'config'>): string {
  return path.join(deps.config.dataDir, 'documents');
}

export function documentPath(
  deps: Pick<Deps, 'config'>,
  row: { org_id: number; storage_key: string },
): string {
  return path.join(documentsDir(deps), String(row.org_id), row.storage_key);
}

/** Why a document still `processing` at start with an unfinished attempt is failed instead of read again. */
export const INTERRUPTED_REASON =
  'Reading this document was cut off when the server stopped unexpectedly. It is not read again by itself, in case the file caused the stop: upload it again to retry.';

/**
 * Text extraction off the request path, in a child process with memory and time limits
 * (extract-child.ts). The state lives in `documents.status` (processing → ready | failed), so the
 * work survives a restart: `recover()` re-queues every document still processing — except one
 * whose extraction had started (`extraction_attempts`, counted before reading) and never ended:
 * the server stopped without warning while reading it, and reading it again could stop it again
 * (a crash loop), so it is failed. A shutdown through `close()` is not a crash: its attempt is
 * taken back. One document is read at a time; its pages are stored in batches.
 */
export class DocumentJobs {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly stop = new AbortController();

  constructor(
    private readonly deps: Deps,
    /** Memory and time a document may take (tests lower them). */
    public limits: ExtractionLimits = EXTRACTION_LIMITS,
  ) {}

  enqueue(ids: number[]): void {
    if (this.closed) return;
    this.queue.push(...ids);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when the queue is empty (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async recover(): Promise<void> {
    const rows = await this.deps.db
      .selectFrom('documents')
      .select(['id', 'extraction_attempts'])
      .where('status', '=', 'processing')
      .orderBy('id')
      .execute();
    const interrupted = rows.filter((r) => r.extraction_attempts > 0).map((r) => r.id);
    if (interrupted.length) {
      await this.deps.db.deleteFrom('document_pages').where('document_id', 'in', interrupted).execute();
      await this.deps.db
        .updateTable('documents')
        .set({ status: 'failed', error: INTERRUPTED_REASON, processed_at: this.deps.now() })
        .where('id', 'in', interrupted)
        .where('status', '=', 'processing')
        .execute();
      this.deps.logger.warn(
        { documentIds: interrupted },
        'documents whose extraction was cut off by an unexpected stop are marked failed',
      );
    }
    this.enqueue(rows.filter((r) => r.extraction_attempts === 0).map((r) => r.id));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    this.stop.abort();
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (this.queue.length && !this.closed) {
      const id = this.queue.shift()!;
      try {
        await this.process(id);
      } catch (err) {
        this.deps.logger.error({ err, documentId: id }, 'document extraction bookkeeping failed');
      }
    }
  }

  private async process(id: number): Promise<void> {
    const { db, logger } = this.deps;
    const row = await db
      .selectFrom('documents')
      .select(['id', 'org_id', 'storage_key', 'format', 'status', 'extraction_attempts'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'processing') return;
    // Counted before anything is read: if the server dies while reading, the next start sees it.
    await db
      .updateTable('documents')
      .set({ extraction_attempts: row.extraction_attempts + 1 })
      .where('id', '=', id)
      .execute();
    const started = Date.now();
    let pages = 0;
    let letters = 0;
    try {
      const file = documentPath(this.deps, row);
      if (!fs.existsSync(file))
        throw new ExtractionError('The uploaded file is missing on the server; upload it again.');
      await db.deleteFrom('document_pages').where('document_id', '=', id).execute();
      let batch: { document_id: number; org_id: number; page_number: number; text: string }[] = [];
      for await (const text of extractInChild(file, row.format, {
        limits: this.limits,
        signal: this.stop.signal,
      })) {
        if (this.closed) throw new ExtractionAborted();
        pages += 1;
        letters += text.replace(/\s+/g, '').length;
        batch.push({ document_id: id, org_id: row.org_id, page_number: pages, text });
        if (batch.length >= BATCH_PAGES) {
          await db.insertInto('document_pages').values(batch).execute();
          batch = [];
        }
      }
      if (batch.length) await db.insertInto('document_pages').values(batch).execute();
      if (pages === 0 || letters === 0) {
        throw new ExtractionError(
          row.format === 'pdf'
            ? 'No text could be read from this PDF: it may hold only scanned images, and text recognition is not available.'
            : 'The document contains no text.',
        );
      }
      await db
        .updateTable('documents')
        .set({ status: 'ready', error: null, page_count: pages, processed_at: this.deps.now() })
        .where('id', '=', id)
        .execute();
      logger.info({ documentId: id, pages, ms: Date.now() - started }, 'document text extracted');
    } catch (err) {
      if (err instanceof ExtractionAborted || this.closed) {
        // Shutting down: the document stays processing and is read again on start (not a crash).
        await db
          .updateTable('documents')
          .set({ extraction_attempts: row.extraction_attempts })
          .where('id', '=', id)
          .execute();
        return;
      }
      const reason =
        err instanceof ExtractionError ? err.message : 'The text of the document could not be read.';
      if (!(err instanceof ExtractionError) || err.cause)
        logger.warn({ err, documentId: id }, 'document extraction failed');
      await db.deleteFrom('document_pages').where('document_id', '=', id).execute();
      await db
        .updateTable('documents')
        .set({ status: 'failed', error: reason, page_count: pages, processed_at: this.deps.now() })
        .where('id', '=', id)
        .execute();
    }
  }
}
