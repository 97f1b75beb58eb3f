import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from './render-app';
import { mockFetch } from './setup';

describe('the Billing screen', () => {
  it('updates the total when a pack or a tier is chosen, and cannot take payment', async () => {
    mockFetch();
    signIn();
    renderApp('/billing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Billing' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: 'Personal Billing' });
    const total = () => within(panel).getByTestId('personal-summary-total').textContent;
    expect(total()).toBe('$249 /month');
    fireEvent.click(within(panel).getByRole('radio', { name: /Standard/ }));
    expect(total()).toBe('$284 /month');
    expect(within(panel).getByText('Save $2.50 (7% off)')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('radio', { name: /Lite/ }));
    expect(total()).toBe('$184 /month');
    fireEvent.click(within(panel).getByRole('radio', { name: /Enterprise.*On request/ }));
    expect(total()).toBe('Contact sales');
    const purchase = within(panel).getByRole('button', { name: 'Purchase' });
    expect(purchase.hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByText(/Payments are not connected in this installation/)).toBeTruthy();
  });
});
