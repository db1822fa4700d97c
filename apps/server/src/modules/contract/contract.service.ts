import { randomBytes } from 'node:crypto';
import { toChineseUppercase } from '@tp/decimal';
import type { AdminContractListRequest, Contract, ContractDetail, ContractListRequest, ContractParty, ContractVerification, Language, Page } from '@tp/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { appendAudit } from '../../platform/audit/index';
import { type Db, type DbOrTx, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { toMoney, toQuantity } from '../../platform/money';
import { ForbiddenError, type AuthContext } from '../../platform/http/index';
import { render } from '../../platform/i18n/index';
import { shanghaiDay } from '../../platform/time';
import type { FirmService } from '../firm/index';
import type { PickContractTerms } from '../listing/index';
import { MESSAGES, VERDICTS, conflict, notFound } from './contract.errors';
import type { SigningKey } from './contract.keys';
import { renderContractPdf } from './contract.pdf';
import * as repo from './contract.repo';
import type { PartyCredential } from './contract.tables';
import { evaluateDocument, sha256Hex, signStatement, type RecordedSignature } from './contract.signing';

export interface ContractServiceDeps {
  db: Db;
  clock: Clock;
  firm: Pick<FirmService, 'requireRight'>;
  /** The firm's seal image from the personal center (`profile.sealImageOf`). */
  seals: { sealImageOf(firmId: string): Promise<{ data: Buffer; mime: string } | null> };
  signingKey: SigningKey;
  /**
   * How a firm is named on paper: a person by real name with the sealed resident ID, an enterprise
   * by its certified name with its credit code; undefined for an unknown firm.
   */
  parties: { describe(tx: DbOrTx, firmId: number): Promise<{ name: string; credential: PartyCredential | null } | undefined> };
  /** Opens a sealed resident ID number, only to print it on the parties' own contract. */
  revealIdNumber(sealed: string): string;
}

type ListQuery = z.output<typeof ContractListRequest>;
type AdminListQuery = z.output<typeof AdminContractListRequest>;

const STATUS_AFTER: Record<ContractParty, Record<string, string>> = {
  seller: { '0': '1', '2': '3' },
  buyer: { '0': '2', '1': '3' },
};
const other = (party: ContractParty): ContractParty => (party === 'seller' ? 'buyer' : 'seller');

/** Crockford's base32: no I, L, O or U, so a number read off paper or over the phone is not mistyped. */
const TAIL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const TAIL_LENGTH = 10;

/** 10 random base32 characters (50 bits): a contract's number tells nothing about its neighbours'. */
export function randomContractTail(): string {
  // 256 is a multiple of 32, so masking a random byte picks every character equally often.
  return [...randomBytes(TAIL_LENGTH)].map((b) => TAIL_ALPHABET[b & 31]).join('');
}

/**
 * HT + the Shanghai day of confirmation + a random tail: readable on paper and not guessable, so the
 * public verification cannot be walked through by counting. Contracts issued before keep their
 * `HT<day><pick number>` numbers.
 */
export const contractNumberOf = (confirmedAt: string, tail: string = randomContractTail()) => `HT${shanghaiDay(confirmedAt).replaceAll('-', '')}${tail}`;

/** Old numbers end in the pick number, new ones in the random tail. */
const CONTRACT_NO = 'HT\\d{8}[0-9A-Z]{1,24}';
/** The contract number from the document information (`/Subject`), written directly or as an indirect object. */
function contractNoInInfo(source: string): string | undefined {
  const direct = new RegExp(`/Subject\\s*\\((${CONTRACT_NO})\\)`).exec(source)?.[1];
  if (direct) return direct;
  const ref = /\/Subject\s+(\d+) 0 R/.exec(source)?.[1];
  return ref ? new RegExp(`(?:^|\\s)${ref} 0 obj\\s*\\((${CONTRACT_NO})\\)`).exec(source)?.[1] : undefined;
}

/** A new contract number found taken (a one-in-2^50 clash) is drawn again this many times. */
const NUMBER_ATTEMPTS = 5;

export function createContractService(deps: ContractServiceDeps) {
  const { db, clock, firm, seals, signingKey } = deps;

  /** The credential as printed: the full ID number for the document the parties hold; masked when it was never kept in full. */
  function printed(credential: PartyCredential | null): { label: string; value: string } | undefined {
    if (!credential) return undefined;
    if (credential.kind === 'creditCode') return credential.value ? { label: '统一社会信用代码', value: credential.value } : undefined;
    return { label: '身份证号码', value: credential.sealed ? deps.revealIdNumber(credential.sealed) : credential.masked };
  }

  const termsOf = (row: repo.ContractRow) => row.terms as PickContractTerms;
  const partyOf = (row: repo.ContractRow, firmId: number): ContractParty => (row.sellerFirmId === firmId ? 'seller' : 'buyer');

  function toContract(row: repo.ContractRow, viewerFirmId: number | null, signatures: repo.SignatureRow[]): Contract {
    const terms = termsOf(row);
    const signed = new Set(signatures.map((s) => s.party));
    const side = viewerFirmId === null ? null : partyOf(row, viewerFirmId);
    return {
      contractId: String(row.id),
      contractNo: row.contractNo,
      pickId: String(row.pickId),
      listingId: String(row.listingId),
      side,
      sellerName: row.sellerName,
      buyerName: row.buyerName,
      commodityName: terms.commodityName,
      gradeName: terms.gradeName,
      unit: terms.unit,
      weightUnit: terms.weightUnit,
      price: toMoney(terms.price),
      quantity: toQuantity(terms.quantity),
      weight: toQuantity(terms.weight),
      amount: toMoney(terms.amount),
      amountInWords: toChineseUppercase(terms.amount),
      status: row.status,
      sellerSigned: signed.has('seller'),
      buyerSigned: signed.has('buyer'),
      awaitingMySignature: side !== null && !signed.has(side),
      confirmedAt: terms.confirmedAt,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The full ID number only to the contract's own parties; staff see it masked. */
  function shown(credential: PartyCredential | null, viewerFirmId: number | null): ContractDetail['sellerCredential'] {
    if (!credential) return null;
    if (credential.kind === 'creditCode') return { kind: 'creditCode', value: credential.value };
    return { kind: 'idNumber', value: viewerFirmId !== null && credential.sealed ? deps.revealIdNumber(credential.sealed) : credential.masked };
  }

  async function toDetail(row: repo.ContractRow, viewerFirmId: number | null): Promise<ContractDetail> {
    const signatures = await repo.signaturesOf(db, row.id);
    return {
      ...toContract(row, viewerFirmId, signatures),
      sellerCredential: shown(row.sellerCredential, viewerFirmId),
      buyerCredential: shown(row.buyerCredential, viewerFirmId),
      documentHash: row.documentHash,
      signatures: signatures.map((s) => ({
        party: s.party as ContractParty,
        firmName: s.party === 'seller' ? row.sellerName : row.buyerName,
        userId: String(s.userId),
        signedAt: s.signedAt.toISOString(),
        previousHash: s.previousHash,
        documentHash: s.documentHash,
        signature: s.signature,
        publicKey: s.publicKey,
      })),
    };
  }

  async function toPage(rows: repo.ContractRow[], total: number, query: { page: number; size: number }, viewerFirmId: number | null): Promise<Page<Contract>> {
    const content = await Promise.all(rows.map(async (row) => toContract(row, viewerFirmId, await repo.signaturesOf(db, row.id))));
    return pageOf(content, total, query);
  }

  function renderWith(row: repo.ContractRow, signatures: readonly Pick<repo.SignatureRow, 'party' | 'sealImage' | 'signedAt'>[]): Promise<Buffer> {
    const stamped: Partial<Record<ContractParty, { image: Buffer; signedAt: string }>> = {};
    for (const s of signatures) stamped[s.party as ContractParty] = { image: s.sealImage, signedAt: s.signedAt.toISOString() };
    return renderContractPdf({
      contractNo: row.contractNo,
      sellerName: row.sellerName,
      buyerName: row.buyerName,
      credentials: { seller: printed(row.sellerCredential), buyer: printed(row.buyerCredential) },
      terms: termsOf(row),
      seals: stamped,
    });
  }

  /** The current document, rendering the unsigned one on first read. */
  async function currentDocument(row: repo.ContractRow): Promise<{ row: repo.ContractRow; pdf: Buffer }> {
    let current = row;
    if (current.documentHash === null) {
      const pdf = await renderWith(current, []);
      await withTransaction(db, (tx) => repo.setFirstDocument(tx, current.id, sha256Hex(pdf), pdf, clock.now()));
      current = (await repo.contractOf(db, current.id, null))!;
    }
    const document = await repo.documentOf(db, current.id, current.documentHash!);
    if (!document) throw notFound();
    return { row: current, pdf: document.pdf };
  }

  /** The full account for a logged-in user of one of the contract's two firms with `contract.view`; the document view for anyone else. */
  async function viewOf(auth: AuthContext | null, row: repo.ContractRow | undefined): Promise<'full' | 'document'> {
    if (!auth || auth.kind !== 'user' || !row) return 'document';
    const firmId = Number(auth.firmId);
    if (row.sellerFirmId !== firmId && row.buyerFirmId !== firmId) return 'document';
    try {
      await firm.requireRight(auth, 'contract.view');
      return 'full';
    } catch (err) {
      // A party's user without the right to view contracts checks copies as anyone else does.
      if (err instanceof ForbiddenError) return 'document';
      throw err;
    }
  }

  async function ownContract(auth: AuthContext, contractId: number, right: 'contract.view' | 'contract.sign') {
    await firm.requireRight(auth, right);
    const firmId = Number(auth.firmId);
    const row = await repo.contractOf(db, contractId, firmId);
    if (!row) throw notFound();
    return { row, firmId };
  }

  /**
   * What checking a document found. The contract's parties and staff get the `full` account (each
   * signature, its time and hash); anyone else holding a copy gets the `document` view: whether this
   * document is genuine, altered or unknown, and nothing the document does not already show.
   */
  async function verdict(row: repo.ContractRow | undefined, documentHash: string, lang: Language, view: 'full' | 'document' = 'full'): Promise<ContractVerification> {
    if (!row) {
      return { ok: false, tampered: true, superseded: false, contractNo: null, status: null, sha256: documentHash, message: render(VERDICTS.unknown, lang), signatures: [] };
    }
    const [versions, signatures] = await Promise.all([repo.versionsOf(db, row.id), repo.signaturesOf(db, row.id)]);
    const recorded: RecordedSignature[] = signatures.map((s) => ({
      contractNo: row.contractNo,
      party: s.party as ContractParty,
      firmId: String(s.firmId),
      userId: String(s.userId),
      version: s.version,
      previousHash: s.previousHash,
      documentHash: s.documentHash,
      signedAt: s.signedAt.toISOString(),
      signature: s.signature,
      publicKey: s.publicKey,
    }));
    const result = evaluateDocument({ documentHash, versions, signatures: recorded, platformPublicKey: signingKey.publicKeyHex });
    const partyName = (party: ContractParty) => render(VERDICTS[party], lang);
    const signedParties = new Set(signatures.map((s) => s.party));
    if (view === 'document' && !(result.ok && !result.superseded)) {
      // Who signed when, and which signature fails, is the parties' business, not a visitor's.
      const message = result.tampered ? VERDICTS.tampered : result.ok ? VERDICTS.supersededDocument : VERDICTS.invalidDocument;
      return { ok: result.ok, tampered: result.tampered, superseded: result.superseded, contractNo: result.tampered ? null : row.contractNo, status: null, sha256: documentHash, message: render(message, lang), signatures: [] };
    }
    let message: string;
    if (result.tampered) {
      message = result.failingParty ? render(VERDICTS.tamperedSignature, lang, { party: partyName(result.failingParty) }) : render(VERDICTS.tampered, lang);
    } else if (!result.ok) {
      message = render(VERDICTS.badSignature, lang, { party: partyName(result.failingParty!) });
    } else if (result.superseded) {
      const later = recorded.filter((s) => s.version > result.matchedVersion!).map((s) => partyName(s.party));
      message = render(VERDICTS.superseded, lang, { party: later.join('、') });
    } else if (signedParties.size === 2) {
      message = render(VERDICTS.ok, lang);
    } else if (signedParties.size === 0) {
      message = render(VERDICTS.okUnsigned, lang);
    } else {
      message = render(VERDICTS.okPartial, lang, { party: partyName(other([...signedParties][0] as ContractParty)) });
    }
    // The latest genuine version shows its seals, so its state is no secret to whoever holds it.
    if (view === 'document') return { ok: true, tampered: false, superseded: false, contractNo: row.contractNo, status: row.status, sha256: documentHash, message, signatures: [] };
    return {
      ok: result.ok,
      tampered: result.tampered,
      superseded: result.superseded,
      contractNo: row.contractNo,
      status: result.tampered ? null : row.status,
      sha256: documentHash,
      message,
      signatures: result.signatures.map((check, i) => {
        const s = recorded[i]!;
        return {
          party: check.party,
          // A document the platform never issued learns nothing about the parties.
          firmName: result.tampered ? null : check.party === 'seller' ? row.sellerName : row.buyerName,
          signedAt: s.signedAt,
          documentHash: s.documentHash,
          valid: check.valid,
          coversDocument: check.covers,
          message: render(!check.valid ? VERDICTS.badSignature : result.tampered ? VERDICTS.signatureFails : check.covers ? VERDICTS.signatureOk : VERDICTS.signatureLater, lang, {
            party: partyName(check.party),
          }),
        };
      }),
    };
  }

  return {
    /** The listing module's `ContractIssuer`: records the pick's contract inside the confirming transaction; the PDF is rendered on first read. */
    async issueForPick(tx: DbOrTx, terms: PickContractTerms): Promise<{ contractId: string }> {
      const existing = await repo.contractByPick(tx, terms.pickId);
      if (existing) return { contractId: String(existing.id) };
      // Named as they are at confirmation (a person by real name, never the masked phone), so the document never changes later.
      const seller = await deps.parties.describe(tx, terms.sellerFirmId);
      const buyer = await deps.parties.describe(tx, terms.buyerFirmId);
      const now = clock.now();
      const values = {
        pickId: terms.pickId,
        listingId: terms.listingId,
        sellerFirmId: terms.sellerFirmId,
        buyerFirmId: terms.buyerFirmId,
        sellerName: seller?.name ?? '',
        buyerName: buyer?.name ?? '',
        sellerCredential: seller?.credential ?? null,
        buyerCredential: buyer?.credential ?? null,
        commodityName: terms.commodityName,
        amount: terms.amount,
        terms,
        status: '0',
        createdAt: now,
        updatedAt: now,
      };
      for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
        const row = await repo.insertContractUnlessNumberTaken(tx, { ...values, contractNo: contractNumberOf(terms.confirmedAt) });
        if (row) return { contractId: String(row.id) };
      }
      throw new Error(`no free contract number for pick ${terms.pickId} after ${NUMBER_ATTEMPTS} attempts`);
    },

    async list(auth: AuthContext, query: ListQuery): Promise<Page<Contract>> {
      await firm.requireRight(auth, 'contract.view');
      const firmId = Number(auth.firmId);
      const { rows, total } = await repo.listContracts(db, {
        ...(query.side === 'seller' ? { sellerFirmId: firmId } : { buyerFirmId: firmId }),
        status: query.status,
        contractNo: query.contractNo,
        commodityName: query.commodityName,
        ...pageWindow(query),
      });
      return toPage(rows, total, query, firmId);
    },

    async detail(auth: AuthContext, contractId: number): Promise<ContractDetail> {
      const { row, firmId } = await ownContract(auth, contractId, 'contract.view');
      return toDetail(row, firmId);
    },

    async pdf(auth: AuthContext, contractId: number): Promise<{ contractNo: string; pdf: Buffer }> {
      const { row } = await ownContract(auth, contractId, 'contract.view');
      const { pdf } = await currentDocument(row);
      return { contractNo: row.contractNo, pdf };
    },

    /**
     * Signs for the caller's firm: the seal is stamped (the PDF re-rendered with every seal so far),
     * and the platform key signs a statement over the new document's SHA-256 chained to the previous one.
     */
    async sign(auth: AuthContext, contractId: number): Promise<ContractDetail> {
      const { row: found, firmId } = await ownContract(auth, contractId, 'contract.sign');
      const party = partyOf(found, firmId);
      if ((await repo.signaturesOf(db, found.id)).some((s) => s.party === party)) throw conflict(MESSAGES.alreadySigned);
      const seal = await seals.sealImageOf(String(firmId));
      if (!seal) throw conflict(MESSAGES.noSeal);
      const { row } = await currentDocument(found);
      const before = await repo.signaturesOf(db, row.id);
      const now = clock.now();
      const version = before.length + 1;
      // Rendered before the transaction (it takes a moment); the row lock then checks nobody signed meanwhile.
      const pdf = await renderWith(row, [...before, { party, sealImage: seal.data, signedAt: now }]);
      const documentHash = sha256Hex(pdf);
      const statement = {
        contractNo: row.contractNo,
        party,
        firmId: String(firmId),
        userId: auth.userId,
        version,
        previousHash: row.documentHash!,
        documentHash,
        signedAt: now.toISOString(),
      };
      const signature = signStatement(statement, signingKey.secretKey);
      await withTransaction(db, async (tx) => {
        const locked = await repo.contractOf(tx, row.id, firmId, true);
        if (!locked) throw notFound();
        if ((await repo.signaturesOf(tx, row.id)).some((s) => s.party === party)) throw conflict(MESSAGES.alreadySigned);
        if (locked.documentHash !== row.documentHash) throw conflict(MESSAGES.changed);
        const status = STATUS_AFTER[party][locked.status];
        if (!status) throw conflict(MESSAGES.changed);
        await repo.insertDocument(tx, { contractId: row.id, version, sha256: documentHash, pdf, createdAt: now });
        await repo.insertSignature(tx, {
          contractId: row.id,
          party,
          firmId,
          userId: Number(auth.userId),
          version,
          previousHash: statement.previousHash,
          documentHash,
          signature,
          publicKey: signingKey.publicKeyHex,
          sealImage: seal.data,
          signedAt: now,
        });
        await repo.updateContract(tx, row.id, { status, documentHash, updatedAt: now });
        await appendAudit(tx, {
          at: now,
          actorKind: 'user',
          actorId: auth.userId,
          action: 'contract.sign',
          objectType: 'contract',
          objectId: String(row.id),
          detail: { contractNo: row.contractNo, party, firmId: String(firmId), version, previousHash: statement.previousHash, documentHash, signature, status },
        });
      });
      return toDetail((await repo.contractOf(db, row.id, firmId))!, firmId);
    },

    /** Verifies the platform's stored copy of one of the caller's contracts. */
    async verify(auth: AuthContext, contractId: number, lang: Language): Promise<ContractVerification> {
      const { row } = await ownContract(auth, contractId, 'contract.view');
      const { row: current, pdf } = await currentDocument(row);
      return verdict(current, sha256Hex(pdf), lang);
    },

    /**
     * Verifies any PDF: found by its hash among the issued versions, else by the contract number in
     * its document information, so an altered copy of a real contract is reported as altered.
     */
    async verifyUpload(auth: AuthContext | null, pdf: Buffer, lang: Language): Promise<ContractVerification> {
      const documentHash = sha256Hex(pdf);
      const byHash = await repo.contractIdByHash(db, documentHash);
      const named = byHash === undefined ? contractNoInInfo(pdf.toString('latin1')) : undefined;
      const row = byHash !== undefined ? await repo.contractOf(db, byHash, null) : named ? await repo.contractByNo(db, named) : undefined;
      return verdict(row, documentHash, lang, await viewOf(auth, row));
    },

    /** Checks a document by its number and SHA-256: the number alone, with a made-up hash, says nothing but "altered". */
    async verifyHash(auth: AuthContext | null, contractNo: string, documentHash: string, lang: Language): Promise<ContractVerification> {
      const row = await repo.contractByNo(db, contractNo);
      return verdict(row, documentHash.toLowerCase(), lang, await viewOf(auth, row));
    },

    async adminList(query: AdminListQuery): Promise<Page<Contract>> {
      const { rows, total } = await repo.listContracts(db, {
        status: query.status,
        contractNo: query.contractNo,
        firmName: query.firmName,
        ...pageWindow(query),
      });
      return toPage(rows, total, query, null);
    },

    async adminDetail(contractId: number): Promise<ContractDetail> {
      const row = await repo.contractOf(db, contractId, null);
      if (!row) throw notFound();
      return toDetail(row, null);
    },

    async adminPdf(contractId: number): Promise<{ contractNo: string; pdf: Buffer }> {
      const row = await repo.contractOf(db, contractId, null);
      if (!row) throw notFound();
      const { pdf } = await currentDocument(row);
      return { contractNo: row.contractNo, pdf };
    },

    async adminVerify(contractId: number, lang: Language): Promise<ContractVerification> {
      const row = await repo.contractOf(db, contractId, null);
      if (!row) throw notFound();
      const { row: current, pdf } = await currentDocument(row);
      return verdict(current, sha256Hex(pdf), lang);
    },
  };
}

export type ContractService = ReturnType<typeof createContractService>;
