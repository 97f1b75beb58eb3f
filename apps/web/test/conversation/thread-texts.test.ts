import { describe, expect, it } from 'vitest';
import { conversationAge } from '../../src/features/conversation/relative-time';
import { threadLabel } from '../../src/features/conversation/thread-label';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('conversation age on Recent Conversations (spec document 3 §9), whole units rounded down', () => {
  it.each([
    [0, 'Just now'],
    [59 * MIN, 'Just now'],
    [HOUR, '1 hour ago'],
    [HOUR + 59 * MIN, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR + 59 * MIN, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [47 * HOUR, '1 day ago'],
    [48 * HOUR, '2 days ago'],
    [400 * 24 * HOUR, '400 days ago'],
    [-5 * MIN, 'Just now'],
  ])('%i ms ago reads "%s"', (ms, text) => {
    expect(conversationAge(ago(ms), NOW)).toBe(text);
  });

  it('an unreadable time reads as nothing rather than a wrong age', () => {
    expect(conversationAge('not a date', NOW)).toBe('');
  });
});

describe('thread label (spec document 1 §3–4)', () => {
  it('is the name, else "Created at" and the time, else "Conversation"', () => {
    expect(threadLabel({ thread_name: 'Q3 review', insert_ts: '2026-11-22T09:05:00Z' })).toBe('Q3 review');
    expect(threadLabel({ thread_name: null, insert_ts: '2026-11-22T09:05:00Z' })).toMatch(
      /^Created at .*\d{2}:\d{2}/,
    );
    expect(threadLabel({ thread_name: '   ', insert_ts: '2026-11-22T09:05:00Z' })).toMatch(/^Created at /);
    expect(threadLabel({ thread_name: null, insert_ts: '' })).toBe('Conversation');
    expect(threadLabel(null)).toBe('Conversation');
  });
});
