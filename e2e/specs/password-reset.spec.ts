import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, apiCall, latestResetToken, launchBrowser, openPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = 'Fresh#Start2026';

/** Puts the admin password back so the journey can run again against the same database. */
async function restoreAdminPassword() {
  const since = Date.now();
  await apiCall('POST', '/api/v1/password/reset', { username: ADMIN.username });
  const token = await latestResetToken(since, ADMIN.email);
  await apiCall('POST', '/api/v1/password/set', { token, newPassword: ADMIN.password });
}

test('a user resets the password with the link from the e-mail and signs in with the new one', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
  const since = Date.now();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Password Reset Sent').waitFor();
  await page.waitForURL('**/login', { timeout: 10_000 });

  const resetToken = await latestResetToken(since, ADMIN.email);

  try {
    await page.goto(`/set-password?token=${encodeURIComponent(resetToken)}`);
    await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
    await page.getByLabel('New password').fill('weak');
    await page.getByLabel('Confirm password').fill('weak');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Requirements Not Met').waitFor();
    await page.getByText('Password must contain at least 8 characters').waitFor();

    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('New password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password Reset Successfully' });
    await dialog.waitFor();
    await dialog.getByText('Your password has been reset. Please login with your new password.').waitFor();
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/login');

    // The link is single-use.
    await page.goto(`/set-password?token=${encodeURIComponent(resetToken)}`);
    await page.getByLabel('New password').fill('Another#Pass1');
    await page.getByLabel('Confirm password').fill('Another#Pass1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await signIn(page, { username: ADMIN.username, password: NEW_PASSWORD });
  } finally {
    await restoreAdminPassword().catch(() => undefined);
    await context.close();
  }
});

test('a reset link without a token says so and offers a new one', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/set-password');
  await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
  await page.getByText('This password reset link is invalid or has expired.').waitFor();
  await page.getByRole('link', { name: 'Request New Reset Link' }).click();
  await page.waitForURL('**/forgot-password');
  await context.close();
});
