import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum in the binding's typings, which isolated modules cannot inline:
// 2 is Argon2id. Parameters: OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane).
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps a login for an unknown user as slow as one for a known user,
// so response time does not tell which usernames exist.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword('not-a-real-password-#1'));
