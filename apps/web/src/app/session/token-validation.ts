/** Spec document 1 §4 and §9. */
export const TOKEN_VALIDATION = {
  intervalMinutes: 15,
  maxFailures: 3,
  cooldownMs: 300_000,
} as const;

export type ValidationOutcome =
  | { kind: 'valid' }
  | { kind: 'invalid' }
  | { kind: 'http-error'; status: number }
  | { kind: 'network-error' };

export interface FailureCounter {
  /** Records one check; returns false when the session must be treated as invalid. */
  record(outcome: ValidationOutcome): boolean;
  readonly failures: number;
}

/**
 * The token-validation failure counter. The server saying "not valid", or answering 401/403,
 * ends the session at once. Any other failure (5xx, network) is tolerated until the third within
 * a five-minute window; the window (and the count) starts over five minutes after its first
 * failure, and a successful check clears it.
 */
export function createFailureCounter({
  maxFailures = TOKEN_VALIDATION.maxFailures,
  cooldownMs = TOKEN_VALIDATION.cooldownMs,
  now = Date.now,
}: { maxFailures?: number; cooldownMs?: number; now?: () => number } = {}): FailureCounter {
  let failures = 0;
  let windowStart: number | null = null;
  return {
    record(outcome) {
      if (outcome.kind === 'valid') {
        failures = 0;
        windowStart = null;
        return true;
      }
      if (outcome.kind === 'invalid') return false;
      if (outcome.kind === 'http-error' && (outcome.status === 401 || outcome.status === 403)) return false;
      const time = now();
      if (windowStart !== null && time - windowStart >= cooldownMs) {
        failures = 0;
        windowStart = null;
      }
      windowStart ??= time;
      failures += 1;
      return failures < maxFailures;
    },
    get failures() {
      return failures;
    },
  };
}

/** Asks the server whether this browser's session (its HttpOnly cookie) is still valid. Never throws. */
export async function checkToken(fetcher: typeof fetch = fetch): Promise<ValidationOutcome> {
  try {
    const response = await fetcher('/api/validate-request', {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'include',
    });
    if (!response.ok) return { kind: 'http-error', status: response.status };
    const body = (await response.json()) as { valid?: unknown };
    return body.valid === true ? { kind: 'valid' } : { kind: 'invalid' };
  } catch {
    return { kind: 'network-error' };
  }
}
