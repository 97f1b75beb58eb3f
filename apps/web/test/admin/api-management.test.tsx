import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  expiryToIso,
  formatSuccessRate,
  isSuccessStatus,
  parseRateLimit,
} from '../../src/features/admin/api-management/format';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

const KEY = {
  id: 7,
  name: 'Reporting',
  prefix: 'cat_live_mabc123_Ab12…',
  permissions: ['read'],
  status: 'expired',
  createdAt: '2026-01-01T00:00:00Z',
  createdBy: 'Ada Lovelace',
  lastUsed: null,
  expiresAt: '2026-02-01T00:00:00Z',
  requestCount: 0,
  rateLimit: 100,
};
const SUMMARY = {
  totalKeys: 1,
  activeKeys: 0,
  endpoints: 4,
  enabledEndpoints: 3,
  requests30d: 0,
  requests24h: 0,
  successRate24h: null,
};
const SECRET = `cat_live_mabc124_${'Z'.repeat(43)}`;

describe('API Management logic', () => {
  it('measures the success rate ("—" without requests), colours statuses and reads the form', () => {
    expect(formatSuccessRate(null)).toBe('—');
    expect(formatSuccessRate(99.2)).toBe('99.2%');
    expect(formatSuccessRate(50)).toBe('50.0%');
    expect([200, 201, 299, 300, 401, 429, 500].map(isSuccessStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(parseRateLimit('100')).toBe(100);
    expect(parseRateLimit(' 25 ')).toBe(25);
    expect(parseRateLimit('1.5')).toBeNaN();
    expect(parseRateLimit('')).toBeNaN();
    expect(expiryToIso('')).toBeNull();
    const end = new Date(expiryToIso('2026-05-01')!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 4, 1, 23, 59,
    ]);
  });
});

describe('API Management tab', () => {
  it('shows the measured cards, an expired key hidden by 32 dots, and creates a key whose secret is shown once', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/admin/api-summary': () => json(SUMMARY),
      'GET /api/v1/admin/api-keys': () => json({ keys: [KEY] }),
      'POST /api/v1/admin/api-keys': () =>
        json({
          ...KEY,
          id: 8,
          name: 'Export',
          status: 'active',
          expiresAt: null,
          prefix: 'cat_live_mabc124_ZZZZ…',
          key: SECRET,
        }),
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    signIn();
    renderApp('/admin?tab=api');

    const requests = await screen.findByRole('group', { name: 'Success Rate' });
    await waitFor(() => expect(within(requests).getByText('—')).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Total API Keys' })).getByText('0 active')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'API Endpoints' })).getByText('3 enabled')).toBeTruthy();

    const item = await screen.findByRole('listitem', { name: 'Reporting' });
    expect(within(item).getByText('Expired')).toBeTruthy();
    expect(within(item).getByText('•'.repeat(32))).toBeTruthy();
    expect(within(item).getByText('Never')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Reveal Reporting' }));
    expect(within(item).getByText('cat_live_mabc123_Ab12…')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    const create = within(dialog).getByRole('button', { name: 'Create Key' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Key Name'), { target: { value: 'Export' } });
    expect(create.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Write/ }));
    expect(create.disabled).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Rate Limit (requests/minute)'), {
      target: { value: '250' },
    });
    fireEvent.click(create);

    const created = await screen.findByRole('dialog', { name: 'API key created' });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Export',
      permissions: ['write'],
      rateLimit: 250,
      expiresAt: null,
    });
    expect(within(created).getByTestId('new-api-key').textContent).toBe('•'.repeat(32));
    fireEvent.click(within(created).getByRole('button', { name: 'Reveal key' }));
    expect(within(created).getByTestId('new-api-key').textContent).toBe(SECRET);
    fireEvent.click(within(created).getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByText('Copied to clipboard')).toBeTruthy();
  });
});
