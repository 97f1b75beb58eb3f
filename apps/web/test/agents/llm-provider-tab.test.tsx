import type { TLlmSettings } from '@catalyst/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

const settings = (over: Partial<TLlmSettings> = {}): TLlmSettings => ({
  provider: null,
  activeSource: 'embedded',
  environmentModel: null,
  canManage: true,
  ...over,
});

describe('the LLM Providers tab', () => {
  it('tests the typed settings and shows the exact failure', async () => {
    const { calls } = mockFetch({
      'GET /api/copilot/agents/llm-provider': () => json(settings()),
      'POST /api/copilot/agents/llm-provider/test': () =>
        json({
          ok: false,
          message: '401 from the provider: check the API key',
          latencyMs: 12,
          at: new Date().toISOString(),
        }),
    });
    signIn();
    renderApp('/connections?tab=llm');
    expect(
      await screen.findByText(/Catalyst AI answers with its embedded engine/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Base URL is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Base URL'), {
      target: { value: ' https://llm.example.com/v1 ' },
    });
    fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4o-mini' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'sk-wrong' } });
    fireEvent.change(screen.getByLabelText('Timeout (seconds)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('401 from the provider: check the API key')).toBeTruthy();
    expect(screen.getByText('Connection failed')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/copilot/agents/llm-provider/test')?.body).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      model: 'gpt-4o-mini',
      apiKey: 'sk-wrong',
      timeoutMs: 20_000,
    });
  });

  it('shows the settings read-only to a member who may not change them', async () => {
    mockFetch({
      'GET /api/copilot/agents/llm-provider': () =>
        json(
          settings({
            canManage: false,
            activeSource: 'organization',
            provider: {
              baseUrl: 'https://llm.example.com/v1',
              model: 'gpt-4o-mini',
              hasApiKey: true,
              timeoutMs: null,
              enabled: true,
              updatedAt: '2026-05-01T10:00:00.000Z',
              updatedBy: 'admin',
              lastTest: null,
            },
          }),
        ),
    });
    signIn();
    renderApp('/connections?tab=llm');
    expect(
      await screen.findByText(
        'Catalyst AI plans answers with gpt-4o-mini at llm.example.com.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Base URL').matches(':disabled')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText(/Only members who may edit the organization/)).toBeTruthy();
  });
});
