import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TDocumentFormat } from '@catalyst/contracts';
import { ExtractionError } from './extract';
import type { FromChild, ToChild } from './extract-worker';

/**
 * Reads a document's text in a child process with a heap limit and a time limit, so that a file
 * built to exhaust memory or time (a decompression bomb, a PDF whose streams inflate to gigabytes)
 * ends that child — and the document as failed — instead of the server. Pages come back in
 * batches; the next batch is read only once the caller took the previous one.
 */
export interface ExtractionLimits {
  /** V8 heap of the child (--max-old-space-size). */
  heapMb: number;
  /** The whole extraction of one document. */
  timeoutMs: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = { heapMb: 512, timeoutMs: 5 * 60_000 };

const WORKER = fileURLToPath(new URL('./extract-worker.mjs', import.meta.url));

const OVER_LIMITS = (limits: ExtractionLimits, why: string) =>
  new ExtractionError(
    `Reading the document ${why} (more than ${limits.heapMb} MB of memory or ${Math.round(limits.timeoutMs / 1000)} s are allowed for one document; it may be damaged or a decompression bomb). Split it into smaller files or save it again, then upload it.`,
  );

export async function* extractInChild(
  file: string,
  format: TDocumentFormat,
  options: { limits?: ExtractionLimits; signal?: AbortSignal } = {},
): AsyncGenerator<string> {
  const limits = options.limits ?? EXTRACTION_LIMITS;
  const child = fork(WORKER, [], {
    execArgv: [`--max-old-space-size=${limits.heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));

  // Events from the child, consumed one at a time by the loop below.
  type Event = FromChild | { type: 'exit'; code: number | null; signal: string | null } | { type: 'timeout' };
  const events: Event[] = [];
  let wake: (() => void) | null = null;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
  };
  child.on('message', (message: FromChild) => push(message));
  child.on('exit', (code, signal) => push({ type: 'exit', code, signal }));
  child.on('error', () => push({ type: 'exit', code: null, signal: null }));
  const timer = setTimeout(() => push({ type: 'timeout' }), limits.timeoutMs);
  const abort = () => push({ type: 'exit', code: null, signal: 'aborted' });
  options.signal?.addEventListener('abort', abort);
  const tell = (message: ToChild) => {
    if (child.connected) child.send(message);
  };

  try {
    tell({ type: 'start', file, format });
    for (;;) {
      if (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      const event = events.shift()!;
      if (options.signal?.aborted) throw new ExtractionAborted();
      if (event.type === 'pages') {
        yield* event.pages;
        tell({ type: 'ack' });
      } else if (event.type === 'done') return;
      else if (event.type === 'failed')
        throw event.message === null
          ? new Error(`extraction failed in the child: ${event.detail}`)
          : new ExtractionError(event.message);
      else if (event.type === 'timeout') throw OVER_LIMITS(limits, 'took too long');
      else
        throw Object.assign(OVER_LIMITS(limits, 'stopped before the end'), {
          cause: new Error(`child exited (${event.code ?? event.signal}): ${stderr.trim().slice(-500)}`),
        });
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** The extraction was stopped from outside (the server is shutting down). */
export class ExtractionAborted extends Error {
  constructor() {
    super('the extraction was stopped');
  }
}
