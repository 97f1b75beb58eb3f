#!/usr/bin/env node
// Captures the sign-in screen and the shell, light and dark, at 1440 px and 375 px, plus a few
// other states, then the scenes of e2e/screenshots/ (admin, agents, decisions, forms), into
// screenshots/ (git-ignored). Starts its own server unless E2E_BASE_URL is set.
// `node e2e/screenshots.mjs forms admin` runs only the named scenes (`base` is the first part).
/* global localStorage, window -- used inside page scripts that run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ADMIN, ROOT, startServer } from './support/server.mjs';
import { adminScene } from './screenshots/admin.mjs';
import { agentsScene } from './screenshots/agents.mjs';
import { decisionsScene } from './screenshots/decisions.mjs';
import { formsScene } from './screenshots/forms.mjs';

const OUT = path.join(ROOT, 'screenshots');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 375, height: 812 } };

let server = null;
let baseUrl = process.env.E2E_BASE_URL;
if (!baseUrl) {
  server = await startServer();
  baseUrl = server.baseUrl;
}
fs.mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ARGS,
});
const shots = [];

async function login() {
  const response = await fetch(`${baseUrl}/api/v1/authentication/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return response.json();
}

/** A page in the given theme and size; signed in when `session` is given. */
async function pageFor({ theme, size, session, collapsed = false }) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: WIDTHS[size],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ theme, session, collapsed }) => {
      localStorage.setItem('catalyst-ui-theme', theme);
      localStorage.setItem('catalyst-sidebar-collapsed', String(collapsed));
      if (session) {
        localStorage.setItem('authToken', session.token);
        localStorage.setItem(
          'catalyst-user',
          JSON.stringify({
            username: session.username,
            name: [session.firstName, session.lastName].filter(Boolean).join(' ') || session.username,
            firstName: session.firstName,
            lastName: session.lastName,
            defaultUseCaseId: session.defaultUseCaseId,
            isAuthenticated: true,
          }),
        );
      }
    },
    { theme, session, collapsed },
  );
  return { context, page: await context.newPage() };
}

/** JSON API calls from this process. */
async function api(method, route, body, token) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The reset token of the newest password-reset e-mail in the outbox created after `since`. */
async function latestResetToken(token, since) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { items } = await api('GET', '/api/v1/admin/outbox', undefined, token);
    const mails = items
      .filter((item) => /set-password\?token=/.test(`${item.text}\n${item.html}`))
      .filter((item) => new Date(item.createdAt).getTime() >= since - 5_000)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
    const match = mails[0] && /set-password\?token=([^\s"'<>&]+)/.exec(`${mails[0].text}\n${mails[0].html}`);
    if (match?.[1]) return decodeURIComponent(match[1]);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('No password-reset e-mail arrived in the outbox');
}

/** screenshots/NAME.png of a page a scene drives; the whole page from the top unless told otherwise. */
async function shot(page, name, fullPage = true) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  shots.push(file);
}

/** Runs `fn` with a fresh page in the given theme and size, closing it after. */
async function withPage(options, fn) {
  const { context, page } = await pageFor(options);
  try {
    await fn(page);
  } finally {
    await context.close();
  }
}

const VARIANTS = ['light', 'dark'].flatMap((theme) =>
  ['desktop', 'phone'].map((size) => ({
    theme,
    size,
    suffix: `${theme}-${size === 'desktop' ? 1440 : 375}`,
  })),
);

async function capture(name, { theme, size, session, path: route, collapsed, before }) {
  const { context, page } = await pageFor({ theme, size, session, collapsed });
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  if (before) await before(page);
  await page.waitForTimeout(300);
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  shots.push(file);
  await context.close();
}

async function baseScene(session) {
  for (const theme of ['light', 'dark']) {
    for (const size of ['desktop', 'phone']) {
      const suffix = `${theme}-${size === 'desktop' ? 1440 : 375}`;
      await capture(`sign-in-${suffix}`, { theme, size, path: '/login' });
      await capture(`shell-${suffix}`, { theme, size, session, path: '/' });
    }
  }
  await capture('shell-collapsed-light-1440', {
    theme: 'light',
    size: 'desktop',
    session,
    path: '/database-connections',
    collapsed: true,
  });
  await capture('action-flows-shell-dark-1440', {
    theme: 'dark',
    size: 'desktop',
    session,
    path: '/action-flows',
  });
  await capture('user-menu-light-1440', {
    theme: 'light',
    size: 'desktop',
    session,
    path: '/decisions',
    before: (page) => page.getByRole('button', { name: 'Open user menu' }).click(),
  });
  for (const theme of ['light', 'dark']) {
    await capture(`drawer-${theme}-375`, {
      theme,
      size: 'phone',
      session,
      path: '/use-cases',
      before: (page) => page.getByRole('button', { name: 'Open navigation menu' }).click(),
    });
  }
  await capture('sign-up-light-1440', {
    theme: 'light',
    size: 'desktop',
    path: '/login',
    before: (page) => page.getByRole('button', { name: 'Create account' }).click(),
  });
  await capture('sign-in-error-dark-1440', {
    theme: 'dark',
    size: 'desktop',
    path: '/login',
    before: (page) => page.getByRole('button', { name: 'Sign In' }).click(),
  });
  for (const theme of ['light', 'dark']) {
    await capture(`sign-in-failed-${theme}-1440`, {
      theme,
      size: 'desktop',
      path: '/login',
      before: async (page) => {
        await page.getByLabel('Username').fill('nobody-here');
        await page.getByLabel('Password', { exact: true }).fill('wrong-password');
        await page.getByRole('checkbox', { name: 'I accept the license agreement' }).check();
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByText('Authentication Failed').waitFor();
      },
    });
  }
  await capture('keyboard-focus-light-1440', {
    theme: 'light',
    size: 'desktop',
    session,
    path: '/decisions',
    before: async (page) => {
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
    },
  });
  await capture('forgot-password-light-375', { theme: 'light', size: 'phone', path: '/forgot-password' });
  await capture('set-password-dark-1440', {
    theme: 'dark',
    size: 'desktop',
    path: '/set-password?token=example',
    before: async (page) => {
      await page.getByLabel('New password').fill('weak');
      await page.getByLabel('Confirm password').fill('weak');
      await page.getByRole('button', { name: 'Reset Password' }).click();
    },
  });
  await capture('invalid-link-light-375', { theme: 'light', size: 'phone', path: '/set-password' });
  await capture('not-found-in-shell-light-1440', {
    theme: 'light',
    size: 'desktop',
    session,
    path: '/no/such/page',
  });
  await capture('not-found-page-dark-1440', { theme: 'dark', size: 'desktop', path: '/404' });
}

try {
  const session = await login();
  const kit = { baseUrl, session, api, shot, withPage, latestResetToken, variants: VARIANTS };
  const scenes = {
    base: () => baseScene(session),
    admin: () => adminScene(kit),
    agents: () => agentsScene(kit),
    decisions: () => decisionsScene(kit),
    forms: () => formsScene(kit),
  };
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !(w in scenes));
  if (unknown.length)
    throw new Error(`Unknown scene(s): ${unknown.join(', ')}; known: ${Object.keys(scenes).join(', ')}`);
  for (const [name, run] of Object.entries(scenes)) {
    if (wanted.length && !wanted.includes(name)) continue;
    console.log(`[screenshots] ${name}`);
    await run();
  }
  console.log(
    `Saved ${shots.length} screenshots:\n${shots.map((s) => `  ${path.relative(ROOT, s)}`).join('\n')}`,
  );
} finally {
  await browser.close();
  if (server) await server.stop();
}
