import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../setup';
import { renderApp, signIn } from '../render-app';

const metric = (value: unknown, change: number | null = null) => ({
  value,
  user: 'ada',
  change,
  trend: change === null ? null : change > 0 ? 'up' : 'down',
});
const METRICS = {
  status: 'success',
  data: {
    aiScoreAverage: metric(82, 3),
    activeUseCases: metric(2, 1),
    recentInsights: metric(5),
    lastActivity: metric(null),
  },
};
const REC = {
  id: 7,
  title: 'Revenue in Europe dropped 34%',
  brief_summary: 'Weekly revenue in Europe fell.',
  full_description: '…',
  impact_level: 'Critical Alert',
  generated_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  action: 'investigate',
  usecase_id: 3,
  use_case_name: 'Retail Sales',
  status: 'active',
  category: 'Revenue',
};
const recs = (list: unknown[]) => () =>
  json({ status: 'success', data: { recommendations: list, total_count: list.length } });

describe('the Decision Hub', () => {
  it('shows the four metrics in order and an alert that opens its investigation', async () => {
    const fetch = mockFetch({
      'GET /api/copilot/landing/metrics': () => json(METRICS),
      'GET /api/copilot/landing/recommendations': recs([REC]),
    });
    signIn();
    const { router } = renderApp('/');
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
    ).toBeTruthy();
    await screen.findByText('82%');
    const labels = ['AI Score Average', 'Active Use Cases', 'Recent Insights', 'Last Activity'].map((l) =>
      screen.getByText(l, { exact: true }),
    );
    for (let i = 1; i < labels.length; i++)
      expect(
        labels[i - 1]!.compareDocumentPosition(labels[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'AI Score Average' }).getAttribute('aria-valuenow')).toBe(
      '82',
    );

    const card = (await screen.findByRole('heading', { level: 3, name: REC.title })).closest('li')!;
    expect(within(card).getByText('Revenue').className).toContain('red');
    expect(within(card).getByText(/Retail Sales · 3 hours ago/)).toBeTruthy();
    expect(within(card).getByText(REC.brief_summary)).toBeTruthy();
    expect(
      fetch.calls.some(
        (c) => c.url.includes('/api/copilot/landing/recommendations?') && c.url.includes('status=active'),
      ),
    ).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: /Investigate/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/conversation/action/investigate/rec-7'),
    );
    expect(router.state.location.state).toEqual({ usecase_id: 3 });
  });

  it('shows the empty text when nothing needs attention', async () => {
    mockFetch({
      'GET /api/copilot/landing/metrics': () => json(METRICS),
      'GET /api/copilot/landing/recommendations': recs([]),
    });
    signIn();
    renderApp('/');
    expect(await screen.findByText('No recommendations available at this time.')).toBeTruthy();
  });

  it('says when the last scan did not finish, and why', async () => {
    const run = {
      id: 9,
      trigger: 'schedule',
      status: 'failed',
      use_cases: 1,
      created: 0,
      updated: 0,
      error: 'The server stopped during this scan; the next scan runs it again.',
      started_at: '2026-11-23T01:00:00Z',
      finished_at: '2026-11-23T01:05:00Z',
    };
    mockFetch({
      'GET /api/copilot/landing/metrics': () => json(METRICS),
      'GET /api/copilot/landing/recommendations': recs([]),
      'GET /api/copilot/landing/recommendations/runs': () =>
        json({ status: 'success', data: { runs: [run] } }),
    });
    signIn();
    renderApp('/');
    expect(await screen.findByText('The last scan did not finish')).toBeTruthy();
    expect(screen.getByText(/The server stopped during this scan/)).toBeTruthy();
  });

  it('shows a destructive alert when the recommendations fail', async () => {
    mockFetch({
      'GET /api/copilot/landing/metrics': () => json(METRICS),
      'GET /api/copilot/landing/recommendations': () => json({ error: 'boom' }, 500),
    });
    signIn();
    renderApp('/');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toMatch(/Error/);
  });

  it('refreshes (scan, then reload) and dismisses', async () => {
    let list = [REC];
    const fetch = mockFetch({
      'GET /api/copilot/landing/metrics': () => json(METRICS),
      'GET /api/copilot/landing/recommendations': () => recs(list)(),
      'POST /api/copilot/landing/recommendations/refresh': () => json({ status: 'success' }),
      'POST /api/copilot/landing/recommendations/7/dismiss': () => {
        list = [];
        return json({ status: 'success' });
      },
    });
    signIn();
    renderApp('/');
    await screen.findByRole('heading', { level: 3, name: REC.title });
    const before = fetch.calls.filter((c) =>
      c.url.startsWith('/api/copilot/landing/recommendations?'),
    ).length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh recommendations' }));
    await waitFor(() =>
      expect(
        fetch.calls.filter((c) => c.url.startsWith('/api/copilot/landing/recommendations?')).length,
      ).toBeGreaterThan(before),
    );
    expect(
      fetch.calls.some(
        (c) => c.method === 'POST' && c.url === '/api/copilot/landing/recommendations/refresh',
      ),
    ).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(REC.brief_summary)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `Dismiss "${REC.title}"` }));
    expect(await screen.findByText('No recommendations available at this time.')).toBeTruthy();
  });
});
