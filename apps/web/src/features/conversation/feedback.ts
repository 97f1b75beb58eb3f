import { sendFeedback } from './api/send-feedback';

/** What the feedback toast says (spec document 1 §5, §8). */
export type FeedbackOutcome =
  | { ok: true; title: 'Feedback Submitted'; description: string }
  | { ok: false; title: 'Error'; description: string };

/**
 * Saves a like (1) or dislike (0) and words the outcome with the spec's texts: "Feedback
 * Submitted" with a thank-you; on failure an "Error" with the reason, "Feedback submission failed"
 * when the server answers without success, "Failed to submit feedback" when nothing better is known.
 */
export async function giveFeedback(input: {
  threadId: number | null;
  messageId: number | null;
  value: 0 | 1;
}): Promise<FeedbackOutcome> {
  if (!input.threadId || !input.messageId)
    return { ok: false, title: 'Error', description: 'Unable to submit feedback: Thread ID is missing' };
  try {
    const res = await sendFeedback({
      message_id: input.messageId,
      thread_id: input.threadId,
      feedback: input.value,
    });
    if (res?.status !== 'success') throw new Error('Feedback submission failed');
    return {
      ok: true,
      title: 'Feedback Submitted',
      description:
        input.value === 1 ? 'Thank you for your positive feedback!' : 'Thank you for your feedback!',
    };
  } catch (error) {
    return {
      ok: false,
      title: 'Error',
      description: error instanceof Error && error.message ? error.message : 'Failed to submit feedback',
    };
  }
}
