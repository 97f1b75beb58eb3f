import { ApiError } from './api';

/**
 * Helpers for the error catalogues of the spec (§8 of each document), whose texts are built from
 * a failed call: 'Failed to fetch connections: <status text>', 'Failed to delete connection (404)'.
 */

/** The sentence the server wrote into a failed answer (`message`), if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (typeof body === 'object' && body !== null) {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

/** `<prefix>: <HTTP status text>` for an answered call; `fallback` when no answer came. */
export function failedCall(prefix: string, error: unknown, fallback: string): string {
  if (error instanceof ApiError) return `${prefix}: ${error.statusText || String(error.status)}`;
  return fallback;
}
