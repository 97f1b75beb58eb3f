/** Pure helpers of the Admin Panel tables (spec document 3 §9: 3 permission badges, 2 source badges). */

import { ageMs, DAY, formatDate, formatTimeAgo, MINUTE } from '../../lib/format';

export const PERMISSION_BADGES = 3;
export const SOURCE_BADGES = 2;

/** The first `limit` items, and how many more there are ("+N more"; 0: none). */
export function splitBadges<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

/** "Never" for a user who has not signed in yet, else "Just now", "N minutes/hours ago", or the date. */
export function formatLastLogin(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Never';
  if (ageMs(iso, now.getTime()) >= DAY) return formatDate(iso);
  return formatTimeAgo(iso, { now: now.getTime(), justNowUnder: MINUTE });
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
