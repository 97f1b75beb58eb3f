import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from './setup';
import { renderApp } from './render-app';

describe('sign-in screen', () => {
  it('asks for both fields, then for the licence', async () => {
    mockFetch();
    renderApp('/login');
    const submit = await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter both username and password');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please accept the license agreement to continue'),
    );
  });

  it('pre-ticks the licence 1 s after typing stops when the user has accepted it', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/accept/eula/validate': () => json({ isEulaAccepted: true }),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), '  ada ');
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the license agreement' });
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(checkbox.getAttribute('aria-checked')).toBe('true'), { timeout: 2000 });
    const checks = calls.filter((c) => c.url === '/api/v1/accept/eula/validate');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.body).toEqual({ userName: 'ada' });
  });

  it('signs in, accepts the licence when needed, stores the session and lands on the page asked for', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/authentication/login': () =>
        json({
          firstName: 'Ada',
          lastName: 'Lovelace',
          username: 'ada',
          defaultUseCaseId: 3,
          isEulaAccepted: false,
          token: 'tok',
        }),
      'POST /api/v1/accept/eula': () => json({ message: 'EULA accepted successfully' }),
    });
    const { router } = renderApp('/decisions');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the license agreement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/decisions'));
    // The token stays in the server's HttpOnly cookie: nothing script can read holds it.
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('catalyst-user') ?? '{}')).toMatchObject({
      username: 'ada',
      defaultUseCaseId: 3,
      isAuthenticated: true,
    });
    const accept = calls.find((c) => c.url === '/api/v1/accept/eula');
    expect(accept).toBeTruthy();
  });

  it('says "Authentication Failed" for wrong credentials', async () => {
    mockFetch({
      'POST /api/v1/authentication/login': () =>
        json({ error: 'INVALID_CREDENTIALS', message: 'Invalid username or password' }, 401),
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the license agreement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Authentication Failed')).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('simulates account creation without calling the server', async () => {
    const { calls } = mockFetch();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const submit = screen.getByRole('button', { name: 'Create Account' });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'new' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'n@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'b' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Passwords do not match'));
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'a' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Please accept the license agreement to continue'),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the license agreement' }));
    fireEvent.click(submit);
    expect(await screen.findByText('Account Created', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('Your account has been created successfully. Please sign in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && !c.url.includes('eula'))).toHaveLength(0);
  });

  it('shows "Coming Soon" for social sign-in', async () => {
    mockFetch();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with LinkedIn' }));
    expect(await screen.findByText('LinkedIn login will be available soon')).toBeTruthy();
  });
});

describe('forgot-password screen', () => {
  it('requires a username, then sends the request and confirms', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/password/reset': () =>
        json({ status: 'success', message: 'Password reset instructions sent' }),
    });
    renderApp('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your username'));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Password Reset Sent')).toBeTruthy();
    expect(screen.getByText('You will receive password reset instructions via email.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/password/reset')?.body).toEqual({ username: 'ada' });
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/login');
  });
});

describe('set-password screen', () => {
  it('shows the invalid-link state without a token', async () => {
    mockFetch();
    renderApp('/set-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('validates in the spec order and lists every failed strength rule', async () => {
    mockFetch();
    renderApp('/set-password?token=abc');
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    const newPassword = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm password');

    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter a new password'));
    fireEvent.change(newPassword, { target: { value: 'short' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please confirm your password'));
    fireEvent.change(confirm, { target: { value: 'other' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Passwords do not match'));
    fireEvent.change(confirm, { target: { value: 'short' } });
    fireEvent.click(submit);
    const alert = await waitFor(() => screen.getByRole('alert'));
    expect(await within(alert).findByText('Password Requirements Not Met')).toBeTruthy();
    const items = within(screen.getByTestId('password-problems'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toBe('Password must contain at least 8 characters');
    expect(items[1]).toBe('Password must contain at least one number');
    expect(items[2]).toMatch(/^Password must contain at least one special character/);
  });

  it('toggles password visibility per field', async () => {
    mockFetch();
    renderApp('/set-password?token=abc');
    const newPassword = (await screen.findByLabelText('New password')) as HTMLInputElement;
    const confirm = screen.getByLabelText('Confirm password') as HTMLInputElement;
    const [showNew] = screen.getAllByRole('button', { name: 'Show password' });
    fireEvent.click(showNew!);
    expect(newPassword.type).toBe('text');
    expect(confirm.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(newPassword.type).toBe('password');
  });

  it('sets the password and opens the success dialog with a Login button', async () => {
    const { calls } = mockFetch({
      'POST /api/v1/password/set': () =>
        json({ status: 'success', message: 'Password has been reset successfully' }),
    });
    const { router } = renderApp('/set-password?token=tok123');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'N3w-secret!' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'N3w-secret!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Password Reset Successfully' });
    expect(
      within(dialog).getByText('Your password has been reset. Please login with your new password.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/v1/password/set')?.body).toEqual({
      token: 'tok123',
      newPassword: 'N3w-secret!',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("shows the server's reason when the link is refused", async () => {
    mockFetch({
      'POST /api/v1/password/set': () =>
        json({ error: 'BAD_REQUEST', message: 'This password reset link is invalid or has expired.' }, 400),
    });
    renderApp('/set-password?token=used');
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'N3w-secret!' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'N3w-secret!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password reset link is invalid or has expired.',
    );
  });
});
