import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useTokenValidation } from '../src/app/session/use-token-validation';
import { getSession, saveSession } from '../src/lib/session';
import { json, mockFetch, SIGNED_IN_USER } from './setup';

const validations = (calls: { url: string }[]) =>
  calls.filter((c) => c.url === '/api/validate-request').length;

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

function becomeVisible() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useTokenValidation', () => {
  it('checks on start and then every 15 minutes', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch();
    saveSession(SIGNED_IN_USER);
    renderHook(() => useTokenValidation(true, 15));
    await flush();
    expect(validations(calls)).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(14 * 60_000);
    });
    expect(validations(calls)).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(validations(calls)).toBe(2);
    expect(getSession()).not.toBeNull();
  });

  it('survives two server errors but logs out on the third within five minutes', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({
      'GET /api/validate-request': () => json({ error: 'INTERNAL', message: 'down' }, 500),
    });
    saveSession(SIGNED_IN_USER);
    renderHook(() => useTokenValidation(true, 15));
    await flush();
    expect(getSession()).not.toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    becomeVisible();
    await flush();
    expect(validations(calls)).toBe(2);
    expect(getSession()).not.toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    becomeVisible();
    await flush();
    expect(validations(calls)).toBe(3);
    expect(getSession()).toBeNull();
  });

  it('does nothing while signed out', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch();
    renderHook(() => useTokenValidation(false, 15));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(16 * 60_000);
    });
    expect(validations(calls)).toBe(0);
  });
});
