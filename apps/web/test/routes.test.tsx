import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../src/app/guard';
import { json, mockFetch } from './setup';
import { renderApp, signIn } from './render-app';

describe('route guard and redirects', () => {
  it('sends a signed-out visitor of a protected page to /login', async () => {
    mockFetch();
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(redirectTarget(router.state.location.state)).toBe('/admin');
  });

  it('sends a signed-in visitor of /login, /forgot-password and /set-password to /', async () => {
    mockFetch();
    signIn();
    for (const path of ['/login', '/forgot-password', '/set-password?token=abc']) {
      const { router, unmount } = renderApp(path);
      expect(
        await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
      unmount();
    }
  });

  it.each(['/mcp-connections', '/llm-connections'])('redirects %s to /connections', async (path) => {
    mockFetch();
    signIn();
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/connections');
  });

  it('shows the in-shell not-found screen for an unknown protected path', async () => {
    mockFetch();
    signIn();
    renderApp('/no/such/page');
    expect(await screen.findByTestId('in-shell-not-found')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('shows the outside not-found page at /404', async () => {
    mockFetch();
    renderApp('/404');
    expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('loads the Document Management screen lazily at /document-management', async () => {
    mockFetch({
      'GET /api/copilot/documents': () => json({ documents: [] }),
      'GET /api/copilot/documents/folders': () => json({ folders: [] }),
      'GET /api/copilot/onboarding/use_cases/v2': () => json({ use_cases: [] }),
    });
    signIn();
    renderApp('/document-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Management' })).toBeTruthy();
    expect(
      await screen.findByText('No documents yet. Drop files above to upload the first one.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Folders' })).toBeTruthy();
  });

  it('logs out and returns to /login when the server says the token is no longer valid', async () => {
    const { calls } = mockFetch({ 'GET /api/validate-request': () => json({ valid: false }) });
    signIn();
    const { router } = renderApp('/decisions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/authentication/logout')).toBe(true);
  });

  it('logs out when any protected call answers 401', async () => {
    mockFetch({
      'GET /api/v1/authentication/me': () => json({ error: 'UNAUTHENTICATED', message: 'Sign in' }, 401),
    });
    signIn();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('catalyst-user')).toBeNull();
  });

  it('ignores an open redirect in the return address', () => {
    expect(redirectTarget({ from: { pathname: '//evil.example', search: '', hash: '' } })).toBe('/');
  });
});
