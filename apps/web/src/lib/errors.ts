export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred. Please try again.';

/** A message a person can read, from whatever was thrown (spec document 1 §8, generic fallback). */
export function errorMessage(error: unknown, fallback = UNKNOWN_ERROR_MESSAGE): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const record = error as Record<string, unknown>;
    if (typeof record.error === 'string' && record.error) return record.error;
    if (typeof record.message === 'string' && record.message) return record.message;
  }
  return fallback;
}
