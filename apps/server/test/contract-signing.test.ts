import { describe, expect, it } from 'vitest';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { signingKeyOf } from '../src/modules/contract/contract.keys';
import { percentOf } from '../src/modules/contract/contract.pdf';
import { shanghaiDay } from '../src/platform/time';
import { contractNumberOf } from '../src/modules/contract/contract.service';
import { evaluateDocument, sha256Hex, signStatement, type RecordedSignature } from '../src/modules/contract/contract.signing';

const key = signingKeyOf(bytesToHex(ed25519.utils.randomSecretKey()));
const v0 = sha256Hex(Buffer.from('unsigned'));
const v1 = sha256Hex(Buffer.from('seller stamped'));
const v2 = sha256Hex(Buffer.from('both stamped'));
const versions = [
  { version: 0, sha256: v0 },
  { version: 1, sha256: v1 },
  { version: 2, sha256: v2 },
];

function signed(party: 'seller' | 'buyer', version: number, previousHash: string, documentHash: string, signer = key): RecordedSignature {
  const statement = { contractNo: 'HT20260105820001', party, firmId: party === 'seller' ? '7' : '8', userId: '11', version, previousHash, documentHash, signedAt: '2026-01-05T03:00:00.000Z' };
  return { ...statement, signature: signStatement(statement, signer.secretKey), publicKey: signer.publicKeyHex };
}
const both = [signed('seller', 1, v0, v1), signed('buyer', 2, v1, v2)];

describe('contract document verification', () => {
  it('accepts the latest version when both chained signatures verify', () => {
    expect(evaluateDocument({ documentHash: v2, versions, signatures: both, platformPublicKey: key.publicKeyHex })).toEqual({
      matchedVersion: 2,
      tampered: false,
      superseded: false,
      ok: true,
      failingParty: null,
      signatures: [
        { party: 'seller', valid: true, covers: true },
        { party: 'buyer', valid: true, covers: true },
      ],
    });
  });

  it('reports an earlier version as superseded: the later signature does not cover it', () => {
    const verdict = evaluateDocument({ documentHash: v1, versions, signatures: both, platformPublicKey: key.publicKeyHex });
    expect(verdict).toMatchObject({ matchedVersion: 1, tampered: false, superseded: true, ok: true });
    expect(verdict.signatures.map((s) => s.covers)).toEqual([true, false]);
  });

  it('reports an unknown document as tampered, naming the last signer as the failing signature', () => {
    const verdict = evaluateDocument({ documentHash: sha256Hex(Buffer.from('both stamped!')), versions, signatures: both, platformPublicKey: key.publicKeyHex });
    expect(verdict).toMatchObject({ matchedVersion: null, tampered: true, ok: false, failingParty: 'buyer' });
    expect(verdict.signatures.every((s) => !s.covers)).toBe(true);
  });

  it('rejects a signature with an edited statement, another key, or a broken chain', () => {
    const edited = { ...both[1]!, userId: '12' };
    expect(evaluateDocument({ documentHash: v2, versions, signatures: [both[0]!, edited], platformPublicKey: key.publicKeyHex })).toMatchObject({ ok: false, failingParty: 'buyer' });

    const stranger = signingKeyOf(bytesToHex(ed25519.utils.randomSecretKey()));
    const foreign = [both[0]!, signed('buyer', 2, v1, v2, stranger)];
    expect(evaluateDocument({ documentHash: v2, versions, signatures: foreign, platformPublicKey: key.publicKeyHex }).signatures.map((s) => s.valid)).toEqual([true, false]);

    const skipping = [both[0]!, signed('buyer', 2, v0, v2)];
    expect(evaluateDocument({ documentHash: v2, versions, signatures: skipping, platformPublicKey: key.publicKeyHex })).toMatchObject({ ok: false, failingParty: 'buyer' });
  });

  it('accepts the unsigned document of a contract nobody has signed', () => {
    expect(evaluateDocument({ documentHash: v0, versions: versions.slice(0, 1), signatures: [], platformPublicKey: key.publicKeyHex })).toMatchObject({ ok: true, tampered: false, superseded: false, failingParty: null });
  });
});

describe('contract wording', () => {
  it('numbers a contract by its Shanghai confirmation day and a random tail', () => {
    // 17:30 UTC is already the next day in Shanghai.
    expect(contractNumberOf('2026-01-05T17:30:00.000Z', '7K2M9QXR4D')).toBe('HT202601067K2M9QXR4D');
    const drawn = Array.from({ length: 50 }, () => contractNumberOf('2026-01-05T17:30:00.000Z'));
    for (const no of drawn) expect(no).toMatch(/^HT20260106[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(shanghaiDay('2026-01-05T15:59:59.000Z')).toBe('2026-01-05');
  });

  it('prints shares as percentages without trailing zeros', () => {
    expect(percentOf('0.002')).toBe('0.2%');
    expect(percentOf('0.03')).toBe('3%');
    expect(percentOf('0.125')).toBe('12.5%');
    expect(percentOf('0')).toBe('0%');
  });
});
