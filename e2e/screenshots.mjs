#!/usr/bin/env node
// Captures the sign-in screen and the shell, light and dark, at 1440 px and 375 px, plus a few
// other states, then the scenes of e2e/screenshot-scenes/ (admin, agents, answers, conversation, decisions,
// forms), into screenshots/ (git-ignored). Starts its own server unless E2E_BASE_URL is set.
// `node e2e/screenshots.mjs forms admin` runs only the named scenes (`base` is the first part).
/* global localStorage, window -- used inside page scripts that run in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ADMIN, ROOT, startServer } from './support/server.mjs';
import { startSmtp } from './support/smtp.mjs';
import { adminScene } from './screenshot-scenes/admin.mjs';
import { agentsScene } from './screenshot-scenes/agents.mjs';
import { answersScene } from './screenshot-scenes/answers.mjs';
import { conversationScene } from './screenshot-scenes/conversation.mjs';
import { decisionsScene } from './screenshot-scenes/decisions.mjs';
import { formsScene } from './screenshot-scenes/forms.mjs';

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
let smtp = null;
let baseUrl = process.env.E2E_BASE_URL;
if (!baseUrl) {
  // Set-password links arrive only by e-mail (the outbox keeps them redacted): a test SMTP server receives them.
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.E2E_MAIL_DIR = smtp.dir;
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
  // Signed in as the server would leave the browser: the HttpOnly session cookie, the stored user.
  if (session)
    await context.addCookies([
      { name: 'catalyst_session', value: session.token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
  await context.addInitScript(
    ({ theme, session, collapsed }) => {
      localStorage.setItem('catalyst-ui-theme', theme);
      localStorage.setItem('catalyst-sidebar-collapsed', String(collapsed));
      if (session) {
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

/** The token of the newest set-password link mailed after `since`, read from the test SMTP server's mail. */
async function latestResetToken(_token, since) {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error(
      'E2E_MAIL_DIR is not set: with E2E_BASE_URL, point it at the folder your SMTP server writes',
    );
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const mails = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => path.join(dir, f))
      .filter((file) => fs.statSync(file).mtimeMs >= since - 5_000)
      .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
      .map((file) =>
        fs
          .readFileSync(file, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      );
    const match = mails.map((text) => /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)).find((m) => m?.[1]);
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('No e-mail with a set-password link arrived at the test SMTP server');
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
    conversation: () => conversationScene(kit),
    answers: () => answersScene(kit),
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
  if (smtp) await smtp.close();
}
