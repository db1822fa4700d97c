/**
 * Withdrawal address formats per chain, checked the same way by the server and the web form
 * (no dependencies, so the browser bundle carries it without a crypto library):
 * - BTC: SegWit bech32 (BIP-173: `bc1q…`, 20- or 32-byte programs) and bech32m (BIP-350:
 *   taproot `bc1p…`), and legacy base58check P2PKH (`1…`) and P2SH (`3…`);
 * - ETH and its tokens: `0x` and 40 hex digits; mixed case must carry the EIP-55 checksum.
 */

export type AddressProblem = 'format' | 'checksum';

const MASK64 = (1n << 64n) - 1n;
const ROUND_CONSTANTS = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n, 0x000000000000808bn, 0x0000000080000001n,
  0x8000000080008081n, 0x8000000000008009n, 0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n, 0x8000000000008002n, 0x8000000000000080n,
  0x000000000000800an, 0x800000008000000an, 0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];
const ROTATIONS = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];

const rotl = (x: bigint, n: number) => (n === 0 ? x : ((x << BigInt(n)) | (x >> BigInt(64 - n))) & MASK64);

function keccakF(state: bigint[]): void {
  for (const rc of ROUND_CONSTANTS) {
    const c = [0, 1, 2, 3, 4].map((x) => (state[x] as bigint) ^ (state[x + 5] as bigint) ^ (state[x + 10] as bigint) ^ (state[x + 15] as bigint) ^ (state[x + 20] as bigint));
    for (let x = 0; x < 5; x++) {
      const d = (c[(x + 4) % 5] as bigint) ^ rotl(c[(x + 1) % 5] as bigint, 1);
      for (let y = 0; y < 25; y += 5) state[x + y] = (state[x + y] as bigint) ^ d;
    }
    const b: bigint[] = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y] as bigint, ROTATIONS[x + 5 * y] as number);
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) {
        state[x + 5 * y] = (b[x + 5 * y] as bigint) ^ (~(b[((x + 1) % 5) + 5 * y] as bigint) & MASK64 & (b[((x + 2) % 5) + 5 * y] as bigint));
      }
    }
    state[0] = (state[0] as bigint) ^ rc;
  }
}

/** Keccak-256 (Ethereum's hash, not NIST SHA3-256) of bytes, as lowercase hex. */
export function keccak256Hex(input: Uint8Array): string {
  const rate = 136;
  const padded = new Uint8Array(Math.floor(input.length / rate + 1) * rate);
  padded.set(input);
  padded[input.length] = 0x01;
  padded[padded.length - 1] = (padded[padded.length - 1] as number) | 0x80;
  const state: bigint[] = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let i = 0; i < rate / 8; i++) {
      let lane = 0n;
      for (let j = 7; j >= 0; j--) lane = (lane << 8n) | BigInt(padded[offset + i * 8 + j] as number);
      state[i] = (state[i] as bigint) ^ lane;
    }
    keccakF(state);
  }
  let hex = '';
  for (let i = 0; i < 4; i++) {
    let lane = state[i] as bigint;
    for (let j = 0; j < 8; j++) {
      hex += Number(lane & 0xffn).toString(16).padStart(2, '0');
      lane >>= 8n;
    }
  }
  return hex;
}

const K256 = Uint32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
  0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
  0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of bytes (base58check's double hash). */
export function sha256(input: Uint8Array): Uint8Array {
  const length = Math.ceil((input.length + 9) / 64) * 64;
  const data = new Uint8Array(length);
  data.set(input);
  data[input.length] = 0x80;
  const view = new DataView(data.buffer);
  view.setUint32(length - 4, (input.length * 8) >>> 0);
  view.setUint32(length - 8, Math.floor((input.length * 8) / 2 ** 32));
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      w[i] = ((w[i - 16] as number) + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + (w[i - 7] as number) + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10))) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K256[i] as number) + (w[i] as number)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = ((h[i] as number) + v) >>> 0));
  }
  const out = new Uint8Array(32);
  h.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] as number;
  }
  return chk >>> 0;
}

/** A mainnet SegWit address (`bc1…`): its checksum constant must match its witness version. */
function segwitProblem(address: string): AddressProblem | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return 'format';
  const lower = address.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (lower.slice(0, sep) !== 'bc' || lower.length > 90 || lower.length - sep - 1 < 7) return 'format';
  const data: number[] = [];
  for (const ch of lower.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(ch);
    if (v < 0) return 'format';
    data.push(v);
  }
  const version = data[0] as number;
  if (version > 16) return 'format';
  // Regroup the 5-bit words after the version into the witness program's bytes.
  let acc = 0;
  let bits = 0;
  const program: number[] = [];
  for (const v of data.slice(1, -6)) {
    acc = ((acc << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      program.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return 'format';
  if (program.length < 2 || program.length > 40 || (version === 0 && program.length !== 20 && program.length !== 32)) return 'format';
  const hrp = [...'bc'].map((c) => c.charCodeAt(0) >> 5).concat([0], [...'bc'].map((c) => c.charCodeAt(0) & 31));
  return polymod([...hrp, ...data]) === (version === 0 ? BECH32_CONST : BECH32M_CONST) ? null : 'checksum';
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A legacy mainnet address: base58check of version 0 (P2PKH, `1…`) or 5 (P2SH, `3…`) and a 20-byte hash. */
function base58Problem(address: string): AddressProblem | null {
  let value = 0n;
  for (const ch of address) {
    const digit = BASE58.indexOf(ch);
    if (digit < 0) return 'format';
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of address) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length !== 25 || (bytes[0] !== 0 && bytes[0] !== 5)) return 'format';
  const check = sha256(sha256(Uint8Array.from(bytes.slice(0, 21))));
  return bytes.slice(21).every((b, i) => b === check[i]) ? null : 'checksum';
}

function ethProblem(address: string): AddressProblem | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'format';
  const body = address.slice(2);
  // All one case carries no checksum (EIP-55 makes it optional); mixed case must match it.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return null;
  const hash = keccak256Hex(new TextEncoder().encode(body.toLowerCase()));
  return [...body].every((c, i) => (Number.parseInt(hash[i] ?? '0', 16) >= 8 ? c === c.toUpperCase() : c === c.toLowerCase())) ? null : 'checksum';
}

/** What is wrong with `address` as a withdrawal address on `chain`, or null when it is valid. */
export function chainAddressProblem(chain: string, address: string): AddressProblem | null {
  if (chain === 'ETH') return ethProblem(address);
  if (chain === 'BTC') return /^bc1/i.test(address) ? segwitProblem(address) : /^[13]/.test(address) ? base58Problem(address) : 'format';
  return 'format';
}
