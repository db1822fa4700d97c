import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';
import { DecimalString, LedgerBalance, LedgerDay, dayRangeInOrder, ledgerFlowFields } from './ledger';
import { JournalType } from './journal-types';
import { PaymentPassword } from './payment-password';
import { MOBILE_RE } from './identity';

/**
 * The capital center: bank signing (签约) on two channels, fund in / fund out, ICBC recharge and
 * withdrawal, account and frozen flows; the banks' signed callbacks; and the back office's bank
 * operations, reconciliation and sandbox controls.
 */
export const CapitalPath = {
  bankList: '/api/capital/bankList',
  allBankList: '/api/capital/allBankList',
  info: '/api/capital/info',
  signList: '/api/capital/sign/list',
  sign: '/api/capital/sign',
  modifySign: '/api/capital/sign/modify',
  signOut: '/api/capital/sign/out',
  fundIn: '/api/capital/fundIn',
  fundOut: '/api/capital/fundOut',
  transfers: '/api/capital/transfers',
  transfer: '/api/capital/transfer',
  flow: '/api/capital/flow',
  icbcInfo: '/api/capital/icbc/info',
  icbcSignList: '/api/capital/icbc/signList',
  icbcDocument: '/api/capital/icbc/document',
  icbcPay: '/api/capital/icbc/pay',
  icbcRetryPay: '/api/capital/icbc/retryPay',
  /** Where a bank posts its signed answers; `:bankId` is the channel. */
  callback: '/api/bank/callback/:bankId',
  adminOperations: '/api/admin/bank/operations',
  adminResend: '/api/admin/bank/operations/resend',
  adminReconcile: '/api/admin/bank/reconcile',
  adminDiffs: '/api/admin/bank/reconcile/diffs',
  adminResolve: '/api/admin/bank/reconcile/resolve',
  adminFunds: '/api/admin/bank/funds',
  adminSandbox: '/api/admin/bank/sandbox',
  adminSandboxControl: '/api/admin/bank/sandbox/control',
  adminSandboxStatement: '/api/admin/bank/sandbox/statement',
} as const;

export const bankCallbackPath = (bankId: string) => CapitalPath.callback.replace(':bankId', bankId);

export const BankCode = {
  notSigned: '-2101',
  alreadySigned: '-2102',
  signInTransit: '-2103',
  callbackRefused: '-2104',
  callbackReplayed: '-2105',
  documentRequired: '-2106',
  unknownBank: '-2107',
  cannotRetry: '-2108',
  bankBusy: '-2109',
} as const;

/** The two custody channels: `icbc` (with its own paths and the extra `0 unsigned`) and the second bank. */
export const BankChannelId = z.enum(['icbc', 'pab']);
export type BankChannelId = z.infer<typeof BankChannelId>;

export const BankListItem = z.object({ bankId: z.string(), bankName: z.string() });
export type BankListItem = z.infer<typeof BankListItem>;
export const BankList = z.array(BankListItem);

/** Bank sign: `1 signed`, `2 terminated`, `3 in transit`; the ICBC channel adds `0 unsigned`. */
export const SignStatus = namedCodes(['0', '1', '2', '3'] as const, { unsigned: '0', signed: '1', terminated: '2', inTransit: '3' });
export type SignStatus = (typeof SignStatus)[number];
/** Bank payment: `0 paying`, `1 success`, `2 failed`. */
export const PayStatus = namedCodes(['0', '1', '2'] as const, { paying: '0', succeeded: '1', failed: '2' });
export type PayStatus = (typeof PayStatus)[number];
/** `1` fund in, `2` fund out. */
export const FundDealflag = namedCodes(['1', '2'] as const, { in: '1', out: '2' });
export type FundDealflag = (typeof FundDealflag)[number];
/** The names the bank module's code compares states by: the same lists as above. */
export const SignState = SignStatus;
export const PayState = PayStatus;
export const FundDirection = FundDealflag;

/** Money on the capital center's forms: at most two decimals (the client truncates), more than zero. */
export const CapitalAmount = z
  .string()
  .regex(/^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/)
  .refine((v) => /[1-9]/.test(v), { message: 'must be greater than 0' });

const RequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const Id = z.string().regex(/^[1-9]\d{0,14}$/);

/** A bank account number, and a bank's 12-digit interbank number (the forms check the same). */
export const BANK_ACCOUNT_PATTERN = /^\d{8,30}$/;
export const OPEN_BANK_NUM_PATTERN = /^\d{12}$/;
/** An ICBC document's certificate number. */
export const CERT_NO_PATTERN = /^[0-9A-Za-z]{15,20}$/;

