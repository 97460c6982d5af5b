import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (2), which verbatimModuleSyntax cannot import.
const ARGON2ID_ALGORITHM = 2;

/** OWASP password storage cheat sheet: Argon2id, 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2ID = {
  algorithm: ARGON2ID_ALGORITHM,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

// Verifying against this keeps an unknown email as slow as a wrong password, so timing tells nothing.
const dummyHash = hash('not-a-real-password', ARGON2ID);

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
