import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts data-source secrets (passwords, key files, API keys) at rest with AES-256-GCM.
 * A sealed value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id is a
 * fingerprint of the key, so a value sealed under another key fails with a clear message
 * instead of garbage. `context` (e.g. "org:12") is authenticated data: a value copied to
 * another organisation's row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  readonly keyId: string;
}

export const SECRET_KEY_FILE = 'secret.key';
const VERSION = 'v1';

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** The 32-byte key: derived from CATALYST_SECRET_KEY, else read from (or created in) DATA_DIR/secret.key. */
function loadSecretKey(options: { secretKey?: string; dataDir: string }): Buffer {
  if (options.secretKey) {
    // HKDF turns any strong text (base64, hex, a long passphrase) into exactly 32 bytes.
    return Buffer.from(
      hkdfSync('sha256', Buffer.from(options.secretKey, 'utf8'), 'catalyst', 'catalyst secret box v1', 32),
    );
  }
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' creates the file only if it does not exist, so two starts cannot write two keys.
    const fd = fs.openSync(file, 'wx', 0o600);
    try {
      fs.writeSync(fd, `${randomBytes(32).toString('base64')}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  const key = Buffer.from(text, 'base64');
  if (key.length !== 32)
    throw new SecretBoxError(
      `The key file ${file} is damaged: it must hold 32 bytes in base64. Restore it from a backup; secrets sealed with it cannot be read otherwise.`,
    );
  return key;
}

export function createSecretBox(options: { secretKey?: string; dataDir: string }): SecretBox {
  return secretBoxFromKey(loadSecretKey(options));
}

/** A box whose key is loaded (or the key file created) on first use, not when the app is built. */
export function lazySecretBox(options: { secretKey?: string; dataDir: string }): SecretBox {
  let box: SecretBox | undefined;
  const get = () => (box ??= createSecretBox(options));
  return {
    seal: (plain, context) => get().seal(plain, context),
    open: (sealed, context) => get().open(sealed, context),
    get keyId() {
      return get().keyId;
    },
  };
}

function secretBoxFromKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretBoxError('AES-256-GCM needs a 32-byte key');
  const keyId = createHash('sha256').update(key).digest('base64url').slice(0, 8);
  return {
    keyId,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        keyId,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION)
        throw new SecretBoxError('The stored secret is not in a known format.');
      const [, id, iv, tag, body] = parts as [string, string, string, string, string];
      if (id !== keyId)
        throw new SecretBoxError(
          'The stored secret was encrypted with a different key (was CATALYST_SECRET_KEY or DATA_DIR/secret.key changed?). Enter the secret again.',
        );
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError(
          'The stored secret could not be decrypted: it was altered or belongs to another record.',
        );
      }
    },
  };
}
