import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@catalyst/contracts';

/**
 * The shape of a key: `cat_live_<time36>_<random62>` — a recognisable prefix (so a bearer token
 * is known to be a key before any lookup, and secret scanners can spot leaked ones), the creation
 * time in base 36, and 32 random bytes in base 62 (≈ 43 characters, 256 bits).
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_BYTES = 32;
/** Characters of the random part kept in the shown prefix: tells keys made the same millisecond apart. */
const SHOWN_RANDOM = 4;

function base62(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)]! + out;
    n /= 62n;
  }
  // 32 bytes always need 43 digits; pad the rare short ones so every key has the same length.
  return out.padStart(43, '0');
}

export function generateApiKey(now: Date): { key: string; prefix: string; hash: string } {
  const time = now.getTime().toString(36);
  const random = base62(randomBytes(RANDOM_BYTES));
  const key = `${API_KEY_PREFIX}${time}_${random}`;
  return { key, prefix: `${API_KEY_PREFIX}${time}_${random.slice(0, SHOWN_RANDOM)}`, hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A bearer token that is an API key rather than a session token. */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** How a key appears in lists and logs: its prefix and an ellipsis. */
export const maskedKey = (prefix: string) => `${prefix}…`;
