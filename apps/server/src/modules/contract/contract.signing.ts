import { createHash } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { ContractParty } from '@tp/contract';
import { canonicalJson } from '../../platform/audit/index';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What a party's signature attests: this signer, at this time, stamped this document onto the one before it. */
export interface SigningStatement {
  contractNo: string;
  party: ContractParty;
  firmId: string;
  userId: string;
  version: number;
  previousHash: string;
  documentHash: string;
  signedAt: string;
}

const statementBytes = (s: SigningStatement) =>
  new TextEncoder().encode(
    canonicalJson({ contractNo: s.contractNo, party: s.party, firmId: s.firmId, userId: s.userId, version: s.version, previousHash: s.previousHash, documentHash: s.documentHash, signedAt: s.signedAt }),
  );

export function signStatement(statement: SigningStatement, secretKey: Uint8Array): string {
  return bytesToHex(ed25519.sign(statementBytes(statement), secretKey));
}

export function statementVerifies(statement: SigningStatement, signatureHex: string, publicKeyHex: string): boolean {
  try {
    return ed25519.verify(hexToBytes(signatureHex), statementBytes(statement), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}

export interface RecordedSignature extends SigningStatement {
  signature: string;
  publicKey: string;
}

export interface SignatureVerdict {
  party: ContractParty;
  /** Signed by the platform key over its statement, linked to the version before it and to its own stored version. */
  valid: boolean;
  /** The checked document is this signature's version or a later one. */
  covers: boolean;
}

export interface DocumentVerdict {
  /** The version of the contract the document is, or null when it is none of them. */
  matchedVersion: number | null;
  tampered: boolean;
  /** A genuine version, but signatures were added after it. */
  superseded: boolean;
  signatures: SignatureVerdict[];
  /** Every signature verifies and the document is one the platform issued. */
  ok: boolean;
  /** The party whose signature the document should carry but fails, when tampered or invalid. */
  failingParty: ContractParty | null;
}

/**
 * Checks a document (by its SHA-256) against a contract's stored versions and signature chain.
 * Each signature must verify under the platform key, start from the version before it, and name
 * the stored version it produced; the document must be one of those versions.
 */
export function evaluateDocument(input: {
  documentHash: string;
  versions: readonly { version: number; sha256: string }[];
  signatures: readonly RecordedSignature[];
  platformPublicKey: string;
}): DocumentVerdict {
  const hashOfVersion = new Map(input.versions.map((v) => [v.version, v.sha256]));
  const matchedVersion = input.versions.find((v) => v.sha256 === input.documentHash)?.version ?? null;
  const latestVersion = input.versions.reduce((max, v) => Math.max(max, v.version), -1);
  let expectedPrevious = hashOfVersion.get(0);
  const signatures = [...input.signatures]
    .sort((a, b) => a.version - b.version)
    .map((s) => {
      const valid =
        s.publicKey === input.platformPublicKey &&
        statementVerifies(s, s.signature, s.publicKey) &&
        s.previousHash === expectedPrevious &&
        hashOfVersion.get(s.version) === s.documentHash;
      expectedPrevious = s.documentHash;
      return { party: s.party, valid, covers: matchedVersion !== null && s.version <= matchedVersion };
    });
  const tampered = matchedVersion === null;
  const invalid = signatures.find((s) => !s.valid);
  const last = signatures.at(-1);
  return {
    matchedVersion,
    tampered,
    superseded: !tampered && matchedVersion < latestVersion,
    signatures,
    ok: !tampered && !invalid,
    failingParty: invalid?.party ?? (tampered ? (last?.party ?? null) : null),
  };
}
