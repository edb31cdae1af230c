/**
 * Hashing and random secrets. Passwords and verification codes: argon2id with OWASP's minimum
 * (19 MiB, 2 passes, 1 lane), salted per hash. Session and reset tokens: 256 random bits, stored
 * as their sha256 (a token that random needs no slow hash).
 */
import { hash, verify, type Options } from '@node-rs/argon2';
import { createHash, randomBytes, randomInt } from 'node:crypto';

/** `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolated modules). */
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashSecret = (secret: string) => hash(secret, ARGON2_OPTIONS);

/** False for a wrong secret and for a stored hash that cannot be read. */
export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Makes the stand-in hash ahead of the first unknown e-mail (once a process). */
export function prepareStandIn(): void {
  dummy ??= hashSecret(randomBytes(16).toString('hex'));
}
/**
 * Spends the time of one password check without an account to check against, so an unknown
 * e-mail takes as long to refuse as a wrong password.
 */
export async function verifyAgainstNothing(secret: string): Promise<false> {
  prepareStandIn();
  await verifySecret(await dummy!, secret);
  return false;
}

/** 6 digits from the CSPRNG, leading zeros kept. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** 256 random bits, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a token sent by a client may look like; anything else is refused before any lookup. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
