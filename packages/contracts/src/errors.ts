import { z } from 'zod';

/** Stable error codes. Clients may branch on `error`; `message` is for people. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type TErrorCode = keyof typeof ERROR_CODES;

export const ZErrorBody = z
  .object({
    error: z.string().describe('Stable error code, e.g. VALIDATION_FAILED'),
    message: z.string().describe('What went wrong, in words a user can act on'),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type TErrorBody = z.infer<typeof ZErrorBody>;
