import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';

/** Purchase-and-sale contracts (购销合同) of confirmed picks, their PDF and both parties' electronic signatures. */
export const ContractPath = {
  list: '/api/contract/list',
  detail: '/api/contract/detail',
  /** GET: the current PDF; `?download=1` asks the browser to save it. */
  pdf: '/api/contract/pdf/:contractId',
  sign: '/api/contract/sign',
  /** Verifies the platform's stored copy of one of the caller's contracts. */
  verify: '/api/contract/verify',
  /** Public: verifies an uploaded PDF (multipart, one file). */
  verifyUpload: '/api/contract/verify/upload',
  /** Public: verifies a document by its contract number and SHA-256. */
  verifyHash: '/api/contract/verify/hash',
  adminList: '/api/admin/contract/list',
  adminDetail: '/api/admin/contract/detail',
  adminPdf: '/api/admin/contract/pdf/:contractId',
  adminVerify: '/api/admin/contract/verify',
} as const;

export const contractPdfPath = (contractId: string, download = false) =>
  `${ContractPath.pdf.replace(':contractId', encodeURIComponent(contractId))}${download ? '?download=1' : ''}`;
export const adminContractPdfPath = (contractId: string) => ContractPath.adminPdf.replace(':contractId', encodeURIComponent(contractId));

/** Contract `status`: 0 awaiting signatures, 1 seller signed, 2 buyer signed, 3 signed by both. */
export const ContractStatus = ['0', '1', '2', '3'] as const;
export type ContractStatus = (typeof ContractStatus)[number];
export const ContractParty = ['seller', 'buyer'] as const;
export type ContractParty = (typeof ContractParty)[number];

/** The largest PDF the verification upload takes. */
export const CONTRACT_PDF_MAX_BYTES = 5 * 1024 * 1024;

const contractNo = z.string().trim().max(32);
const sha256 = z.string().regex(/^[0-9a-fA-F]{64}$/);

export const ContractListRequest = z.strictObject({
  side: z.enum(ContractParty),
  status: z.enum(ContractStatus).optional(),
  /** Part of the contract number. */
  contractNo: contractNo.optional(),
  commodityName: z.string().trim().max(32).optional(),
  ...pageFields(),
});
export type ContractListRequest = z.input<typeof ContractListRequest>;

export const AdminContractListRequest = z.strictObject({
  status: z.enum(ContractStatus).optional(),
  contractNo: contractNo.optional(),
  /** Part of either party's firm name. */
  firmName: z.string().trim().max(64).optional(),
  ...pageFields(),
});
export type AdminContractListRequest = z.input<typeof AdminContractListRequest>;

export const ContractIdRequest = z.strictObject({ contractId: RowId });
export type ContractIdRequest = z.infer<typeof ContractIdRequest>;
export const ContractHashRequest = z.strictObject({ contractNo: contractNo.min(1), sha256 });
export type ContractHashRequest = z.infer<typeof ContractHashRequest>;

export const Contract = z.object({
  contractId: z.string(),
  contractNo: z.string(),
  pickId: z.string(),
  listingId: z.string(),
  /** The viewer's side; null for platform staff. */
  side: z.enum(ContractParty).nullable(),
  sellerName: z.string(),
  buyerName: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  unit: z.string(),
  weightUnit: z.string(),
  price: z.string(),
  quantity: z.string(),
  weight: z.string(),
  amount: z.string(),
  /** The amount in uppercase Chinese numerals (人民币大写). */
  amountInWords: z.string(),
  status: z.string(),
  sellerSigned: z.boolean(),
  buyerSigned: z.boolean(),
  /** The viewer's firm has not signed yet and the contract is open for it. */
  awaitingMySignature: z.boolean(),
  confirmedAt: z.string(),
  createdAt: z.string(),
});
export type Contract = z.infer<typeof Contract>;
export const ContractPage = pageOf(Contract);
export type ContractPage = z.infer<typeof ContractPage>;

export const ContractSignature = z.object({
  party: z.enum(ContractParty),
  firmName: z.string(),
  userId: z.string(),
  signedAt: z.string(),
  /** SHA-256 of the document this signature's seal was stamped on. */
  previousHash: z.string(),
  /** SHA-256 of the document with this signature's seal stamped. */
  documentHash: z.string(),
  /** The platform's Ed25519 signature (hex) over the signing statement. */
  signature: z.string(),
  publicKey: z.string(),
});
export type ContractSignature = z.infer<typeof ContractSignature>;

/** How a party is identified besides its name: a person's resident ID (in full to the parties, masked to staff) or an enterprise's credit code. */
export const ContractCredential = z.object({ kind: z.enum(['idNumber', 'creditCode']), value: z.string() });
export type ContractCredential = z.infer<typeof ContractCredential>;

export const ContractDetail = Contract.extend({
  /** Null on contracts issued before credentials were recorded. */
  sellerCredential: ContractCredential.nullable(),
  buyerCredential: ContractCredential.nullable(),
  documentHash: z.string().nullable(),
  signatures: z.array(ContractSignature),
});
export type ContractDetail = z.infer<typeof ContractDetail>;

export const SignatureCheck = z.object({
  party: z.enum(ContractParty),
  /** Null when the document is not one the platform issued: the parties are not disclosed. */
  firmName: z.string().nullable(),
  signedAt: z.string(),
  documentHash: z.string(),
  /** The signature verifies under the platform key and links to the document before it. */
  valid: z.boolean(),
  /** The checked document contains this signature (it is this version or a later one). */
  coversDocument: z.boolean(),
  message: z.string(),
});
export type SignatureCheck = z.infer<typeof SignatureCheck>;

export const ContractVerification = z.object({
  /** The document is a version the platform issued, and every signature on it verifies. */
  ok: z.boolean(),
  /** The document matches no version the platform issued for this contract. */
  tampered: z.boolean(),
  /** The document is an earlier version: signatures were added after it. */
  superseded: z.boolean(),
  contractNo: z.string().nullable(),
  status: z.string().nullable(),
  sha256: z.string(),
  message: z.string(),
  /** Empty for a visitor (anyone but a logged-in user of the contract's two firms): they learn only whether the document is genuine. */
  signatures: z.array(SignatureCheck),
});
export type ContractVerification = z.infer<typeof ContractVerification>;
