import { restrictionLabel, RESTRICTIONS } from '@catalyst/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  formatLastLogin,
  fromLocalInput,
  parseDomains,
  splitBadges,
  toLocalInput,
} from '../../src/features/admin/format';
import { renderApp, signIn } from '../render-app';
import { json, mockFetch } from '../setup';

const ME = {
  id: 1,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  defaultUseCaseId: 1,
  isEulaAccepted: true,
  isAdmin: false,
  orgId: 1,
  orgName: 'Default',
  roleId: 3,
  roleName: 'User',
};
const me = (permissions: string[]) => () => json({ ...ME, permissions });

const ROLES = [
  {
    id: 1,
    name: 'Admin',
    description: 'Full system access',
    key: 'admin',
    userCount: 1,
    permissions: [
      'users.read',
      'users.write',
      'users.delete',
      'orgs.read',
      'orgs.write',
      'data.read',
      'data.write',
      'reports.view',
    ],
  },
  {
    id: 2,
    name: 'Manager',
    description: 'Limited management access',
    key: 'manager',
    userCount: 0,
    permissions: ['users.read', 'orgs.read', 'data.read', 'data.write', 'reports.view'],
  },
  {
    id: 3,
    name: 'User',
    description: 'Basic access',
    key: 'user',
    userCount: 4,
    permissions: ['data.read', 'reports.view'],
  },
];
const GROUP = {
  id: 9,
  name: 'Executive Access',
  description: 'Everything',
  dataSources: [1, 2, 3],
  sources: [
    { id: 1, name: 'Customer Database', type: 'database' },
    { id: 2, name: 'CRM API', type: 'api' },
    { id: 3, name: 'HR Documents', type: 'file' },
  ],
  userCount: 2,
  members: [
    { userId: 1, name: 'Ada Lovelace', username: 'ada', approved: true, approvedAt: '2026-01-01T00:00:00Z' },
    { userId: 2, name: 'Bob', username: 'bob', approved: false, approvedAt: null },
  ],
  restrictions: ['business-hours-only', 'approval-required'],
  expiresAt: null,
  expired: false,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('Admin Panel logic', () => {
  it('labels restrictions as the spec says: first hyphen to a space, each word capitalised', () => {
    expect(RESTRICTIONS.map(restrictionLabel)).toEqual([
      'Read Only',
      'Business Hours-Only',
      'Audit Logged',
      'Approval Required',
      'Time Limited',
    ]);
  });

  it('shows the first N badges and counts the rest as "+N more"', () => {
    expect(splitBadges(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(splitBadges(['a', 'b'], 3)).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(splitBadges([], 2)).toEqual({ shown: [], more: 0 });
  });

  it('formats last login, domains and the expiry input', () => {
    const now = new Date('2026-03-04T12:00:00Z');
    expect(formatLastLogin(null, now)).toBe('Never');
    expect(formatLastLogin('2026-03-04T11:59:30Z', now)).toBe('Just now');
    expect(formatLastLogin('2026-03-04T11:01:00Z', now)).toBe('59 minutes ago');
    expect(formatLastLogin('2026-03-04T09:00:00Z', now)).toBe('3 hours ago');
    expect(parseDomains('Acme.com, acme.com;\nacme.org ')).toEqual(['acme.com', 'acme.org']);
    const iso = fromLocalInput('2026-05-01T10:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-05-01T10:30');
    expect(fromLocalInput('')).toBeNull();
  });
});

describe('Admin Panel screens', () => {
  it('shows the roles table with 3 permission badges plus "+N more" and edits a role in a real dialog', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/admin/roles': () => json({ roles: ROLES }),
      'PUT /api/v1/admin/roles/2': () => json(ROLES[1]),
    });
    signIn();
    renderApp('/admin?tab=roles');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeTruthy();
    expect(
      screen.getByText('Manage users, organizations, roles, data access controls, and API access'),
    ).toBeTruthy();
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Users',
      'Organizations',
      'Roles & Permissions',
      'Data Access',
      'API Management',
    ]);
    const table = await screen.findByRole('table', { name: 'Roles' });
    const admin = within(table).getByText('Admin').closest('tr')!;
    expect(within(admin).getByText('users.read')).toBeTruthy();
    expect(within(admin).getByText('+5 more')).toBeTruthy();
    expect(within(admin).queryByText('orgs.read')).toBeNull();
    expect((within(admin).getByRole('button', { name: 'Delete Admin' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const user = within(table).getByText('User').closest('tr')!;
    expect(within(user).queryByText(/more/)).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Edit Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    for (const category of ['Users', 'Organizations', 'Data', 'Reports'])
      expect(within(dialog).getByText(category)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Data write/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/v1/admin/roles/2')).toBe(true),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      name: 'Manager',
      description: 'Limited management access',
      permissions: ['users.read', 'orgs.read', 'data.read', 'reports.view'],
    });
  });

  it('opens "Create New Role" with permission checkboxes grouped by category', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/admin/roles': () => json({ roles: ROLES }),
      'POST /api/v1/admin/roles': () => json({ ...ROLES[2], id: 4, name: 'Analyst' }),
    });
    signIn();
    renderApp('/admin?tab=roles');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Role' });
    fireEvent.change(within(dialog).getByLabelText('Role Name'), { target: { value: 'Analyst' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Reports view/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Data read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Role' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/admin/roles')).toBe(true),
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Analyst',
      description: '',
      permissions: ['data.read', 'reports.view'],
    });
  });

  it('shows data access groups with 2 source badges plus "+N more", restriction labels and pending approvals', async () => {
    mockFetch({
      'GET /api/v1/admin/data-access-groups': () => json({ groups: [GROUP] }),
      'GET /api/v1/admin/data-access/sources': () => json({ sources: GROUP.sources }),
      'GET /api/v1/admin/users': () => json({ users: [] }),
      'DELETE /api/v1/admin/data-access-groups/9': () => json({ status: 'Success' }),
    });
    signIn();
    renderApp('/admin?tab=data-access');
    const table = await screen.findByRole('table', { name: 'Data access groups' });
    const row = within(table).getByText('Executive Access').closest('tr')!;
    expect(within(row).getByText('Customer Database')).toBeTruthy();
    expect(within(row).getByText('CRM API')).toBeTruthy();
    expect(within(row).queryByText('HR Documents')).toBeNull();
    expect(within(row).getByText('+1 more')).toBeTruthy();
    expect(within(row).getByText('Business Hours-Only')).toBeTruthy();
    expect(within(row).getByText('Approval Required')).toBeTruthy();
    expect(within(row).getByText('(1 pending)')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Executive Access' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Data Access Group' })).toBeTruthy();
  });

  it('hides what a role may not do: no Access Manager, no ADMIN group, an honest no-access state', async () => {
    mockFetch({ 'GET /api/v1/authentication/me': me(['data.read', 'reports.view']) });
    signIn();
    renderApp('/admin');
    expect(await screen.findByText("You don't have access")).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'ADMIN' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Data Sources' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Access Manager' })).toBeNull();
  });

  it('shows a Manager (users.read, no users.write) the users without invite or edit buttons', async () => {
    mockFetch({
      'GET /api/v1/authentication/me': me([
        'users.read',
        'orgs.read',
        'data.read',
        'data.write',
        'reports.view',
      ]),
      'GET /api/v1/admin/users': () =>
        json({
          users: [
            {
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
            },
          ],
        }),
      'GET /api/v1/admin/roles': () => json({ roles: ROLES }),
    });
    signIn();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByText('Bob Ray').closest('tr')!;
    expect(within(row).getByText('Never')).toBeTruthy();
    expect(within(row).getByText('Default')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit|Deactivate/ })).toBeNull();
    // The ADMIN group offers only what the role can use: data.write opens Data Sources and Document Management; Agents needs orgs.read... which a Manager has.
    fireEvent.click(screen.getByRole('button', { name: 'ADMIN' }));
    expect(screen.getByRole('link', { name: 'Data Sources' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Agents' })).toBeTruthy();
  });

  it('deactivates a user only after the confirmation, and Cancel leaves them be', async () => {
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
      'GET /api/v1/authentication/me': me([
        'users.read',
        'users.write',
        'users.delete',
        'data.read',
        'reports.view',
      ]),
      'GET /api/v1/admin/users': () => json({ users: [bob] }),
      'GET /api/v1/admin/roles': () => json({ roles: ROLES }),
      'POST /api/v1/admin/users/2/deactivate': () => json({ ...bob, status: 'inactive' }),
    });
    signIn();
    renderApp('/admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    const deactivated = () =>
      calls.filter((c) => c.method === 'POST' && c.url === '/api/v1/admin/users/2/deactivate').length;
    fireEvent.click(await within(table).findByRole('button', { name: 'Deactivate Bob Ray' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    expect(within(dialog).getByText(/Deactivate Bob Ray\? They are signed out at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deactivated()).toBe(0);
    fireEvent.click(within(table).getByRole('button', { name: 'Deactivate Bob Ray' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(deactivated()).toBe(1));
  });
});
