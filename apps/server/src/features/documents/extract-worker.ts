import type { TDocumentFormat } from '@catalyst/contracts';
import { checkPackage } from './check-package';
import { ExtractionError, cleanText, extractPages } from './extract';

/**
 * Runs in the extraction child process (extract-child.ts). Protocol over the IPC channel:
 * parent → child `{ type: 'start', file, format }`, then `{ type: 'ack' }` after each batch it
 * stored; child → parent `{ type: 'pages', pages }` (one batch, waiting for its ack, so pages do
 * not pile up in either process), then `{ type: 'done' }` or `{ type: 'failed', message }`.
 */

export type ToChild = { type: 'start'; file: string; format: TDocumentFormat } | { type: 'ack' };
export type FromChild =
  | { type: 'pages'; pages: string[] }
  | { type: 'done' }
  | { type: 'failed'; message: string | null; detail: string };

const BATCH_PAGES = 20;
let acknowledged: (() => void) | null = null;

const send = (message: FromChild) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, (err: Error | null) => (err ? reject(err) : resolve())),
  );

async function sendPages(pages: string[]) {
  const ack = new Promise<void>((resolve) => (acknowledged = resolve));
  await send({ type: 'pages', pages });
  await ack;
}

async function run(file: string, format: TDocumentFormat) {
  try {
    if (format === 'docx' || format === 'xlsx') await checkPackage(file);
    let batch: string[] = [];
    for await (const raw of extractPages(file, format)) {
      batch.push(cleanText(raw));
      if (batch.length >= BATCH_PAGES) {
        await sendPages(batch);
        batch = [];
      }
    }
    if (batch.length) await sendPages(batch);
    await send({ type: 'done' });
  } catch (error) {
    await send({
      type: 'failed',
      message: error instanceof ExtractionError ? error.message : null,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  process.disconnect();
}

process.on('message', (message: ToChild) => {
  if (message.type === 'ack') acknowledged?.();
  else if (message.type === 'start') void run(message.file, message.format);
});
