import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';

/** Pre-sale (token issue): projects staff publish, real-name users subscribe, allocation at the end, staged unlocks. */
export const PresalePath = {
  projects: '/api/presale/projects',
  project: '/api/presale/project',
  subscribe: '/api/presale/subscribe',
  subscriptions: '/api/presale/subscriptions',
  placements: '/api/presale/placements',
  adminProjects: '/api/admin/presale/projects',
  adminSave: '/api/admin/presale/projects/save',
  adminRemove: '/api/admin/presale/projects/remove',
} as const;

/** The spec's pre-sale messages have these result codes. */
export const PresaleCode = {
  projectNotFound: '-3601',
  overbuying: '-3602',
  tooSmall: '-3603',
  cannotTrade: '-3604',
  expired: '-3605',
  notStarted: '-3606',
  currencyNotSupported: '-3607',
  insufficientBalance: '-3608',
  tooFrequent: '-3609',
  projectInfoFailed: '-3610',
} as const;

/** Time phase: not started, in progress, expired (ended, allocation pending), completed (allocated). */
export const PresalePhase = z.enum(['not_started', 'in_progress', 'expired', 'completed']);
export type PresalePhase = z.infer<typeof PresalePhase>;
/** Sale state: running, sold out, removed by staff. */
export const PresaleSaleStatus = z.enum(['running', 'sold_out', 'removed']);
export type PresaleSaleStatus = z.infer<typeof PresaleSaleStatus>;
/** Immediate arrival at the allocation, or unlocking by stages after it. */
export const LockupRule = z.enum(['immediate', 'stages']);
export type LockupRule = z.infer<typeof LockupRule>;
/** First come first served (never more than the amount is accepted), or pro-rata when oversubscribed. */
export const AllocationRule = z.enum(['fcfs', 'prorata']);
export type AllocationRule = z.infer<typeof AllocationRule>;
/** Subscription: trading (payment frozen), successful (allocated), withdrawn (nothing allocated, refunded). */
export const SubscriptionStatus = z.enum(['trading', 'successful', 'withdrawn']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

const decimal = z.string().regex(/^\d+(?:\.\d+)?$/);
const numericId = z.string().regex(/^\d{1,12}$/);

export const UnlockStage = z.strictObject({
  /** Days after the allocation. */
  afterDays: z.number().int().min(0).max(3650),
  /** Share of the winning quantity, in percent (up to two places). */
  percent: z.string().regex(/^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/),
});
export type UnlockStage = z.infer<typeof UnlockStage>;

const projectFields = {
  name: z.string().trim().min(1).max(60),
  companyName: z.string().trim().min(1).max(100),
  coinName: z.string().trim().min(1).max(60),
  coinType: z.string().trim().min(1).max(30),
  /** The token's code; delivered tokens land in the spot account in this currency. */
  abbreviation: z.string().regex(/^[A-Z0-9]{2,10}$/),
  website: z.string().trim().max(200),
  contractAddress: z.string().trim().max(100),
  whitePaper: z.string().trim().max(200),
  chatGroup: z.string().trim().max(100),
  introduction: z.string().trim().max(5000),
  totalIssue: PositiveAmount,
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  /** Price of one token, in USDT. */
  price: PositiveAmount,
  /** Tokens offered in this sale. */
  amount: PositiveAmount,
  minPurchase: PositiveAmount,
  maxPurchase: PositiveAmount,
  paymentCurrency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  /** Units of the payment currency per USDT of price (1 when paying in USDT). */
  exchangeRatio: PositiveAmount,
  lockupRule: LockupRule,
  unlockStages: z.array(UnlockStage).max(24),
  allocation: AllocationRule,
  /** Charged on the winning payment, e.g. 0.001 = 0.1 %. */
  feeRate: z.string().regex(/^0(?:\.\d{1,6})?$/),
  /** Decimal places of the token: the smallest unit allocations are made in. */
  quantityPlaces: z.number().int().min(0).max(8),
};

/** A new project without `projectId`; changing one is allowed until it starts. */
export const SavePresaleProject = z.strictObject({ projectId: numericId.optional(), ...projectFields });
export type SavePresaleProject = z.infer<typeof SavePresaleProject>;

export const PresaleProject = z.object({
  projectId: z.string(),
  ...projectFields,
  totalIssue: decimal,
  price: decimal,
  amount: decimal,
  minPurchase: decimal,
  maxPurchase: decimal,
  exchangeRatio: decimal,
  unlockStages: z.array(z.object({ afterDays: z.number().int(), percent: z.string() })),
  remainingAmount: decimal,
  subscribedAmount: decimal,
  phase: PresalePhase,
  saleStatus: PresaleSaleStatus,
  allocatedAt: z.string(),
  /** Decimal places payments in the payment currency are rounded (up) to. */
  paymentPlaces: z.number().int(),
});
export type PresaleProject = z.infer<typeof PresaleProject>;
export const PresaleProjectPage = pageOf(PresaleProject);
export type PresaleProjectPage = z.infer<typeof PresaleProjectPage>;

export const PresaleListQuery = z.strictObject({ ...pageFields(10, 50) });
export const PresaleProjectQuery = z.strictObject({ projectId: numericId });
/** The project and the server's clock, so the countdown runs on server time. */
export const PresaleProjectDetail = z.object({ project: PresaleProject, serverTime: z.string() });
export type PresaleProjectDetail = z.infer<typeof PresaleProjectDetail>;

export const SubscribeRequest = z.strictObject({ projectId: numericId, quantity: PositiveAmount, paymentCurrency: z.string().regex(/^[A-Z0-9]{2,10}$/) });
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const PresaleSubscription = z.object({
  subscriptionId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  abbreviation: z.string(),
  paymentCurrency: z.string(),
  /** Purchase price per token, in the payment currency. */
  price: decimal,
  quantity: decimal,
  /** Frozen at subscription: the payment for the quantity and its fee. */
  amountPaid: decimal,
  winningQuantity: decimal,
  winningAmount: decimal,
  fee: decimal,
  refund: decimal,
  /** Tokens still locked and already released. */
  locked: decimal,
  released: decimal,
  orderTime: z.string(),
  status: SubscriptionStatus,
});
export type PresaleSubscription = z.infer<typeof PresaleSubscription>;
export const PresaleSubscriptionPage = pageOf(PresaleSubscription);
export type PresaleSubscriptionPage = z.infer<typeof PresaleSubscriptionPage>;

/** The reply to a subscription: the order and the spec's "deal success". */
export const SubscribeResult = z.object({ subscription: PresaleSubscription, message: z.string() });
export type SubscribeResult = z.infer<typeof SubscribeResult>;

/** A placement: tokens delivered to the user, at the allocation or at an unlock stage. */
export const PresalePlacement = z.object({
  subscriptionId: z.string(),
  projectName: z.string(),
  abbreviation: z.string(),
  /** 0 for immediate arrival; otherwise the unlock stage, from 1. */
  stage: z.number().int(),
  quantity: decimal,
  /** When it is (or was) due. */
  dueAt: z.string(),
  /** '' until released. */
  releasedAt: z.string(),
});
export type PresalePlacement = z.infer<typeof PresalePlacement>;
export const PresalePlacementPage = pageOf(PresalePlacement);
export type PresalePlacementPage = z.infer<typeof PresalePlacementPage>;

export const PresaleRecordsQuery = z.strictObject({ ...pageFields(10, 100) });

export const AdminPresaleListRequest = z.strictObject({ ...pageFields(20, 100) });
export const AdminPresaleRemoveRequest = z.strictObject({ projectId: numericId, reason: z.string().trim().min(1).max(200) });
