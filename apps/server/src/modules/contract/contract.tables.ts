import { bigint, customType, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, firmIdColumn, identityKey, referenceTo, timestamps, userIdColumn } from '../../platform/db/columns';

const money = (name: string) => numeric(name, { precision: 38, scale: 2 });

/** PDF bytes: PGlite hands back a Uint8Array, node-postgres a Buffer; both become a Buffer here. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/** How a party is identified on paper besides its name: a person's resident ID, an enterprise's credit code. */
export type PartyCredential =
  | { kind: 'idNumber'; /** AES-256-GCM sealed (verification's cipher); null when verified before IDs were kept. */ sealed: string | null; masked: string }
  | { kind: 'creditCode'; value: string };

/**
 * A purchase-and-sale contract (购销合同), one per confirmed pick. `terms` is the pick as it was
 * confirmed and the party names as they were then, so the document renders the same every time.
 * The parties' credentials are null on contracts issued before they were recorded.
 * `status`: 0 awaiting signatures, 1 seller signed, 2 buyer signed, 3 signed by both.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: identityKey(830001),
    contractNo: text('contract_no').notNull(),
    pickId: bigint('pick_id', { mode: 'number' }).notNull(),
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    sellerName: text('seller_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    sellerCredential: jsonb('seller_credential').$type<PartyCredential>(),
    buyerCredential: jsonb('buyer_credential').$type<PartyCredential>(),
    commodityName: text('commodity_name').notNull(),
    amount: money('amount').notNull(),
    terms: jsonb('terms').notNull(),
    status: text('status').notNull(),
    /** SHA-256 (hex) of the current document; null until it is first rendered. */
    documentHash: text('document_hash'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contracts_no_uq').on(t.contractNo),
    uniqueIndex('contracts_pick_uq').on(t.pickId),
    index('contracts_seller_idx').on(t.sellerFirmId, t.id),
    index('contracts_buyer_idx').on(t.buyerFirmId, t.id),
  ],
);

/** Every version of a contract's PDF: 0 unsigned, then one per signature with the seals stamped so far. */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: identityKey(),
    contractId: referenceTo('contract_id', () => contracts.id),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    pdf: bytes('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contract_documents_version_uq').on(t.contractId, t.version), index('contract_documents_hash_idx').on(t.sha256)],
);

/**
 * A party's electronic signature: the platform's Ed25519 signature over a statement naming the
 * contract, the signer and the SHA-256 of the document with that party's seal stamped, chained to
 * the document it was stamped on (`previousHash`).
 */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: identityKey(),
    contractId: referenceTo('contract_id', () => contracts.id),
    /** seller or buyer. */
    party: text('party').notNull(),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    version: integer('version').notNull(),
    previousHash: text('previous_hash').notNull(),
    documentHash: text('document_hash').notNull(),
    /** Ed25519 signature (hex) over the canonical statement. */
    signature: text('signature').notNull(),
    publicKey: text('public_key').notNull(),
    /** The seal image as stamped, so later versions re-render with it even if the firm replaces its seal. */
    sealImage: bytes('seal_image').notNull(),
    signedAt: at('signed_at').notNull(),
  },
  (t) => [uniqueIndex('contract_signatures_party_uq').on(t.contractId, t.party)],
);
