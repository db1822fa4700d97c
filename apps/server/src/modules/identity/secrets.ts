import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A session token: 32 random bytes, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Short secrets (6-digit codes, captcha answers) are stored keyed with the app secret, since a
 * plain hash of a 6-digit code is reversed by trying all million.
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Invite codes avoid look-alike characters (0/O, 1/I/L) because people type them. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}

/** Recovery codes: eight characters in two groups of four, from the invite alphabet (no look-alikes). */
export function newRecoveryCode(): string {
  const code = newInviteCode();
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * Authenticator secrets at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the app
 * secret, bound to the user id, so a copy of the database alone yields no secret and a cipher
 * moved to another user does not open. A hash would not do: checking a code needs the secret.
 */
export function createTotpSecretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'totp-secrets', 32));
  const aad = (userId: number) => Buffer.from(`user:${userId}`, 'utf8');
  return {
    seal(userId: number, secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(userId: number, sealed: string): string {
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(aad(userId));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
