import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The sign-in form pre-ticks the licence box "when the typed username is known to have accepted"
 * (spec document 1). Answering that from the users table would tell anyone which usernames exist
 * (the review used it as an oracle), so the public check never reads the database: it answers from
 * an HttpOnly cookie this browser received when someone signed in here (or accepted here) as a user
 * who has accepted. A stranger, or another browser, gets `false` for every name, existing or not,
 * in the same time; the licence itself is recorded on the server at sign-in as before.
 *
 * The cookie holds a short digest of each username (never the name), for the last few users of
 * the browser. Forging one only pre-ticks a checkbox the user may tick anyway.
 */
export const EULA_COOKIE = 'catalyst_eula';
const REMEMBERED_USERS = 5;
const COOKIE_DAYS = 365;

const markOf = (username: string) =>
  createHash('sha256')
    .update(`catalyst-eula:${username.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 22);

const marksIn = (cookie: string | undefined) => (cookie ? cookie.split('.').filter(Boolean) : []);

/** Whether this browser saw `username` sign in (or accept) after accepting the licence. */
export function acceptedHere(cookie: string | undefined, username: string): boolean {
  return marksIn(cookie).includes(markOf(username));
}

/** Adds `username` to the browser's remembered acceptances. */
export function rememberAcceptance(
  reply: FastifyReply,
  cookie: string | undefined,
  username: string,
  secure: boolean,
): void {
  const mark = markOf(username);
  const marks = [mark, ...marksIn(cookie).filter((m) => m !== mark)].slice(0, REMEMBERED_USERS);
  reply.setCookie(EULA_COOKIE, marks.join('.'), {
    // Only the licence routes read it.
    path: '/api/v1/accept',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: COOKIE_DAYS * 24 * 60 * 60,
  });
}
