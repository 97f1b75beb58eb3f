import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatChange,
  formatCount,
  formatDistance,
  formatRows,
  formatTimeAgo,
  formatTimestamp,
  formatValue,
  HOUR,
  MINUTE,
} from '../../src/lib/format';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const DAY = 24 * HOUR;

describe('relative time: whole units elapsed, rounded down', () => {
  it.each([
    [0, '0 minutes ago'],
    [59_999, '0 minutes ago'],
    [MINUTE, '1 minute ago'],
    [59 * MINUTE + 59_999, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [HOUR + 59 * MINUTE, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [47 * HOUR, '1 day ago'],
    [5 * DAY, '5 days ago'],
    [-30_000, '0 minutes ago'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(formatTimeAgo(ago(ms), { now: NOW })).toBe(text);
    expect(formatTimeAgo(NOW - ms, { now: NOW })).toBe(text);
  });

  // The Recent Conversations screen (spec document 3 §9): 'Just now' under an hour, then 'N hours ago', then days.
  it.each([
    [0, 'Just now'],
    [59 * MINUTE, 'Just now'],
    [HOUR, '1 hour ago'],
    [HOUR + 59 * MINUTE, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [47 * HOUR, '1 day ago'],
    [48 * HOUR, '2 days ago'],
    [400 * DAY, '400 days ago'],
    [-5 * MINUTE, 'Just now'],
  ])('with "Just now" under an hour, %i ms ago reads "%s"', (ms, text) => {
    expect(formatTimeAgo(ago(ms), { now: NOW, justNowUnder: HOUR })).toBe(text);
  });

  it('says "Just now" (or the given words) only under the given age', () => {
    expect(formatTimeAgo(ago(30_000), { now: NOW, justNowUnder: MINUTE })).toBe('Just now');
    expect(formatTimeAgo(ago(MINUTE), { now: NOW, justNowUnder: MINUTE })).toBe('1 minute ago');
    expect(formatTimeAgo(ago(0), { now: NOW, justNowUnder: MINUTE, justNow: 'just now' })).toBe('just now');
  });

  it('reads an unreadable time as nothing rather than a wrong age', () => {
    expect(formatTimeAgo('not a date', { now: NOW })).toBe('');
  });
});

describe('distance, as in "Saved about 1 hour ago"', () => {
  it('rounds to the nearest unit, with "about" for hours', () => {
    expect(formatDistance(0, 10_000)).toBe('less than a minute');
    expect(formatDistance(0, 5 * MINUTE)).toBe('5 minutes');
    expect(formatDistance(0, 65 * MINUTE)).toBe('about 1 hour');
    expect(formatDistance(0, 5 * HOUR)).toBe('about 5 hours');
    expect(formatDistance(0, 36 * HOUR)).toBe('2 days');
  });
});

describe('dates and numbers', () => {
  it('writes an updated-on time in en-US, 24-hour, with seconds', () => {
    expect(formatTimestamp('2026-03-04T14:05:09')).toBe('Mar 4, 2026, 14:05:09');
    expect(formatTimestamp('never')).toBe('—');
  });

  it('groups counts and words rows and sizes', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect([0, 1, 12345].map(formatRows)).toEqual(['0 rows', '1 row', '12,345 rows']);
    expect([512, 2048, 4.5 * 1024 ** 2, 5 * 1024 ** 3].map(formatBytes)).toEqual([
      '512 B',
      '2 KB',
      '4.5 MB',
      '5 GB',
    ]);
  });

  it('writes card values in their format', () => {
    expect(formatValue(1234.567)).toBe('1,234.57');
    expect(formatValue(0.394, { style: 'percent' })).toBe('39.4%');
    expect(formatValue(2_202_447, { style: 'currency', currency: 'USD' })).toBe('$2,202,447');
    expect(formatChange(0.086)).toBe('+8.6%');
    expect(formatChange(null, { style: 'percent' }, 0.398, 0.394)).toBe('+0.4 pts');
  });
});
