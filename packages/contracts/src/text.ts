import { z } from 'zod';

/**
 * Text a user may send. PostgreSQL cannot store the NUL character, so it is refused up front
 * with a message instead of failing deep in a query.
 */
export const zText = (error: string) =>
  z.string({ error }).refine((s) => !s.includes('\u0000'), 'must not contain NUL (\\u0000) characters');
