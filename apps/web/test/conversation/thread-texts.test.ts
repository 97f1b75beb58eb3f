import { describe, expect, it } from 'vitest';
import { threadLabel } from '../../src/features/conversation/thread-label';

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
