import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { reconnectNow, type ConnectionState } from '../../lib/socket';
import { useConnectionStatus } from '../../lib/use-connection-status';

const LABEL: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

const DOT: Record<ConnectionState, string> = {
  connecting: 'bg-muted-foreground',
  connected: 'bg-success',
  reconnecting: 'bg-amber-500 animate-pulse',
  offline: 'bg-destructive',
};

/** Seconds until `at`, re-rendered every second while there is a countdown. */
function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The conversation's live connection to Catalyst, small in the header: a green dot when
 * connected; when it is down, what is happening, when the next try comes and a way to try now.
 * The state itself is a polite live region, so a screen reader hears it change (not the countdown).
 */
export function ConnectionIndicator() {
  const { state, retryAt } = useConnectionStatus();
  const seconds = useSecondsUntil(retryAt);
  const down = state === 'reconnecting' || state === 'offline';
  return (
    <div
      className="flex shrink-0 items-center gap-2 text-xs"
      data-testid="connection-status"
      data-state={state}
    >
      <span role="status" className="inline-flex items-center gap-1.5">
        <span className={cn('size-2 rounded-full', DOT[state])} aria-hidden />
        <span
          className={cn(
            down ? 'font-medium text-foreground' : 'text-muted-foreground',
            // Connected needs no words on a phone; the dot is enough there (the text stays for screen readers).
            state === 'connected' && 'sr-only sm:not-sr-only',
          )}
        >
          {LABEL[state]}
        </span>
      </span>
      {down && seconds !== null ? (
        <span className="hidden text-muted-foreground sm:inline">retrying in {seconds} s</span>
      ) : null}
      {down ? (
        <button
          type="button"
          onClick={reconnectNow}
          className="rounded px-1.5 py-0.5 font-medium text-primary underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none dark:text-accent-foreground"
        >
          Retry now
        </button>
      ) : null}
    </div>
  );
}
