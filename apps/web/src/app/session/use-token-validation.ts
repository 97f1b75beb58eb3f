import { useEffect } from 'react';
import { forceLogout } from './force-logout';
import { checkToken, createFailureCounter, TOKEN_VALIDATION } from './token-validation';

/** Don't re-check on every tab switch: at most once a minute outside the regular schedule. */
const MIN_GAP_MS = 60_000;

/**
 * While `enabled`, validates the session when the app opens, every `intervalMinutes`, and when the
 * tab becomes visible again; an invalid session is logged out (spec document 1 §4). The route
 * guard passes 15, the spec's session-guard number.
 */
export function useTokenValidation(
  enabled: boolean,
  intervalMinutes: number = TOKEN_VALIDATION.intervalMinutes,
): void {
  useEffect(() => {
    if (!enabled) return;
    const counter = createFailureCounter();
    let cancelled = false;
    let running = false;
    let lastCheck = 0;

    const run = async () => {
      if (running) return;
      running = true;
      lastCheck = Date.now();
      const outcome = await checkToken();
      running = false;
      if (cancelled) return;
      if (!counter.record(outcome)) forceLogout();
    };

    void run();
    const timer = window.setInterval(() => void run(), intervalMinutes * 60_000);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= MIN_GAP_MS) void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [enabled, intervalMinutes]);
}
