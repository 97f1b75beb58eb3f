import type { TActionFlow } from '@catalyst/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

const flow = (over: Partial<TActionFlow> = {}): TActionFlow => ({
  id: 7,
  name: 'Restock alert',
  description: 'Tell purchasing when stock runs low',
  status: 'active',
  triggerType: 'event',
  steps: ['Check stock levels', 'E-mail purchasing'],
  createdBy: 'ada',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...over,
});

describe('the Action Flows screen', () => {
  it('pauses a flow at once and flips it back when the server refuses', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls } = mockFetch({
      'GET /api/copilot/action-flows': () => json({ flows: [flow()] }),
      'POST /api/copilot/action-flows/7/status': () =>
        new Promise<Response>((resolve) => (release = resolve)),
    });
    signIn();
    renderApp('/action-flows');
    const card = await screen.findByRole('listitem', { name: 'Restock alert' }, { timeout: 10_000 });
    expect(within(card).getByTestId('flow-status').textContent).toBe('active');
    fireEvent.click(within(card).getByRole('button', { name: 'Pause Restock alert' }));
    // Optimistic: paused before the server answers.
    await waitFor(() => expect(within(card).getByTestId('flow-status').textContent).toBe('inactive'));
    expect(calls.find((c) => c.url === '/api/copilot/action-flows/7/status')?.body).toEqual({
      status: 'inactive',
    });
    release(json({ error: 'CONFLICT', message: 'The flow changed meanwhile; reload and try again.' }, 409));
    await waitFor(() => expect(within(card).getByTestId('flow-status').textContent).toBe('active'));
    expect(await screen.findByText('The flow could not be paused')).toBeTruthy();
  });

  it('shows the empty state, and the create dialog needs a name', async () => {
    const { calls } = mockFetch({
      'GET /api/copilot/action-flows': () => json({ flows: [] }),
      'POST /api/copilot/action-flows': () =>
        json(flow({ id: 8, name: 'Weekly digest', status: 'draft', steps: [] })),
    });
    signIn();
    renderApp('/action-flows');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Action Flows' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No action flows yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Action Flow' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Flow' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Remove step 1' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Weekly digest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    fireEvent.change(within(dialog).getByLabelText('Step 2'), { target: { value: '  Send the summary ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Flow' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/copilot/action-flows')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/copilot/action-flows')?.body).toEqual({
      name: 'Weekly digest',
      description: '',
      triggerType: 'manual',
      steps: ['Send the summary'],
    });
  });
});
