import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Full resident ID numbers are needed on contracts only, so they are kept encrypted
 * (AES-256-GCM) with a key derived from the app secret: a copy of the database alone does not
 * reveal them, and GCM's tag refuses a ciphertext that was altered or moved between columns.
 */
const VERSION = 'v1';
const INFO = 'real-name id number v1';

export interface IdNumberCipher {
  encrypt(idNumber: string): string;
  decrypt(sealed: string): string;
}

export function createIdNumberCipher(secret: string): IdNumberCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tp-real-name', INFO, 32));
  return {
    encrypt(idNumber) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(idNumber, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed ID number');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
