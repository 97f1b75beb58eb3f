import type { TCsvProgressEvent } from './contracts';

type Listener = (event: TCsvProgressEvent) => void;

/** Fan-out of ingest progress to the SSE streams watching a file (in this process). */
export class ProgressHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly last = new Map<number, TCsvProgressEvent>();

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
