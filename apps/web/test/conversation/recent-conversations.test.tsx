import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

const HOUR = 3_600_000;
const thread = (id: number, name: string, ageMs: number) => ({
  thread_id: id,
  thread_name: name,
  insert_ts: new Date(Date.now() - ageMs).toISOString(),
  creation_ts: new Date(Date.now() - ageMs).toISOString(),
  usecase_id: null,
  use_case_name: null,
  message_count: 2,
  user_name: 'ada',
  is_owner: true,
});

describe('Recent Conversations', () => {
  it('says how old each conversation is: "Just now" under an hour, then hours, then days (spec document 3 §9)', async () => {
    mockFetch({
      'GET /api/copilot/threads/v2': () =>
        json({
          result: [
            thread(1, 'Weekly sales', 20 * 60_000),
            thread(2, 'Stock levels', 3 * HOUR + 59 * 60_000),
            thread(3, 'Churn review', 49 * HOUR),
          ],
        }),
    });
    signIn();
    renderApp('/recent-conversations');
    const age = async (name: string) =>
      (await screen.findByText(name)).closest('a')!.querySelector('time')!.textContent;
    expect(await age('Weekly sales')).toBe('Just now');
    expect(await age('Stock levels')).toBe('3 hours ago');
    expect(await age('Churn review')).toBe('2 days ago');
  });
});
