/**
 * The editor's auto-save (spec document 2 §4.2): a change is saved after 1 s of quiet; never
 * within 2 s of the previous save (the save is deferred to the end of that gap rather than lost);
 * skipped when the name is empty or nothing changed since the last save. One save at a time.
 */
export interface AutoSaverOptions<T> {
  save: (value: T) => Promise<void>;
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
  let saving = false;

  const fire = async () => {
    timer = undefined;
    if (pending === undefined) return;
    const value = pending;
    const key = JSON.stringify(value);
    if (!options.isSavable(value) || key === lastSaved) return;
    const wait = lastSaveAt + minGapMs - now();
    if (wait > 0 || saving) {
      timer = setTimer(() => void fire(), Math.max(wait, 50));
      return;
    }
    saving = true;
    try {
      await options.save(value);
      lastSaved = key;
    } finally {
      lastSaveAt = now();
      saving = false;
    }
  };

  return {
    /** Note the current value; it is saved after the debounce. */
    schedule(value: T) {
      pending = value;
      if (timer !== undefined) clearTimer(timer);
      timer = setTimer(() => void fire(), debounceMs);
    },
    /** The value last saved (or loaded from the server), so unchanged values are skipped. */
    markSaved(value: T) {
      lastSaved = JSON.stringify(value);
    },
    cancel() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
    },
  };
}

/**
 * Decision flow sync (spec document 2 §4.3): text edits wait 500 ms, other edits 100 ms; no sync
 * starts while one is in flight — the latest steps are sent when it ends.
 */
export function createFlowSync(options: {
  send: (steps: string[]) => Promise<void>;
  onError?: (e: unknown) => void;
  onState?: (saving: boolean) => void;
  textMs?: number;
  otherMs?: number;
}) {
  const textMs = options.textMs ?? 500;
  const otherMs = options.otherMs ?? 100;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: string[] | undefined;
  let inFlight = false;
  let again = false;

  const flush = async () => {
    timer = undefined;
    if (latest === undefined) return;
    if (inFlight) {
      again = true;
      return;
    }
    const steps = latest;
    latest = undefined;
    inFlight = true;
    options.onState?.(true);
    try {
      await options.send(steps);
    } catch (e) {
      options.onError?.(e);
    } finally {
      inFlight = false;
      options.onState?.(false);
      if (again || latest !== undefined) {
        again = false;
        void flush();
      }
    }
  };

  return {
    push(steps: string[], kind: 'text' | 'other') {
      latest = steps;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void flush(), kind === 'text' ? textMs : otherMs);
    },
    get inFlight() {
      return inFlight;
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
