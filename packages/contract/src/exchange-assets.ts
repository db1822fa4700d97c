import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { CurrencyCode, DecimalString, LedgerDay, dayRangeInOrder } from './ledger';

/** The exchange's assets and each user's accounts per asset and account type. */
export const ExchangeAssetPath = {
  assets: '/api/exchange/assets',
  overview: '/api/exchange/assets/overview',
  transfer: '/api/exchange/assets/transfer',
  flow: '/api/exchange/assets/flow',
} as const;

/** Result codes of the exchange's asset calls. */
export const ExchangeAssetCode = {
  transferFailed: '-3001',
  unknownAsset: '-3002',
} as const;

/** Spot (币币), contract (合约) and fiat / OTC (法币): each a book of available and frozen money. */
export const ExchangeAccountType = z.enum(['spot', 'contract', 'fiat']);
export type ExchangeAccountType = z.infer<typeof ExchangeAccountType>;
export const EXCHANGE_ACCOUNT_TYPES = ExchangeAccountType.options;

export const ExchangeAsset = z.object({
  code: z.string(),
  name: z.string(),
  /** Decimal places an amount of the asset may have. */
  precision: z.number().int(),
  minDeposit: DecimalString,
  minWithdraw: DecimalString,
  withdrawFee: DecimalString,
  confirmations: z.number().int(),
  chain: z.string(),
  /** Reference price in USDT used for valuations. */
  usdtPrice: DecimalString,
});
export type ExchangeAsset = z.infer<typeof ExchangeAsset>;

export const AssetBalance = z.object({
  asset: z.string(),
  available: DecimalString,
  frozen: DecimalString,
  total: DecimalString,
  /** total × the asset's USDT price, truncated to 8 places. */
  usdtValue: DecimalString,
});
export type AssetBalance = z.infer<typeof AssetBalance>;

export const AccountOverview = z.object({
  accountType: ExchangeAccountType,
  usdtValue: DecimalString,
  /** Every enabled asset, zero balances included, in the assets' order. */
  balances: z.array(AssetBalance),
});
export type AccountOverview = z.infer<typeof AccountOverview>;

export const AssetOverview = z.object({ usdtValue: DecimalString, accounts: z.array(AccountOverview) });
export type AssetOverview = z.infer<typeof AssetOverview>;

/** A plain positive number: digits with an optional fraction, no sign, no exponent. */
export const PositiveAmount = z.string().regex(/^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/).refine((v) => /[1-9]/.test(v), { message: 'must be greater than 0' });

export const TransferRequest = z
  .strictObject({
    asset: CurrencyCode,
    from: ExchangeAccountType,
    to: ExchangeAccountType,
    amount: PositiveAmount,
    /** Chosen by the client once per transfer: a retry with the same id moves the money once. */
    requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .refine((r) => r.from !== r.to, { path: ['to'], message: 'must differ from from' });
export type TransferRequest = z.infer<typeof TransferRequest>;

export const TransferResult = z.object({ journalId: z.string(), from: AssetBalance, to: AssetBalance });
export type TransferResult = z.infer<typeof TransferResult>;

export const AssetFlowRequest = z
  .strictObject({
    accountType: ExchangeAccountType.default('spot'),
    asset: CurrencyCode.optional(),
    /** The business event, e.g. `exchange.transfer`. */
    type: z.string().min(1).max(64).optional(),
    from: LedgerDay.optional(),
    to: LedgerDay.optional(),
    ...pageFields(),
  })
  .refine(...dayRangeInOrder('must not be before from'));
export type AssetFlowRequest = z.infer<typeof AssetFlowRequest>;

export const AssetFlowEntry = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string(),
  asset: z.string(),
  accountType: ExchangeAccountType,
  /** Signed: positive credits the account. */
  amount: DecimalString,
  balanceAfter: DecimalString,
  createdAt: z.string(),
  /**
   * A spot trade's fee, shown as its own line: paid in `asset`; when that is the line's asset the
   * amount above is already net of it, otherwise it came out of the order's frozen funds.
   */
  fee: z.object({ asset: z.string(), amount: DecimalString }).optional(),
});
export type AssetFlowEntry = z.infer<typeof AssetFlowEntry>;
export const AssetFlowPage = pageOf(AssetFlowEntry);
