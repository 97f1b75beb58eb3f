import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiLogin,
  BASE_URL,
  latestResetToken,
  launchBrowser,
  openPage,
  signIn,
} from '../support/browser';

// The Admin Panel journey (issue 8): an administrator invites a user with the role User; the
// invitee chooses a password from the e-mailed link, signs in and is offered nothing their role
// cannot use; the administrator creates a role and a data access group, then deletes the group.

let browser: Browser;
const stamp = Date.now().toString(36);
const invitee = { username: `ulla-${stamp}`, email: `ulla-${stamp}@example.com`, password: 'Ulla#Pass2026' };
let sourceName: string;

/** A small CSV data source of its own, so the group restricts nothing other journeys use. */
async function createCsvSource(token: string): Promise<string> {
  const name = `E2E Governance ${stamp}`;
  const form = new FormData();
  form.append('conn_name', name);
  form.append(
    'file',
    new Blob(['region,revenue\nEurope,10\nAsia,20\n'], { type: 'text/csv' }),
    'regions.csv',
  );
  const response = await fetch(`${BASE_URL}/api/copilot/upload-files/upload-csv`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return name;
}

beforeAll(async () => {
  browser = await launchBrowser();
  sourceName = await createCsvSource(await apiLogin(ADMIN.username, ADMIN.password));
});
afterAll(async () => {
  await browser?.close();
});

test('an administrator invites a user with role User, who signs in and sees no admin tools', async () => {
  const admin = await openPage(browser);
  const { page } = admin;
  await signIn(page);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Access Manager' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
  await page.getByText('Manage users, organizations, roles, data access controls, and API access').waitFor();
  await page.getByRole('tab', { name: 'Users' }).waitFor();
  expect(await page.getByRole('tab').allTextContents()).toEqual([
    'Users',
    'Organizations',
    'Roles & Permissions',
    'Data Access',
    'API Management',
  ]);
  expect(await page.getByRole('tab', { name: 'Users' }).getAttribute('aria-selected')).toBe('true');

  const since = Date.now();
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Username').fill(invitee.username);
  await dialog.getByLabel('E-mail').fill(invitee.email);
  await dialog.getByLabel('First name').fill('Ulla');
  await dialog.getByLabel('Last name').fill('Berg');
  await dialog.getByLabel('Role').selectOption({ label: 'User' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await page.getByText('Invitation sent').waitFor();
  const row = page.getByRole('row').filter({ hasText: `@${invitee.username}` });
  await row.waitFor();
  expect(await row.getByText('Never').count()).toBe(1);
  expect(await row.getByText('User', { exact: true }).count()).toBe(1);

  // The invitee opens the link from the e-mail, chooses a password and signs in.
  const token = await latestResetToken(since, invitee.email);
  const guest = await openPage(browser);
  try {
    await guest.page.goto(`/set-password?token=${encodeURIComponent(token)}`);
    await guest.page.getByLabel('New password').fill(invitee.password);
    await guest.page.getByLabel('Confirm password').fill(invitee.password);
    await guest.page.getByRole('button', { name: 'Reset Password' }).click();
    await guest.page
      .getByRole('dialog', { name: 'Password Reset Successfully' })
      .getByRole('button', { name: 'Login' })
      .click();
    await signIn(guest.page, invitee);
    await guest.page.getByRole('link', { name: 'Use Cases' }).waitFor();
    // Nothing of the ADMIN group is theirs to use, and the user menu has no Access Manager.
    expect(await guest.page.getByRole('button', { name: 'ADMIN' }).count()).toBe(0);
    await guest.page.getByRole('button', { name: 'Open user menu' }).click();
    await guest.page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await guest.page.getByRole('menuitem', { name: 'Access Manager' }).count()).toBe(0);
    await guest.page.keyboard.press('Escape');
    // Data Sources by address: they may see the sources (data.read) but not add one.
    await guest.page.goto('/database-connections');
    await guest.page.getByRole('heading', { level: 1, name: 'Data Sources' }).waitFor();
    await guest.page.getByRole('heading', { name: sourceName }).waitFor();
    expect(await guest.page.getByRole('button', { name: 'New Data Source' }).count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: `Delete ${sourceName}` }).count()).toBe(0);
    await guest.page.goto('/admin');
    await guest.page.getByText("You don't have access").waitFor();
  } finally {
    await guest.context.close();
  }

  // Their last login shows up for the administrator.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: `@${invitee.username}` })
    .getByText(/Just now|minute/)
    .waitFor();
  await admin.context.close();
});

test('an administrator creates a role and a data access group, then deletes the group', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/admin?tab=roles');
  const roleName = `Analyst ${stamp}`;
  await page.getByRole('button', { name: 'Add Role' }).click();
  const roleDialog = page.getByRole('dialog', { name: 'Create New Role' });
  await roleDialog.getByLabel('Role Name').fill(roleName);
  await roleDialog.getByLabel('Description').fill('Reads data and dashboards');
  for (const category of ['Users', 'Organizations', 'Data', 'Reports'])
    await roleDialog.getByText(category, { exact: true }).waitFor();
  await roleDialog.getByRole('checkbox', { name: /Data read/ }).click();
  await roleDialog.getByRole('checkbox', { name: /Data write/ }).click();
  await roleDialog.getByRole('checkbox', { name: /Reports view/ }).click();
  await roleDialog.getByRole('checkbox', { name: /Users read/ }).click();
  await roleDialog.getByRole('button', { name: 'Create Role' }).click();
  const roleRow = page.getByRole('row').filter({ hasText: roleName });
  await roleRow.waitFor();
  // Three permission badges and "+1 more".
  await roleRow.getByText('+1 more').waitFor();
  expect(await roleRow.getByText('users.read').count()).toBe(1);

  await page.getByRole('tab', { name: 'Data Access' }).click();
  const groupName = `Auditors ${stamp}`;
  await page.getByRole('button', { name: 'Add Data Group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'Create Data Access Group' });
  await groupDialog.getByLabel('Group Name').fill(groupName);
  await groupDialog.getByLabel('Description').fill('Audited, read-only access');
  await groupDialog.getByRole('checkbox', { name: sourceName }).click();
  await groupDialog.getByRole('checkbox', { name: /Read Only/ }).click();
  await groupDialog.getByRole('checkbox', { name: /Audit Logged/ }).click();
  await groupDialog.getByRole('checkbox', { name: /Admin/ }).first().click();
  await groupDialog.getByRole('button', { name: 'Create Group' }).click();
  const groupRow = page.getByRole('row').filter({ hasText: groupName });
  await groupRow.waitFor();
  await groupRow.getByText('Read Only').waitFor();
  await groupRow.getByText('Audit Logged').waitFor();
  await groupRow.getByText(sourceName).waitFor();

  await groupRow.getByRole('button', { name: `Delete ${groupName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Data Access Group' });
  await confirm.getByText(`Are you sure you want to delete "${groupName}"?`).waitFor();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('row').filter({ hasText: groupName }).waitFor({ state: 'detached' });
  await context.close();
});
