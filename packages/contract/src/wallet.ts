import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';
import { CurrencyCode, DecimalString } from './ledger';
import { secondFactorField } from './security';

export { chainAddressProblem, type AddressProblem } from './chain-address';

/** Deposits, withdrawals, the address book, and the back office's wallet screens. */
export const WalletPath = {
  depositAddress: '/api/wallet/deposit/address',
  deposits: '/api/wallet/deposits',
  withdrawPreview: '/api/wallet/withdraw/preview',
  withdraw: '/api/wallet/withdraw',
  withdrawals: '/api/wallet/withdrawals',
  addressBook: '/api/wallet/addressBook',
  addressBookAdd: '/api/wallet/addressBook/add',
  addressBookDelete: '/api/wallet/addressBook/delete',
  settings: '/api/wallet/settings',
  settingsSave: '/api/wallet/settings/save',
  adminWithdrawals: '/api/admin/wallet/withdrawals',
  adminDecide: '/api/admin/wallet/withdrawals/decide',
  adminCustody: '/api/admin/wallet/custody',
  adminRefills: '/api/admin/wallet/refills',
  adminRefillDecide: '/api/admin/wallet/refills/decide',
  adminChain: '/api/admin/chain/status',
  adminChainDeposit: '/api/admin/chain/deposit',
  adminChainMine: '/api/admin/chain/mine',
} as const;

export const WalletCode = {
  withdrawFailed: '-3201',
  addressInvalid: '-3202',
  belowMinimum: '-3203',
  walletClosed: '-3204',
  notWhitelisted: '-3205',
} as const;

export const ChainName = z.enum(['BTC', 'ETH']);
export type ChainName = z.infer<typeof ChainName>;

/** Deposit records: confirming → completed. */
export const DepositStatus = z.enum(['confirming', 'completed']);
/** Withdrawal records: under review → processing / in transit → completed | rejected | failed. */
export const WithdrawalStatus = z.enum(['review', 'processing', 'in_transit', 'completed', 'rejected', 'failed']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const DepositAddressRequest = z.strictObject({ asset: CurrencyCode });
export const DepositAddress = z.object({
  asset: z.string(),
  chain: ChainName,
  address: z.string(),
  /** False until the first deposit of at least the asset's minimum arrives. */
  activated: z.boolean(),
  minDeposit: DecimalString,
  confirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof DepositAddress>;

export const RecordsRequest = z.strictObject({
  asset: CurrencyCode.optional(),
  ...pageFields(),
});

export const DepositRecord = z.object({
  id: z.string(),
  asset: z.string(),
  chain: ChainName,
  txid: z.string(),
  address: z.string(),
  amount: DecimalString,
  confirmations: z.number().int(),
  required: z.number().int(),
  status: DepositStatus,
  /** A first deposit under the minimum is recorded but not credited; '' otherwise. */
  note: z.string(),
  createdAt: z.string(),
});
export type DepositRecord = z.infer<typeof DepositRecord>;
export const DepositPage = pageOf(DepositRecord);

export const WithdrawPreviewRequest = z.strictObject({ asset: CurrencyCode, amount: PositiveAmount });
export const WithdrawPreview = z.object({
  asset: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  /** What leaves the spot account: amount + fee. */
  total: DecimalString,
  available: DecimalString,
  minWithdraw: DecimalString,
  /** Whether staff must review it (above the auto-approve value). */
  needsReview: z.boolean(),
});
export type WithdrawPreview = z.infer<typeof WithdrawPreview>;

export const WithdrawRequest = z.strictObject({
  asset: CurrencyCode,
  /** Its format per chain is checked by the wallet (and the form) with a message that names the chain. */
  address: z.string().trim().min(1).max(100),
  amount: PositiveAmount,
  fundPassword: z.string().min(1).max(20),
  /** One per withdrawal the user means: a retried request makes one withdrawal. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  /** The authenticator's code, when the user turned two-factor authentication on. */
  ...secondFactorField,
});
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

export const WithdrawalRecord = z.object({
  id: z.string(),
  asset: z.string(),
  chain: ChainName,
  address: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  status: WithdrawalStatus,
  txid: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecord>;
export const WithdrawalPage = pageOf(WithdrawalRecord);

export const AddressBookEntry = z.object({
  id: z.string(),
  asset: z.string(),
  label: z.string(),
  address: z.string(),
  createdAt: z.string(),
  /** In whitelist mode the address is accepted from this moment: 24 hours after it was added. */
  usableAt: z.string(),
  usable: z.boolean(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;
export const AddressBookAdd = z.strictObject({ asset: CurrencyCode, label: z.string().trim().min(1).max(30), address: z.string().trim().min(1).max(100) });
export const AddressBookDelete = z.strictObject({ id: z.string().regex(/^\d{1,12}$/) });

export const AdminWithdrawalsRequest = z.strictObject({
  status: WithdrawalStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
  ...pageFields(),
});
export const AdminWithdrawalRow = WithdrawalRecord.extend({ userId: z.string(), account: z.string(), reviewedBy: z.string() });
export type AdminWithdrawalRow = z.infer<typeof AdminWithdrawalRow>;
export const AdminWithdrawalPage = pageOf(AdminWithdrawalRow);
export const AdminWithdrawalDecision = z
  .strictObject({ id: z.string().regex(/^\d{1,12}$/), approve: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((d) => d.approve || (d.reason ?? '').length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });

/** A user's withdrawal settings: in whitelist mode only saved addresses, each usable 24 hours after it was added. */
export const WalletSettings = z.object({ whitelistOnly: z.boolean() });
export type WalletSettings = z.infer<typeof WalletSettings>;
export const WalletSettingsSave = z.strictObject({ whitelistOnly: z.boolean(), fundPassword: z.string().min(1).max(20), ...secondFactorField });
export type WalletSettingsSave = z.infer<typeof WalletSettingsSave>;

/**
 * Custody per asset: what the platform holds for its users, and where (hot 2%, cold 98%);
 * `waiting` is what approved withdrawals need from the hot wallet and it does not hold yet.
 */
export const CustodyRow = z.object({ asset: z.string(), total: DecimalString, hot: DecimalString, cold: DecimalString, waiting: DecimalString, lastMoveAt: z.string() });
export type CustodyRow = z.infer<typeof CustodyRow>;

/** A cold-to-hot move that waits for staff: pending → approved (moved) | rejected. */
export const RefillStatus = z.enum(['pending', 'approved', 'rejected']);
export const RefillRow = z.object({
  id: z.string(),
  asset: z.string(),
  amount: DecimalString,
  status: RefillStatus,
  reason: z.string(),
  decidedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RefillRow = z.infer<typeof RefillRow>;
export const RefillPage = pageOf(RefillRow);
export const AdminRefillsRequest = z.strictObject({ status: RefillStatus.optional(), keyword: z.string().trim().max(20).optional(), ...pageFields() });
export const AdminRefillDecision = z
  .strictObject({ id: z.string().regex(/^\d{1,12}$/), approve: z.boolean(), reason: z.string().trim().max(200).optional() })
  .refine((d) => d.approve || (d.reason ?? '').length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });

export const ChainStatus = z.object({ chain: ChainName, height: z.number().int(), pending: z.number().int() });
export const ChainDepositRequest = z.strictObject({ chain: ChainName, address: z.string().trim().min(20).max(100), asset: CurrencyCode, amount: PositiveAmount });
export const ChainDepositResult = z.object({ txid: z.string() });
export const ChainMineRequest = z.strictObject({ chain: ChainName, blocks: z.coerce.number().int().min(1).max(100).default(1) });
