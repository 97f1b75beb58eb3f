import { z } from 'zod';
import { ZSocketError, ZSocketMessage, ZSocketResponse } from './conversations';

/**
 * Every Socket.IO event of Catalyst, by direction: event name → zod payload. The server feeds
 * these into Socket.IO's typed generics and parses every client event on receipt (a malformed
 * one is answered with an `error` event); the web client types its socket with them. An event
 * not listed here does not exist (the server ignores it).
 */

/** The user's thread list changed (created, answered, renamed, shared, deleted): reload it. */
export const ZThreadsChanged = z.object({
  thread_id: z.number().int(),
  reason: z.string(),
});
export type TThreadsChanged = z.infer<typeof ZThreadsChanged>;

/** Browser → server. */
export const CLIENT_EVENTS = {
  /** Ask Catalyst AI (a new question, a follow-up, a regeneration or an alert investigation). */
  message: ZSocketMessage,
} as const;

/** Server → browser. */
export const SERVER_EVENTS = {
  /** One chunk of the answer to a `message`: chunk-init, chunk-data…, chunk-end. */
  response: ZSocketResponse,
  /** A `message` (or any event) was refused before an answer started: code and what to do. */
  error: ZSocketError,
  'threads-changed': ZThreadsChanged,
} as const;

export type TClientEventName = keyof typeof CLIENT_EVENTS;
export type TServerEventName = keyof typeof SERVER_EVENTS;

/** Socket.IO's listener map for the events the browser sends, as the browser writes them. */
export type TClientToServerEvents = {
  [K in TClientEventName]: (payload: z.input<(typeof CLIENT_EVENTS)[K]>) => void;
};
/** The same events as the server receives them: untrusted until parsed (`parseClientEvent`). */
export type TClientToServerReceived = { [K in TClientEventName]: (payload: unknown) => void };
/** Socket.IO's listener map for the events the server sends. */
export type TServerToClientEvents = {
  [K in TServerEventName]: (payload: z.infer<(typeof SERVER_EVENTS)[K]>) => void;
};

/**
 * Parses a client event's payload against its schema: the typed payload, or the user-facing
 * reason it was refused (every problem with its field).
 */
export function parseClientEvent<K extends TClientEventName>(
  name: K,
  payload: unknown,
): { ok: true; data: z.output<(typeof CLIENT_EVENTS)[K]> } | { ok: false; message: string } {
  // Only plain JSON objects: a binary attachment or a class instance is not a set of fields.
  const proto = payload === null || typeof payload !== 'object' ? undefined : Object.getPrototypeOf(payload);
  if (payload !== undefined && payload !== null && proto !== Object.prototype && proto !== null)
    return { ok: false, message: `The ${name} is not valid: payload: expected an object of fields` };
  const parsed = CLIENT_EVENTS[name].safeParse(payload ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`);
  return { ok: false, message: `The ${name} is not valid: ${issues.join('; ')}` };
}
