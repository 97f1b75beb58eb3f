import fs from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps';
import { ExtractionError, cleanText, extractPages } from './extract';
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

/**
 * Text extraction off the request path. The state lives in `documents.status` (processing →
 * ready | failed), so the work survives a restart: `recover()` re-queues every document still
 * processing. One document is read at a time; its pages are stored in batches.
 */
export class DocumentJobs {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: Deps) {}

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
      .select('id')
      .where('status', '=', 'processing')
      .orderBy('id')
      .execute();
    this.enqueue(rows.map((r) => r.id));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
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
      .select(['id', 'org_id', 'storage_key', 'format', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'processing') return;
    const started = Date.now();
    let pages = 0;
    let letters = 0;
    try {
      const file = documentPath(this.deps, row);
      if (!fs.existsSync(file))
        throw new ExtractionError('The uploaded file is missing on the server; upload it again.');
      await db.deleteFrom('document_pages').where('document_id', '=', id).execute();
      let batch: { document_id: number; org_id: number; page_number: number; text: string }[] = [];
      for await (const raw of extractPages(file, row.format)) {
        if (this.closed) return; // shutting down: the document stays processing and is read again on start
        const text = cleanText(raw);
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
      const reason =
        err instanceof ExtractionError ? err.message : 'The text of the document could not be read.';
      if (!(err instanceof ExtractionError))
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

const contexts = new WeakMap<Deps, DocumentJobs>();

/** The extraction queue of one dependency graph (one app), created on first use. */
export function documentJobsOf(deps: Deps): DocumentJobs {
  let jobs = contexts.get(deps);
  if (!jobs) {
    jobs = new DocumentJobs(deps);
    contexts.set(deps, jobs);
  }
  return jobs;
}
