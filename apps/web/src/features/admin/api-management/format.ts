/** Pure helpers of the API Management tab (spec document 3 §4, §5, §9). */

/** "—" without requests, else the measured rate with one decimal ("99.2%"). */
export function formatSuccessRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}

/** Request log status colours: 2xx green, anything else red. */
export const isSuccessStatus = (status: number) => status >= 200 && status < 300;

/** The rate limit field is read as an integer (spec §5); NaN when it is not one. */
export function parseRateLimit(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
}

/** An expiry date (yyyy-mm-dd, the browser's day) → the ISO time the key stops working: the end of that day. */
export function expiryToIso(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/** Today as yyyy-mm-dd in the browser's time zone (the earliest expiry a key may get). */
export function todayInput(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Copies text; falls back to a hidden text area where the Clipboard API is unavailable (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied (no focus or permission): try the old way below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('The browser did not allow copying.');
}
