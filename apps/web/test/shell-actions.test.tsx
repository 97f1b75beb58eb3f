import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../src/app/pages/route-error-page';
import { json, mockFetch } from './setup';
import { renderApp, signIn } from './render-app';

describe('user menu', () => {
  it('offers the spec entries and Access Manager leads to /admin', async () => {
    mockFetch();
    signIn();
    const { router } = renderApp('/decisions');
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Open user menu' });
    expect(trigger.textContent).toBe('A');
    await user.click(trigger);
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim());
    expect(items).toEqual(['Profile', 'Billing', 'Access Manager', 'Settings', 'Log out']);
    await user.click(screen.getByRole('menuitem', { name: 'Access Manager' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('logs out with a toast, then lands on /login after 500 ms with the session cleared', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/authentication/logout': () => json({ message: 'Logged out successfully' }),
    });
    signIn();
    window.localStorage.setItem('catalyst-ui-theme', 'dark');
    const { router } = renderApp('/decisions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('You have been successfully logged out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/decisions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 1500 });
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(window.localStorage.getItem('catalyst-ui-theme')).toBe('dark');
    expect(calls.some((c) => c.url === '/api/v1/authentication/logout')).toBe(true);
  });

  it('still leaves when the logout call fails, saying so', async () => {
    mockFetch({
      'POST /api/v1/authentication/logout': () => json({ error: 'INTERNAL', message: 'boom' }, 500),
    });
    signIn();
    const { router } = renderApp('/decisions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Logout Error')).toBeTruthy();
    expect(screen.getByText('An error occurred during logout')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 1500 });
  });
});

describe('route error boundary', () => {
  it('shows "Unexpected Application Error!" with the message', async () => {
    const Broken = () => {
      throw new Error('Cannot read the thing');
    };
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Cannot read the thing')).toBeTruthy();
    spy.mockRestore();
  });
});
