/**
 * The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either side
 * accepted for clocks that drift), by the otpauth library, and ten one-time recovery codes. A code
 * is good once: the step it was accepted for is kept, and a code of that step or an earlier one is
 * refused after. Recovery codes carry 50 random bits each and are stored as their sha256.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '#server/auth/secrets.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Kiryana staff';

const totpFor = (secret: string, label: string) => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, as RFC 4226 recommends) with what an app needs to add it. */
export async function newTotpSecret(email: string): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUri = totpFor(secret, email).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri, qrSvg };
}

/** The 30-second step `code` is right for at `now` (within one step either side), or null. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code an app shows for `secret` at `at` (tests and the set-up's own check). */
export const totpCodeAt = (secret: string, at: Date) => totpFor(secret, 'check').generate({ timestamp: at.getTime() });

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** A recovery code as stored: lowercase, without its dash. */
export const recoveryKey = (code: string) => code.trim().toLowerCase().replace('-', '');
export const hashRecoveryCode = (code: string) => sha256(recoveryKey(code));

/** Ten codes of ten base32 characters (50 bits), shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const text = Array.from(bytes, (b) => BASE32[b & 31]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}
