import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

export interface SigningKey {
  secretKey: Uint8Array;
  publicKey: Uint8Array;
  publicKeyHex: string;
}

export function signingKeyOf(seedHex: string): SigningKey {
  const secretKey = hexToBytes(seedHex);
  const publicKey = ed25519.getPublicKey(secretKey);
  return { secretKey, publicKey, publicKeyHex: bytesToHex(publicKey) };
}

const KEY_FILE = 'contract-signing.key';

/**
 * The platform's contract signing key: from the configuration (required in production), else the
 * one generated into the data directory on first start, so signatures survive restarts there too.
 */
export async function loadSigningKey(config: { contractSigningKey: string | undefined; dataDir: string }): Promise<SigningKey> {
  if (config.contractSigningKey) return signingKeyOf(config.contractSigningKey);
  const file = join(config.dataDir, KEY_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/i.test(stored)) return signingKeyOf(stored);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const seed = bytesToHex(ed25519.utils.randomSecretKey());
  await mkdir(config.dataDir, { recursive: true });
  // `wx`: two instances starting together keep the first key written.
  try {
    await writeFile(file, `${seed}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return signingKeyOf((await readFile(file, 'utf8')).trim());
  }
  await chmod(file, 0o600);
  return signingKeyOf(seed);
}
