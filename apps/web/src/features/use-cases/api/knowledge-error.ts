import { ApiError } from '../../../lib/api';

/**
 * A failure of the Knowledge tab's calls, with the texts of spec document 2 §8 ("Failed to fetch
 * schemas for connection 3: Bad Gateway"); `detail` keeps the server's own words.
 */
export class KnowledgeError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The status text of a failed call, else its message. */
export const reasonOf = (e: unknown) =>
  e instanceof ApiError ? e.statusText || e.message : e instanceof Error ? e.message : String(e);
export const detailOf = (e: unknown) => (e instanceof Error ? e.message : undefined);