/** The spec's bank fields. */
export const BankAccountFields = z.strictObject({
  bankAccount: z.string().regex(BANK_ACCOUNT_PATTERN),
  bankAccountName: z.string().trim().min(2).max(60),
  openBankName: z.string().trim().min(2).max(60),
  openBankNum: z.string().regex(OPEN_BANK_NUM_PATTERN),
});
export type BankAccountFields = z.infer<typeof BankAccountFields>;

export const SignRequest = BankAccountFields.extend({ bankId: BankChannelId });
export type SignRequest = z.infer<typeof SignRequest>;
export const ModifySignRequest = BankAccountFields.extend({ infoId: Id });
export type ModifySignRequest = z.infer<typeof ModifySignRequest>;
export const SignOutRequest = z.strictObject({ infoId: Id });
export type SignOutRequest = z.infer<typeof SignOutRequest>;
export const SignListRequest = z.strictObject({ bankId: BankChannelId.optional() });
export type SignListRequest = z.infer<typeof SignListRequest>;

/** ICBC document (建档): the firm's certificate and a contact; the bank opens a sub-account. */
export const IcbcDocumentRequest = z.strictObject({
  bankAccountName: z.string().trim().min(2).max(60),
  certType: z.enum(['1', '2']),
  certNo: z.string().regex(CERT_NO_PATTERN),
  contactPhone: z.string().regex(MOBILE_RE),
});
export type IcbcDocumentRequest = z.infer<typeof IcbcDocumentRequest>;

