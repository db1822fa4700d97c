import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { MobilePayChannel } from '@tp/contract';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/index';
import { sandboxMobileKeys } from '../mobilepay.tables';

export interface KeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
  serialNo: string;
  symmetricKey: string;
}

/** Both sides' keys of one sandbox provider: ours (`merchant`) and the provider's own. */
export interface SandboxKeys {
  merchant: KeyPair;
  provider: KeyPair;
}

function generate(channel: MobilePayChannel): Omit<KeyPair, 'symmetricKey'> & { symmetricKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  return {
    privateKeyPem: privateKey,
    publicKeyPem: publicKey,
    // Certificate serials are 40 hex digits at WeChat Pay; Alipay has none, the public key's digest names it.
    serialNo: createHash('sha1').update(publicKey).digest('hex').toUpperCase(),
    // WeChat's APIv3 key: 32 printable characters (AES-256).
    symmetricKey: channel === 'wechat' ? randomBytes(24).toString('base64url').slice(0, 32) : '',
  };
}

/**
 * The sandbox providers' keys, generated on first start and kept in the database (never in the
 * code): both instances race to insert, the first insert wins and everyone reads it back.
 */
export async function loadSandboxKeys(db: Db, clock: Clock, channel: MobilePayChannel): Promise<SandboxKeys> {
  const read = async (side: 'merchant' | 'provider'): Promise<KeyPair | undefined> => {
    const [row] = await db
      .select()
      .from(sandboxMobileKeys)
      .where(and(eq(sandboxMobileKeys.channel, channel), eq(sandboxMobileKeys.side, side)))
      .limit(1);
    return row ? { privateKeyPem: row.privateKeyPem, publicKeyPem: row.publicKeyPem, serialNo: row.serialNo, symmetricKey: row.symmetricKey } : undefined;
  };
  const sides = ['merchant', 'provider'] as const;
  const found: Partial<Record<(typeof sides)[number], KeyPair>> = {};
  for (const side of sides) {
    let pair = await read(side);
    if (!pair) {
      await db
        .insert(sandboxMobileKeys)
        .values({ channel, side, ...generate(channel), createdAt: clock.now() })
        .onConflictDoNothing();
      pair = await read(side);
    }
    if (!pair) throw new Error(`sandbox ${channel} ${side} key vanished`);
    found[side] = pair;
  }
  return { merchant: found.merchant as KeyPair, provider: found.provider as KeyPair };
}
