import { describe, expect, it } from 'vitest';
import { chainAddressProblem, keccak256Hex, sha256 } from './chain-address';

const bytes = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

describe('hashes behind the checksums', () => {
  it('computes Keccak-256 as Ethereum does', () => {
    expect(keccak256Hex(bytes(''))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(keccak256Hex(bytes('abc'))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
    expect(keccak256Hex(bytes('a'.repeat(200)))).toHaveLength(64);
  });

  it('computes SHA-256', () => {
    expect(hex(sha256(bytes('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });
});

describe('withdrawal addresses', () => {
  it.each([
    // EIP-55's own examples, and the same addresses in one case (no checksum to check).
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['ETH', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['ETH', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    ['ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['ETH', '0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359'],
    // BIP-173 and BIP-350 mainnet vectors, P2PKH and P2SH.
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['BTC', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['BTC', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ['BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ])('accepts %s %s', (chain, address) => {
    expect(chainAddressProblem(chain, address)).toBeNull();
  });

  it.each([
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'checksum'],
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', 'format'],
    ['ETH', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format'],
    ['ETH', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'format'],
    ['BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'checksum'],
    // A version-1 program with the old bech32 checksum, and mixed case (BIP-350, BIP-173).
    ['BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'checksum'],
    ['BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'format'],
    ['BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'format'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'checksum'],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0', 'format'],
    ['BTC', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'format'],
    ['DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', 'format'],
  ])('refuses %s %s (%s)', (chain, address, problem) => {
    expect(chainAddressProblem(chain, address)).toBe(problem);
  });
});
