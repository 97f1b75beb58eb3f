import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret of 256 bits (sessions, reset links). */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked table does not give working tokens. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
