import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MakeDecisionDialog } from '../../src/features/decisions/make-decision-dialog';
import { json, mockFetch } from '../setup';
import { signIn } from '../render-app';

const USE_CASES = { use_cases: [{ use_case_id: 3, use_case_name: 'Retail Sales' }] };

function renderDialog(draft: Parameters<typeof MakeDecisionDialog>[0]['draft'], onCreated = vi.fn()) {
  signIn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MakeDecisionDialog draft={draft} onClose={() => undefined} onCreated={onCreated} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onCreated;
}

describe('the Make Decision dialog', () => {
  it('lists the required fields, shows the alert title read-only, and sends a pending decision', async () => {
    const fetch = mockFetch({
      'GET /api/copilot/onboarding/use_cases/v2': () => json(USE_CASES),
      'POST /api/copilot/decisions': (_url, init) =>
        json({ id: 11, ...(JSON.parse(String(init?.body)) as object), status: 'pending' }),
    });
    const onCreated = renderDialog({
      alertId: 'rec-7',
      alertTitle: 'Revenue in Europe dropped 34%',
      useCaseId: 3,
    });
    const alertField = screen.getByLabelText('Related alert') as HTMLInputElement;
    expect(alertField.value).toBe('Revenue in Europe dropped 34%');
    expect(alertField.readOnly).toBe(true);
    expect((screen.getByLabelText('Status') as HTMLInputElement).value).toBe('Pending');

    fireEvent.click(screen.getByRole('button', { name: 'Save Decision' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Decision rationale is required')).toBeTruthy();
    expect(screen.queryByText('Related alert is required')).toBeNull();

    expect(screen.queryByPlaceholderText('Artifact content')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Artifact name'), { target: { value: 'Notes' } });
    fireEvent.change(screen.getByPlaceholderText('Artifact content'), { target: { value: 'Partner calls' } });

    await screen.findByRole('option', { name: 'Retail Sales' });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Win back partners' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Orders fell.' } });
    fireEvent.change(screen.getByLabelText('Decision rationale'), { target: { value: 'Cheapest lever.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Decision' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const sent = fetch.calls.find((c) => c.method === 'POST' && c.url === '/api/copilot/decisions')!.body;
    expect(sent).toMatchObject({
      title: 'Win back partners',
      description: 'Orders fell.',
      useCaseId: 3,
      alertId: 'rec-7',
      alertTitle: 'Revenue in Europe dropped 34%',
      decisionRationale: 'Cheapest lever.',
      artifacts: [{ name: 'Notes', type: 'analysis', content: 'Partner calls', encoding: 'text' }],
    });
  });

  it('needs a use case and an alert when opened on its own', async () => {
    mockFetch({ 'GET /api/copilot/onboarding/use_cases/v2': () => json(USE_CASES) });
    renderDialog({});
    expect((screen.getByLabelText('Related alert') as HTMLInputElement).readOnly).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save Decision' }));
    expect(await screen.findByText('Related use case is required')).toBeTruthy();
    expect(screen.getByText('Related alert is required')).toBeTruthy();
  });
});
