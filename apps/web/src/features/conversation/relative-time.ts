const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A conversation's age on the Recent Conversations screen (spec document 3 §9): under an hour
 * "Just now", under a day "N hours ago", else "N days ago". Every unit counts whole units elapsed
 * (rounded down), so an age never shows more than has passed: 59 minutes is "Just now", 1 h 59 min
 * "1 hour ago", 23 h 59 min "23 hours ago", 47 h "1 day ago". A time in the future (clock skew)
 * is "Just now"; an unreadable one is empty.
 */
export function conversationAge(iso: string, now = Date.now()): string {
  const ms = now - new Date(iso).getTime();
  if (!Number.isFinite(ms)) return '';
  if (ms < HOUR) return 'Just now';
  if (ms < DAY) {
    const hours = Math.floor(ms / HOUR);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(ms / DAY);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
