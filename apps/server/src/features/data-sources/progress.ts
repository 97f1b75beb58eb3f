import type { TCsvProgressEvent } from './contracts';

type Listener = (event: TCsvProgressEvent) => void;

/** How long the end of a file whose rows are gone stays answerable by its progress stream. */
const REMEMBER_MS = 10 * 60_000;

/** Fan-out of ingest progress to the SSE streams watching a file (in this process). */
export class ProgressHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly last = new Map<number, TCsvProgressEvent>();
  private readonly ended = new Map<number, { orgId: number; event: TCsvProgressEvent; at: number }>();

  /**
   * Keeps a file's final event for a while, for a stream opened after its row was deleted (a
   * File Source whose first upload failed whole is discarded with its rows).
   */
  remember(event: TCsvProgressEvent, orgId: number, now = Date.now()): void {
    for (const [id, e] of this.ended) {
      if (now - e.at < REMEMBER_MS) break;
      this.ended.delete(id);
    }
    this.ended.set(event.file_id, { orgId, event, at: now });
  }

  /** The remembered final event of a file of this organisation, if any. */
  endOf(fileId: number, orgId: number, now = Date.now()): TCsvProgressEvent | undefined {
    const e = this.ended.get(fileId);
    return e && e.orgId === orgId && now - e.at < REMEMBER_MS ? e.event : undefined;
  }

  emit(event: TCsvProgressEvent): void {
    const terminal = event.status !== 'Processing';
    if (terminal) this.last.delete(event.file_id);
    else this.last.set(event.file_id, event);
    for (const l of [...(this.listeners.get(event.file_id) ?? [])]) l(event);
  }

  /** The latest Processing event of a file that is loading now, if any. */
  current(fileId: number): TCsvProgressEvent | undefined {
    return this.last.get(fileId);
  }

  subscribe(fileId: number, listener: Listener): () => void {
    let set = this.listeners.get(fileId);
    if (!set) this.listeners.set(fileId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(fileId);
    };
  }
}
