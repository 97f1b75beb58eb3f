import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE, SecretBoxError, createSecretBox } from '../../src/lib/crypto';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-crypto-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('secret box (AES-256-GCM)', () => {
  it('round-trips any text and never stores it in clear', () => {
    const box = createSecretBox({ secretKey: 'k'.repeat(40), dataDir: tempDir() });
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 500 }), (plain) => {
        const sealed = box.seal(plain, 'org:1');
        expect(box.open(sealed, 'org:1')).toBe(plain);
        if (plain.length >= 4) expect(sealed).not.toContain(plain);
      }),
    );
  });

  it('uses a fresh IV: the same secret seals differently each time', () => {
    const box = createSecretBox({ secretKey: 'k'.repeat(40), dataDir: tempDir() });
    expect(box.seal('hunter2', 'org:1')).not.toBe(box.seal('hunter2', 'org:1'));
  });

  it('refuses a tampered value, another record context and another key', () => {
    const dir = tempDir();
    const box = createSecretBox({ secretKey: 'a'.repeat(40), dataDir: dir });
    const sealed = box.seal('hunter2', 'org:1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'org:1')).toThrow(/altered/);
    expect(() => box.open(sealed, 'org:2')).toThrow(SecretBoxError);
    const other = createSecretBox({ secretKey: 'b'.repeat(40), dataDir: dir });
    expect(() => other.open(sealed, 'org:1')).toThrow(/different key/);
    expect(() => box.open('plain-text', 'org:1')).toThrow(/known format/);
  });

  it('creates a key file with mode 0600 when no key is configured, and reuses it', () => {
    const dir = tempDir();
    const first = createSecretBox({ dataDir: dir });
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const sealed = first.seal('s3cret', 'org:7');
    const second = createSecretBox({ dataDir: dir });
    expect(second.keyId).toBe(first.keyId);
    expect(second.open(sealed, 'org:7')).toBe('s3cret');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('s3cret');
  });

  it('says clearly when the key file is damaged', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, SECRET_KEY_FILE), 'short', { mode: 0o600 });
    expect(() => createSecretBox({ dataDir: dir })).toThrow(/is damaged/);
  });
});
