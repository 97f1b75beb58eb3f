import type { TRole } from '@catalyst/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

/*
 * The forms validate with the request schemas of @catalyst/contracts (zodResolver): a value the
 * server would refuse is refused in the browser, with the schema's own message, before any
 * request is sent; what is sent is the schema's reading of the form.
 */

const ROLE: TRole = {
  id: 3,
  name: 'User',
  description: 'Reads data',
  permissions: ['data.read', 'reports.view'],
  userCount: 1,
  key: 'user',
};

describe('forms checked by the contract schemas', () => {
  it('Add MCP Server refuses an address ZMcpServerInput refuses, and sends its reading of the form', async () => {
    const { calls } = mockFetch({
      'GET /api/copilot/agents/mcp-servers': () => json({ servers: [], canManage: true }),
      'POST /api/copilot/agents/mcp-servers': (_, init) =>
        json({
          ...(JSON.parse(String(init?.body)) as object),
          id: 5,
          hasToken: true,
          createdAt: '2026-05-01T10:00:00.000Z',
          updatedAt: '2026-05-01T10:00:00.000Z',
          lastTest: null,
          tools: [],
        }),
    });
    signIn();
    renderApp('/connections?tab=mcp');
    fireEvent.click(await screen.findByRole('button', { name: 'Add MCP Server' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add MCP Server' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Tools' } });
    fireEvent.change(within(dialog).getByLabelText('Server URL'), {
      target: { value: 'ftp://tools.example.com/mcp' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Server URL must start with http:// or https://')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Bearer token (optional)'), {
      target: { value: 'two words' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Token must be one line without spaces')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Server URL'), {
      target: { value: ' https://tools.example.com/mcp/ ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Bearer token (optional)'), {
      target: { value: ' tok ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    // Trimmed, without the trailing slash: the contract's transforms, applied before sending.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Tools',
      url: 'https://tools.example.com/mcp',
      token: 'tok',
    });
  });

  it('Invite User keeps Send Invitation off and says why while ZInviteUser refuses the username', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/admin/users': () => json({ users: [] }),
      'GET /api/v1/admin/roles': () => json({ roles: [ROLE] }),
      'POST /api/v1/admin/users': () => json({ id: 9, username: 'jane.doe', email: 'jane@example.com' }),
    });
    signIn();
    renderApp('/admin');
    const invite = (await screen.findByRole(
      'button',
      { name: 'Invite User' },
      { timeout: 10_000 },
    )) as HTMLButtonElement;
    // On once the roles to choose from have come.
    await waitFor(() => expect(invite.disabled).toBe(false));
    fireEvent.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    const send = within(dialog).getByRole('button', { name: 'Send Invitation' }) as HTMLButtonElement;
    const username = within(dialog).getByLabelText('Username');
    fireEvent.change(username, { target: { value: 'jane doe' } });
    fireEvent.blur(username);
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'jane@example.com' } });
    expect(
      await within(dialog).findByText(
        'Username may use letters, digits and . _ @ - (150 characters at most)',
      ),
    ).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(send.disabled).toBe(true);

    fireEvent.change(username, { target: { value: ' jane.doe ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/admin/users')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'jane.doe',
      email: 'jane@example.com',
      firstName: '',
      lastName: '',
      roleId: 3,
    });
  });

  it('Edit User checks the e-mail with ZUpdateUser and sends the update without the username', async () => {
    const bob = {
      id: 2,
      username: 'bob',
      email: 'bob@example.com',
      firstName: 'Bob',
      lastName: 'Ray',
      name: 'Bob Ray',
      roleId: 3,
      roleName: 'User',
      organizations: ['Default'],
      status: 'active',
      lastLogin: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const { calls } = mockFetch({
      'GET /api/v1/admin/users': () => json({ users: [bob] }),
      'GET /api/v1/admin/roles': () => json({ roles: [ROLE] }),
      'PUT /api/v1/admin/users/2': () => json(bob),
    });
    signIn();
    renderApp('/admin');
    const edit = (await screen.findByRole(
      'button',
      { name: 'Edit Bob Ray' },
      { timeout: 10_000 },
    )) as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement;
    const email = within(dialog).getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'bob' } });
    fireEvent.blur(email);
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(email, { target: { value: 'bob.ray@example.com' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      email: 'bob.ray@example.com',
      firstName: 'Bob',
      lastName: 'Ray',
      roleId: 3,
    });
  });

  it('Sign in refuses a username longer than ZLoginRequest allows, without calling the server', async () => {
    const { calls } = mockFetch();
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'a'.repeat(151) } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the license agreement' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Username is too long (150 characters at most)'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
