/** Pure helpers of the Admin Panel tables (spec document 3 §9: 3 permission badges, 2 source badges). */

export const PERMISSION_BADGES = 3;
export const SOURCE_BADGES = 2;

/** The first `limit` items, and how many more there are ("+N more"; 0: none). */
export function splitBadges<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** "Never" for a user who has not signed in yet, else "Just now", "N minutes/hours ago", or the date. */
export function formatLastLogin(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  const ms = now.getTime() - Date.parse(iso);
  if (ms < 60_000) return 'Just now';
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} minute${ms < 120_000 ? '' : 's'} ago`;
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)} hour${ms < 7_200_000 ? '' : 's'} ago`;
  return formatDate(iso);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "2026-03-04T10:00" for a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO time of a datetime-local value (browser time zone), or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Domains typed as "a.com, b.com" or one per line. */
export function parseDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;
