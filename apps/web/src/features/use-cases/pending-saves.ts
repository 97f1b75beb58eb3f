/**
 * Saves still on their way to the server, by what they save ("use-case:12"). A screen opened
 * again while its last save is in flight reads after that save lands, never the older state.
 */
const pending = new Map<string, Promise<unknown>>();

export function trackSave<T>(key: string, save: Promise<T>): Promise<T> {
  const settled = save.then(
    () => undefined,
    () => undefined,
  );
  pending.set(key, settled);
  void settled.then(() => {
    if (pending.get(key) === settled) pending.delete(key);
  });
  return save;
}

export async function whenSaved(key: string): Promise<void> {
  while (pending.has(key)) await pending.get(key);
}
