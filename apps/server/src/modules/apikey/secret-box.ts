import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts API secrets at rest with AES-256-GCM. A hash would not do: checking a request's
 * HMAC-SHA256 signature needs the secret itself. The key is derived (HKDF-SHA256) from the
 * server's APP_SECRET, so a copy of the database alone does not reveal any secret; the API key is
 * bound in as associated data, so a cipher moved to another row does not decrypt.
 */
export function createSecretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'api-key-secrets', 32));

  return {
    seal(secret: string, boundTo: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },

    open(sealed: string, boundTo: string): string {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || !payload) throw new Error('unknown api secret format');
      const raw = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
