import { describe, expect, it } from 'vitest';
import { CLIENT_EVENTS, parseClientEvent, SERVER_EVENTS } from '../src';

describe('the socket event map', () => {
  it('names every event of both directions, each with its payload schema', () => {
    expect(Object.keys(CLIENT_EVENTS)).toEqual(['message']);
    expect(Object.keys(SERVER_EVENTS).sort()).toEqual(['error', 'response', 'threads-changed']);
  });

  it('parses a question, filling what the client may leave out', () => {
    const parsed = parseClientEvent('message', { usecase_id: '12', thread_id: '', is_regenerate: false });
    expect(parsed).toEqual({
      ok: true,
      data: { message: '', usecase_id: 12, thread_id: '', is_regenerate: false },
    });
    expect(parseClientEvent('message', undefined)).toEqual({ ok: true, data: { message: '' } });
  });

  it('refuses a malformed payload with every problem named by its field', () => {
    const refused = parseClientEvent('message', { message: 42, usecase_id: 'abc', thread_id: -1 });
    expect(refused.ok).toBe(false);
    const { message } = refused as { message: string };
    expect(message).toMatch(/^The message is not valid: /);
    expect(message).toMatch(/message: message must be text/);
    expect(message).toMatch(/usecase_id: /);
    expect(message).toMatch(/thread_id: /);
    for (const junk of [
      'text',
      7,
      [1, 2],
      true,
      new Uint8Array(4),
      new Date(),
      { message: 'x'.repeat(10_001) },
    ])
      expect(parseClientEvent('message', junk).ok, JSON.stringify(junk).slice(0, 40)).toBe(false);
  });

  it('describes what the server sends', () => {
    expect(
      SERVER_EVENTS.response.safeParse({
        id: 1,
        thread_id: 2,
        message_id: 1,
        response_type: 'chunk-data',
        content: '',
        cards: { content_type: 'error', code: 'INTERNAL', text: 'An error occurred.' },
        created_date: new Date().toISOString(),
      }).success,
    ).toBe(true);
    expect(SERVER_EVENTS.response.safeParse({ response_type: 'chunk-middle' }).success).toBe(false);
    expect(SERVER_EVENTS.error.safeParse({ code: 'NOT_FOUND', message: 'x', thread_id: null }).success).toBe(
      true,
    );
    expect(SERVER_EVENTS['threads-changed'].safeParse({ thread_id: '1', reason: 'created' }).success).toBe(
      false,
    );
  });
});
