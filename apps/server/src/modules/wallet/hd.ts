import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { chainAddressProblem } from '@tp/contract';

export type Chain = 'BTC' | 'ETH';
export const CHAINS: readonly Chain[] = ['BTC', 'ETH'];

/**
 * The public development wallet: the BIP-39 test mnemonic everyone knows. Only used when no
 * extended public key is configured, which production refuses (see config).
 */
const DEV_MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ACCOUNT_PATH: Record<Chain, string> = { BTC: "m/84'/0'/0'", ETH: "m/44'/60'/0'" };

/** The account-level extended public key of the development wallet for a chain. */
export function developmentXpub(chain: Chain): string {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEV_MNEMONIC));
  return root.derive(ACCOUNT_PATH[chain]).publicExtendedKey;
}

/** BIP-84 native SegWit (P2WPKH, bech32 `bc1…`) address of a compressed public key. */
export function btcAddress(publicKey: Uint8Array): string {
  const program = ripemd160(sha256(publicKey));
  return bech32.encode('bc', [0, ...bech32.toWords(program)]);
}

/** EIP-55 checksummed Ethereum address of a public key. */
export function ethAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hex = bytesToHex(keccak_256(uncompressed.slice(1)).slice(-20));
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) out += Number.parseInt(hash[i] ?? '0', 16) >= 8 ? (hex[i] ?? '').toUpperCase() : hex[i];
  return out;
}

/** The external-chain (0) address at `index` below an account xpub: never a private key on the server. */
export function deriveAddress(chain: Chain, xpub: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('extended key without a public key');
  return chain === 'BTC' ? btcAddress(child.publicKey) : ethAddress(child.publicKey);
}

/** Whether a typed withdrawal address has the chain's format and checksum: the rule the web form checks too. */
export const isValidAddress = (chain: Chain, address: string): boolean => chainAddressProblem(chain, address) === null;
