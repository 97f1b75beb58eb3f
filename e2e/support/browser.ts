import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';

export const BASE_URL = (() => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser specs through `node e2e/run.mjs`');
  return url.replace(/\/$/, '');
})();

/** The first admin the browser tests' server creates (bootstrap gives it the e-mail username@localhost). */
export const ADMIN = { username: 'admin', password: 'Admin#12345', email: 'admin@localhost' };

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 812 };

/** Where the specs' screenshots go (git-ignored). */
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');

/** What the sign-in call answers, as far as the browser keeps it. */
export interface Login {
  token: string;
  username: string;
  firstName?: string;
  lastName?: string;
  defaultUseCaseId?: number | null;
}

/**
 * A page already signed in as `session`: the session cookie the server would have set, and the
 * stored user the app shows (the token itself is never in storage), in the given theme.
 */
export async function signedInPage(
  browser: Browser,
  session: Login,
  theme: 'light' | 'dark',
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    reducedMotion: 'reduce',
    ...options,
  });
  await context.addCookies([sessionCookie(session.token)]);
  await context.addInitScript(
    ({ theme, s }) => {
      localStorage.setItem('catalyst-ui-theme', theme);
      const name = [s.firstName, s.lastName].filter(Boolean).join(' ') || s.username;
      localStorage.setItem(
        'catalyst-user',
        JSON.stringify({
          username: s.username,
          name,
          firstName: s.firstName,
          lastName: s.lastName,
          defaultUseCaseId: s.defaultUseCaseId,
          isAuthenticated: true,
        }),
      );
    },
    { theme, s: session },
  );
  return context.newPage();
}

/** The HttpOnly session cookie of a token, as the sign-in answer sets it. */
function sessionCookie(token: string) {
  return { name: 'catalyst_session', value: token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' as const };
}

/** screenshots/NAME.png, from the top (a sticky header is not drawn mid-page), the whole page unless told otherwise. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * Grows the window to the height of whatever scrolls inside the page's main area (the message
 * list scrolls inside the shell), so one picture shows all of it; at most `maxHeight` px.
 */
export async function growToContent(
  page: Page,
  viewport: { width: number; height: number },
  maxHeight = 9000,
): Promise<void> {
  const overflow = await page.evaluate(() =>
    Math.max(
      ...[...document.querySelectorAll('main *')]
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))
        .map((el) => el.scrollHeight - el.clientHeight),
    ),
  );
  await page.setViewportSize({
    width: viewport.width,
    height: Math.min(maxHeight, viewport.height + Math.max(0, overflow)),
  });
}

export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the sign-in form and submits it; waits out the 1 s licence check so it cannot race the tick. */
export async function submitSignIn(
  page: Page,
  credentials: { username: string; password: string },
): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.waitForTimeout(1300);
  await page.getByRole('checkbox', { name: 'I accept the license agreement' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the UI and waits for the shell. */
export async function signIn(
  page: Page,
  credentials: { username: string; password: string } = ADMIN,
): Promise<void> {
  await submitSignIn(page, credentials);
  // The header's account menu exists at every width (the navigation hides in the drawer on phones).
  await page.getByRole('button', { name: 'Open user menu' }).waitFor();
  // Signed in by the HttpOnly cookie alone: no script on the page can read the token.
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  const cookies = await page.context().cookies(BASE_URL);
  expect(cookies.find((c) => c.name === 'catalyst_session')).toMatchObject({ httpOnly: true });
}

/** JSON API calls made from the test process (not the browser), e.g. to read the mail outbox. */
export async function apiCall<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An alert of the Decision Hub, as the recommendations call lists it. */
export interface Alert {
  id: number;
  title: string;
  usecase_id: number;
}

/** Runs the recommendation scan now and returns the active alerts, strongest first. */
export async function refreshedAlerts(token: string): Promise<Alert[]> {
  await apiCall('POST', '/api/copilot/landing/recommendations/refresh', {}, token);
  const recs = await apiCall<{ data: { recommendations: Alert[] } }>(
    'GET',
    '/api/copilot/landing/recommendations?limit=20&status=active',
    undefined,
    token,
  );
  if (recs.data.recommendations.length === 0) throw new Error('the scan raised no alert');
  return recs.data.recommendations;
}

export async function apiLogin(username: string, password: string): Promise<string> {
  const result = await apiCall<{ token: string }>('POST', '/api/v1/authentication/login', {
    username,
    password,
  });
  return result.token;
}

/**
 * The token of the newest set-password link mailed to `recipient` after `since`, read from the mail
 * the test SMTP server received (e2e/support/smtp.mjs): the outbox keeps such links redacted. The
 * recipient matters: a link mailed to someone else a moment earlier (another spec's reset) must not
 * be taken for this one while this one is still on its way.
 */
export async function latestResetToken(since: number, recipient: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser specs through `node e2e/run.mjs`');
  const envelopeTo = (text: string) => /^X-Envelope-To: (.*)$/m.exec(text)?.[1]?.split(',') ?? [];
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(dir, f))
      .filter((file) => fs.statSync(file).mtimeMs >= since - 1_000)
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      .map((file) => decodeQuotedPrintable(fs.readFileSync(file, 'utf8')))
      .filter((text) => envelopeTo(text).some((to) => to.toLowerCase() === recipient.toLowerCase()));
    const match = mails.map((text) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)).find((m) => m?.[1]);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail with a set-password link for ${recipient} arrived at the test SMTP server`);
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