export const SignRecord = z.object({
  infoId: z.string(),
  bankId: z.string(),
  bankName: z.string(),
  status: z.enum(SignStatus),
  /** What a `3 in transit` row waits for: sign, modify or unsign; '' otherwise. */
  pendingOp: z.string(),
  bankAccount: z.string(),
  bankAccountName: z.string(),
  openBankName: z.string(),
  openBankNum: z.string(),
  subAccount: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SignRecord = z.infer<typeof SignRecord>;
export const SignRecordList = z.array(SignRecord);

export const FundRequest = z.strictObject({ bankId: BankChannelId, amount: CapitalAmount, pwd: PaymentPassword, requestId: RequestId });
export type FundRequest = z.infer<typeof FundRequest>;

export const IcbcPayRequest = z.strictObject({
  payAmount: CapitalAmount,
  fundDealflag: z.enum(FundDealflag),
  payChannel: z.literal('1'),
  pwd: PaymentPassword,
  requestId: RequestId,
});
export type IcbcPayRequest = z.infer<typeof IcbcPayRequest>;
export const RetryPayRequest = z.strictObject({ id: Id, pwd: PaymentPassword });
export type RetryPayRequest = z.infer<typeof RetryPayRequest>;

export const TransferRecord = z.object({
  id: z.string(),
  bankId: z.string(),
  bankName: z.string(),
  fundDealflag: z.enum(FundDealflag),
  payChannel: z.string(),
  amount: DecimalString,
  status: z.enum(PayStatus),
  attempt: z.number().int(),
  bankSerial: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransferRecord = z.infer<typeof TransferRecord>;
export const TransferPage = pageOf(TransferRecord);
export type TransferPage = z.infer<typeof TransferPage>;

export const TransfersRequest = z.strictObject({
  bankId: BankChannelId.optional(),
  fundDealflag: z.enum(FundDealflag).optional(),
  status: z.enum(PayStatus).optional(),
  ...pageFields(),
});
export type TransfersRequest = z.infer<typeof TransfersRequest>;
export const CapitalTransferRequest = z.strictObject({ id: Id });

export const CapitalInfo = z.object({
  balance: LedgerBalance,
  signs: z.array(SignRecord),
  /** Transfers still `0 paying`: the page watches them until the bank answers. */
  paying: z.array(TransferRecord),
});
export type CapitalInfo = z.infer<typeof CapitalInfo>;

export const IcbcInfo = z.object({
  balance: LedgerBalance,
  /** The firm's live ICBC sign, or null when it has no document yet (shown as `0 unsigned`). */
  sign: SignRecord.nullable(),
  payments: z.array(TransferRecord),
});
export type IcbcInfo = z.infer<typeof IcbcInfo>;

/** Account flow (`available`) or frozen flow (`frozen`), current (today) or history. */
export const CapitalFlowRequest = z.strictObject(ledgerFlowFields).refine(...dayRangeInOrder());
export type CapitalFlowRequest = z.infer<typeof CapitalFlowRequest>;

/** Journal types the capital center writes; flows filter on them. */
export const CapitalJournalType = {
  deposit: JournalType.bankDeposit,
  withdrawFreeze: JournalType.bankWithdrawFreeze,
  withdraw: JournalType.bankWithdraw,
  withdrawRelease: JournalType.bankWithdrawRelease,
} as const;

/** What a bank posts back: one answer to one request, signed with the channel's key. */
export const BankCallbackData = z.object({
  requestNo: z.string().min(1).max(64),
  status: z.enum(['success', 'failed']),
  bankSerial: z.string().max(64),
  amount: DecimalString.optional(),
  reason: z.string().max(200).optional(),
});
export type BankCallbackData = z.infer<typeof BankCallbackData>;
export const BankCallback = z.object({
  bankId: z.string(),
  notifyId: z.string().min(8).max(64),
  /** Milliseconds since the epoch; old callbacks are refused. */
  timestamp: z.number().int(),
  data: BankCallbackData,
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BankCallback = z.infer<typeof BankCallback>;
export const BankCallbackAck = z.object({ outcome: z.enum(['applied', 'duplicate', 'unknown']) });

// ---- back office ----------------------------------------------------------------------------

export const BankRequestKind = z.enum(['sign', 'modify', 'unsign', 'deposit', 'withdraw']);
export const BankRequestStatus = z.enum(['pending', 'succeeded', 'failed']);
export const AdminOperationsRequest = z.strictObject({
  status: BankRequestStatus.optional(),
  bankId: BankChannelId.optional(),
  kind: BankRequestKind.optional(),
  ...pageFields(),
});
export const AdminOperation = z.object({
  requestNo: z.string(),
  bankId: z.string(),
  kind: BankRequestKind,
  firmId: z.string(),
  firmName: z.string(),
  amount: DecimalString.nullable(),
  status: BankRequestStatus,
  reason: z.string(),
  sends: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type AdminOperation = z.infer<typeof AdminOperation>;
export const AdminOperationPage = pageOf(AdminOperation);
export const AdminResendRequest = z.strictObject({ requestNo: z.string().min(1).max(64) });

export const AdminReconcileRequest = z.strictObject({ bankId: BankChannelId, day: LedgerDay.optional() });
export const ReconRun = z.object({ id: z.string(), bankId: z.string(), day: z.string(), matched: z.number().int(), differences: z.number().int(), ranAt: z.string() });
export type ReconRun = z.infer<typeof ReconRun>;
export const ReconDiffKind = z.enum(['missing_on_platform', 'missing_at_bank', 'amount_mismatch', 'status_mismatch']);
export type ReconDiffKind = z.infer<typeof ReconDiffKind>;
export const AdminDiffsRequest = z.strictObject({
  open: z.boolean().optional(),
  ...pageFields(),
});
export const ReconDiff = z.object({
  id: z.string(),
  bankId: z.string(),
  day: z.string(),
  requestNo: z.string(),
  kind: ReconDiffKind,
  transferId: z.string().nullable(),
  firmId: z.string().nullable(),
  bankAmount: DecimalString.nullable(),
  platformAmount: DecimalString.nullable(),
  platformStatus: z.string(),
  resolution: z.enum(['', 'applied', 'dismissed']),
  resolvedBy: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type ReconDiff = z.infer<typeof ReconDiff>;
export const ReconDiffPage = pageOf(ReconDiff);
/** `apply`: take the bank's answer (credits or settles exactly once); `dismiss`: note it and close. */
export const AdminResolveRequest = z.strictObject({ id: Id, action: z.enum(['apply', 'dismiss']), note: z.string().max(200).default('') });

export const AdminFundsRequest = z.strictObject({
  keyword: z.string().max(60).default(''),
  ...pageFields(),
});
export const FirmFunds = z.object({
  firmId: z.string(),
  firmCode: z.string(),
  name: z.string(),
  available: DecimalString,
  frozen: DecimalString,
  total: DecimalString,
  signedBanks: z.array(z.string()),
});
export type FirmFunds = z.infer<typeof FirmFunds>;
export const FirmFundsPage = pageOf(FirmFunds);

export const SandboxState = z.object({
  bankId: z.string(),
  bankName: z.string(),
  failNext: z.number().int(),
  dropNext: z.number().int(),
  delayMs: z.number().int(),
  pending: z.number().int(),
});
export type SandboxState = z.infer<typeof SandboxState>;
export const SandboxControlRequest = z.strictObject({
  bankId: BankChannelId,
  /** failNext: the next N requests fail; dropNext: their callbacks are lost; delay: answer after delayMs; succeed: back to normal. */
  action: z.enum(['failNext', 'dropNext', 'delay', 'succeed']),
  count: z.number().int().min(1).max(100).default(1),
  delayMs: z.number().int().min(0).max(3_600_000).default(0),
});
export const StatementRequest = z.strictObject({ bankId: BankChannelId, day: LedgerDay });
export const StatementLine = z.object({
  requestNo: z.string(),
  bankSerial: z.string(),
  kind: z.string(),
  account: z.string(),
  amount: DecimalString,
  status: z.enum(['succeeded', 'failed']),
  answeredAt: z.string(),
});
export type StatementLine = z.infer<typeof StatementLine>;
