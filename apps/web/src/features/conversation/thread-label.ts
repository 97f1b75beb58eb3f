import type { TThread } from '@catalyst/contracts';

/** What any thread screen needs to name a thread. */
export type NamedThread = Pick<TThread, 'thread_name' | 'insert_ts'>;

/** The fallback for a thread with neither a name nor a readable creation time (spec document 1 §4). */
export const UNTITLED = 'Conversation';

/**
 * A thread's label (spec document 1 §3–4): its name, else "Created at" and its creation time in
 * short weekday, day, month, 24-hour form, else "Conversation". A blank name counts as none.
 */
export function threadLabel(t: NamedThread | null | undefined): string {
  const name = t?.thread_name?.trim();
  if (name) return name;
  const created = t ? new Date(t.insert_ts) : null;
  if (!created || Number.isNaN(created.getTime())) return UNTITLED;
  return `Created at ${created.toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false })}`;
}
