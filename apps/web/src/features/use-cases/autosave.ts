/** How a save is sent: `keepalive` when the page is going away, so the request outlives it. */
export interface SendOptions {
  keepalive: boolean;
}

/**
 * The editor's auto-save (spec document 2 §4.2): a change is saved after 1 s of quiet; never
 * within 2 s of the previous save (the save is deferred to the end of that gap rather than lost);
 * skipped when the name is empty or nothing changed since the last save. One save at a time.
 *
 * `flush()` saves a pending change at once, ignoring the debounce and the gap: it runs when the
 * user leaves the tab, the screen or the page, where waiting would lose the change.
 */
export interface AutoSaverOptions<T> {
  save: (value: T, options: SendOptions) => Promise<void>;
  isSavable: (value: T) => boolean;
  debounceMs?: number;
  minGapMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createAutoSaver<T>(options: AutoSaverOptions<T>) {
  const debounceMs = options.debounceMs ?? 1000;
  const minGapMs = options.minGapMs ?? 2000;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let timer: unknown;
  let pending: T | undefined;
  let lastSaved: string | undefined;
  let lastSaveAt = -Infinity;
  let inFlight: Promise<void> | null = null;

  const stopTimer = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  /** The pending value when it still needs saving. */
  const due = (): T | undefined =>
    pending !== undefined && options.isSavable(pending) && JSON.stringify(pending) !== lastSaved
      ? pending
      : undefined;
  const run = async (value: T, send: SendOptions) => {
    const key = JSON.stringify(value);
    const attempt = (async () => {
      try {
        await options.save(value, send);
        lastSaved = key;
      } catch {
        // The save reports its own failure; the change stays pending for the next attempt.
      } finally {
        lastSaveAt = now();
      }
    })();
    inFlight = attempt;
    await attempt;
    if (inFlight === attempt) inFlight = null;
  };
  const fire = async () => {
    timer = undefined;
    const value = due();
    if (value === undefined) return;
    const wait = lastSaveAt + minGapMs - now();
    if (wait > 0 || inFlight) {
      timer = setTimer(() => void fire(), Math.max(wait, 50));
      return;
    }
    await run(value, { keepalive: false });
  };

  return {
    /** Note the current value; it is saved after the debounce. */
    schedule(value: T) {
      pending = value;
      stopTimer();
      timer = setTimer(() => void fire(), debounceMs);
    },
    /** Saves the pending change now (after a save already in flight); resolves when it is saved. */
    async flush(send: SendOptions = { keepalive: false }) {
      stopTimer();
      while (inFlight) await inFlight;
      const value = due();
      if (value !== undefined) await run(value, send);
    },
    /** True while a change waits to be saved or is being saved. */
    get dirty() {
      return inFlight !== null || due() !== undefined;
    },
    /** The value last saved (or loaded from the server), so unchanged values are skipped. */
    markSaved(value: T) {
      lastSaved = JSON.stringify(value);
    },
    cancel() {
      stopTimer();
    },
  };
}

/**
 * Decision flow sync (spec document 2 §4.3): text edits wait 500 ms, other edits 100 ms; no sync
 * starts while one is in flight — the latest steps are sent when it ends. `flush()` sends the
 * latest steps at once (leaving the tab, the screen or the page); `idle()` resolves once nothing
 * is waiting or in flight, so a reload of the flow never reads what is about to be overwritten.
 */
export function createFlowSync(options: {
  send: (steps: string[], options: SendOptions) => Promise<void>;
  onError?: (e: unknown) => void;
  onState?: (saving: boolean) => void;
  textMs?: number;
  otherMs?: number;
}) {
  const textMs = options.textMs ?? 500;
  const otherMs = options.otherMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: string[] | undefined;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let keepalive = false;

  const flush = async (): Promise<void> => {
    timer = undefined;
    if (latest === undefined) return;
    if (inFlight) {
      again = true;
      return;
    }
    const steps = latest;
    latest = undefined;
    const send = { keepalive };
    keepalive = false;
    options.onState?.(true);
    inFlight = options
      .send(steps, send)
      .catch((e: unknown) => {
        // Not sent: keep the steps for the next attempt unless newer ones replaced them.
        latest ??= steps;
        options.onError?.(e);
      })
      .finally(() => {
        inFlight = null;
        options.onState?.(false);
      });
    await inFlight;
    if (again) {
      again = false;
      await flush();
    }
  };

  return {
    push(steps: string[], kind: 'text' | 'other') {
      latest = steps;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), kind === 'text' ? textMs : otherMs);
    },
    /** Sends the latest steps now, after a sync already in flight. */
    async flush(send: SendOptions = { keepalive: false }) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      keepalive ||= send.keepalive;
      while (inFlight) {
        again = false;
        await inFlight;
      }
      await flush();
    },
    /** Resolves once no steps wait to be sent and none are in flight. */
    async idle() {
      while (inFlight || timer !== undefined) {
        if (inFlight) await inFlight;
        else await new Promise((r) => setTimeout(r, 20));
      }
    },
    get inFlight() {
      return inFlight !== null;
    },
    /** Steps wait to be sent or are being sent. */
    get dirty() {
      return inFlight !== null || latest !== undefined;
    },
    /** The steps not sent yet (waiting, or kept after a failed send). */
    get unsent() {
      return latest;
    },
    /** Forgets pending steps (the use case is gone). */
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
    },
  };
}
