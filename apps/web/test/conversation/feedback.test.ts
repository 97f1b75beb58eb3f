import { describe, expect, it, vi } from 'vitest';
import { giveFeedback } from '../../src/features/conversation/feedback';
import { saveSession } from '../../src/lib/session';
import { json, mockFetch, SIGNED_IN_USER } from '../setup';

describe('feedback texts (spec document 1 §5, §8)', () => {
  const like = { threadId: 4, messageId: 9, value: 1 as const };

  it('a like and a dislike are thanked, and the call carries message, thread and value', async () => {
    saveSession(SIGNED_IN_USER);
    const { calls } = mockFetch({
      'POST /api/copilot/feedback': () =>
        json({ status: 'success', message: 'Feedback submitted successfully' }),
    });
    expect(await giveFeedback(like)).toEqual({
      ok: true,
      title: 'Feedback Submitted',
      description: 'Thank you for your positive feedback!',
    });
    expect(await giveFeedback({ ...like, value: 0 })).toMatchObject({
      description: 'Thank you for your feedback!',
    });
    expect(calls.filter((c) => c.url === '/api/copilot/feedback').map((c) => c.body)).toEqual([
      { message_id: 9, thread_id: 4, feedback: 1 },
      { message_id: 9, thread_id: 4, feedback: 0 },
    ]);
  });

  it('without a thread id nothing is sent', async () => {
    const { fn } = mockFetch();
    expect(await giveFeedback({ ...like, threadId: null })).toEqual({
      ok: false,
      title: 'Error',
      description: 'Unable to submit feedback: Thread ID is missing',
    });
    expect(fn).not.toHaveBeenCalled();
  });

  it('failures: the server’s reason, "Feedback submission failed", or "Failed to submit feedback"', async () => {
    saveSession(SIGNED_IN_USER);
    mockFetch({
      'POST /api/copilot/feedback': () =>
        json({ error: 'NOT_FOUND', message: 'Message 9 of thread 4 was not found.' }, 404),
    });
    expect(await giveFeedback(like)).toEqual({
      ok: false,
      title: 'Error',
      description: 'Message 9 of thread 4 was not found.',
    });
    mockFetch({ 'POST /api/copilot/feedback': () => json({ status: 'error' }) });
    expect(await giveFeedback(like)).toMatchObject({
      title: 'Error',
      description: 'Feedback submission failed',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error(''))),
    );
    expect((await giveFeedback(like)).description).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
  });
});
