import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';
import { PositiveAmount } from './exchange-assets';
import { DecimalString } from './ledger';

/**
 * Contract (leveraged) trading: listings on the spot markets' prices, entrustments (orders),
 * positions with stop-profit and stop-loss, deals and daily settlements. Money moves on the
 * user's contract account.
 */
export const FuturesPath = {
  listings: '/api/futures/listings',
  place: '/api/futures/order/place',
  cancel: '/api/futures/order/cancel',
  order: '/api/futures/order/detail',
  orders: '/api/futures/orders',
  positions: '/api/futures/positions',
  stops: '/api/futures/position/stops',
  deals: '/api/futures/deals',
  settlements: '/api/futures/settlements',
  adminListings: '/api/admin/futures/listings',
  adminSave: '/api/admin/futures/listings/save',
  adminStatus: '/api/admin/futures/listings/status',
  adminPositions: '/api/admin/futures/positions',
  adminLiquidations: '/api/admin/futures/liquidations',
} as const;

export const FuturesCode = {
  placeFailed: '-3801',
  cancelFailed: '-3802',
  listingInvalid: '-3803',
  stopsInvalid: '-3804',
  notFound: '-3805',
} as const;

export const FUTURES_LISTING_STATUSES = ['unlisted', 'listed', 'delisted'] as const;
export const FuturesListingStatus = z.enum(FUTURES_LISTING_STATUSES);
export type FuturesListingStatus = z.infer<typeof FuturesListingStatus>;

/** `fixed`: an amount per lot; `percent`: a fraction of the notional (price × lots × trading unit). */
export const FuturesAlgorithm = z.enum(['fixed', 'percent']);
export type FuturesAlgorithm = z.infer<typeof FuturesAlgorithm>;

export const FuturesSide = z.enum(['long', 'short']);
export type FuturesSide = z.infer<typeof FuturesSide>;
export const FuturesAction = z.enum(['open', 'close']);
export type FuturesAction = z.infer<typeof FuturesAction>;
export const FuturesOrderType = z.enum(['market', 'limit']);
export type FuturesOrderType = z.infer<typeof FuturesOrderType>;

/** The spec's entrustment states, with the two ends every order reaches. */
export const FuturesOrderStatus = z.enum(['entrusted', 'partially_filled', 'filled', 'cancelled', 'partially_cancelled']);
export type FuturesOrderStatus = z.infer<typeof FuturesOrderStatus>;

/** The spec's deal types; `liquidation` is the compulsory closing. */
export const FuturesDealType = z.enum(['market', 'limit', 'stop_loss', 'stop_profit', 'liquidation']);
export type FuturesDealType = z.infer<typeof FuturesDealType>;

const Lots = z.number().int().min(0).max(1_000_000_000);

const listingFields = {
  name: z.string().trim().min(1).max(40),
  code: z.string().regex(/^[A-Z0-9][A-Z0-9_-]{1,19}$/),
  /** The spot market whose price the listing follows. */
  symbol: z.string().regex(/^[A-Z0-9]{2,20}$/),
  /** Minimum price change. */
  tickSize: PositiveAmount,
  /** How much of the underlying one lot is. */
  unit: PositiveAmount,
  marginAlgorithm: FuturesAlgorithm,
  marginCoefficient: PositiveAmount,
  /** The share of the margin below which the equity of a position has it compulsorily closed. */
  maintenanceRate: PositiveAmount,
  feeAlgorithm: FuturesAlgorithm,
  openFee: DecimalString,
  closeFee: DecimalString,
  minLots: Lots,
  maxLots: Lots,
  maxPosition: Lots,
  /** The spread market orders fill at, above the mark price when buying and below it when selling. */
  priceDifference: DecimalString,
  /** A day's fee for holding, in the fee algorithm (per lot, or a fraction of the notional at the mark). */
  overnightFee: DecimalString,
  allowMarketOpen: z.boolean(),
  allowMarketClose: z.boolean(),
  allowStops: z.boolean(),
};

export const FuturesListing = z.object({
  listingId: z.string(),
  ...listingFields,
  minLots: z.number().int(),
  maxLots: z.number().int(),
  maxPosition: z.number().int(),
  status: FuturesListingStatus,
  /** Settlement currency (the spot market's quote). */
  currency: z.string(),
  /** The current mark price; '' while the spot market has neither a trade nor both sides of a book. */
  mark: z.string(),
  updatedAt: z.string(),
});
export type FuturesListing = z.infer<typeof FuturesListing>;

/** A new listing without `listingId` (it starts unlisted); an existing one with it. */
export const SaveFuturesListing = z.strictObject({ listingId: RowId.optional(), ...listingFields });
export type SaveFuturesListing = z.infer<typeof SaveFuturesListing>;

/** The terms a new listing starts from: what the back office's form proposes and the demo listings use. */
export const STANDARD_LISTING_TERMS = {
  tickSize: '0.01',
  marginAlgorithm: 'percent',
  marginCoefficient: '0.1',
  maintenanceRate: '0.5',
  feeAlgorithm: 'percent',
  openFee: '0.0005',
  closeFee: '0.0005',
  minLots: 1,
  overnightFee: '0.0002',
  allowMarketOpen: true,
  allowMarketClose: true,
  allowStops: true,
} as const satisfies Partial<SaveFuturesListing>;

export const FuturesListingStatusRequest = z.strictObject({ listingId: RowId, status: FuturesListingStatus });
export type FuturesListingStatusRequest = z.infer<typeof FuturesListingStatusRequest>;

export const PlaceFuturesOrder = z.strictObject({
  listingId: RowId,
  side: FuturesSide,
  action: FuturesAction,
  type: FuturesOrderType,
  lots: z.number().int().min(0).max(1_000_000_000),
  /** Limit orders only. */
  price: PositiveAmount.optional(),
  /** Opening orders: carried to the position. */
  stopProfit: PositiveAmount.optional(),
  stopLoss: PositiveAmount.optional(),
});
export type PlaceFuturesOrder = z.infer<typeof PlaceFuturesOrder>;

export const FuturesOrderIdRequest = z.strictObject({ orderId: RowId });
export type FuturesOrderIdRequest = z.infer<typeof FuturesOrderIdRequest>;

export const FuturesOrder = z.object({
  orderId: z.string(),
  listingId: z.string(),
  code: z.string(),
  side: FuturesSide,
  action: FuturesAction,
  type: FuturesOrderType,
  lots: z.number().int(),
  filledLots: z.number().int(),
  price: z.string(),
  fillPrice: z.string(),
  /** What the order holds on the contract account until it fills or is cancelled. */
  frozenMargin: z.string(),
  frozenFee: z.string(),
  status: FuturesOrderStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FuturesOrder = z.infer<typeof FuturesOrder>;
export const FuturesOrderPage = pageOf(FuturesOrder);

export const FuturesOrdersQuery = z.strictObject({ open: z.boolean().optional(), listingId: RowId.optional(), ...pageFields(10, 100) });
export type FuturesOrdersQuery = z.infer<typeof FuturesOrdersQuery>;

export const FuturesPosition = z.object({
  positionId: z.string(),
  listingId: z.string(),
  code: z.string(),
  side: FuturesSide,
  lots: z.number().int(),
  averagePrice: z.string(),
  openPrice: z.string(),
  openedAt: z.string(),
  margin: z.string(),
  /** The current mark and the profit or loss at it ('' without a mark). */
  mark: z.string(),
  floatingPnl: z.string(),
  stopProfit: z.string(),
  stopLoss: z.string(),
  /** How the position was entered: market or limit. */
  mode: FuturesOrderType,
});
export type FuturesPosition = z.infer<typeof FuturesPosition>;

/** Stop-profit and stop-loss of a position; an empty string removes one. At least one is required. */
export const SetFuturesStops = z.strictObject({
  positionId: RowId,
  stopProfit: z.union([PositiveAmount, z.literal('')]),
  stopLoss: z.union([PositiveAmount, z.literal('')]),
});
export type SetFuturesStops = z.infer<typeof SetFuturesStops>;

export const FuturesDeal = z.object({
  dealId: z.string(),
  orderId: z.string(),
  positionId: z.string(),
  code: z.string(),
  side: FuturesSide,
  action: FuturesAction,
  dealType: FuturesDealType,
  price: z.string(),
  lots: z.number().int(),
  fee: z.string(),
  /** Closing deals: the profit or loss realised, before the fee. */
  realizedPnl: z.string(),
  createdAt: z.string(),
});
export type FuturesDeal = z.infer<typeof FuturesDeal>;
export const FuturesDealPage = pageOf(FuturesDeal);

export const FuturesSettlement = z.object({
  settlementId: z.string(),
  /** The business day settled, YYYY-MM-DD (Asia/Shanghai). */
  day: z.string(),
  currency: z.string(),
  positions: z.number().int(),
  overnightFee: z.string(),
  realizedPnl: z.string(),
  fees: z.string(),
  /** The contract account (available and frozen) after the settlement. */
  balance: z.string(),
  createdAt: z.string(),
});
export type FuturesSettlement = z.infer<typeof FuturesSettlement>;
export const FuturesSettlementPage = pageOf(FuturesSettlement);

export const FuturesPageQuery = z.strictObject({ ...pageFields(10, 100) });
export type FuturesPageQuery = z.infer<typeof FuturesPageQuery>;

/** Back office: every open position, or every compulsory closing, with whose it is. */
export const AdminFuturesPosition = FuturesPosition.extend({ userId: z.string() });
export type AdminFuturesPosition = z.infer<typeof AdminFuturesPosition>;
export const AdminFuturesPositionPage = pageOf(AdminFuturesPosition);

export const FuturesLiquidation = z.object({
  dealId: z.string(),
  userId: z.string(),
  code: z.string(),
  side: FuturesSide,
  lots: z.number().int(),
  price: z.string(),
  realizedPnl: z.string(),
  /** The loss beyond the position's margin, borne by the platform's risk account. */
  shortfall: z.string(),
  createdAt: z.string(),
});
export type FuturesLiquidation = z.infer<typeof FuturesLiquidation>;
export const FuturesLiquidationPage = pageOf(FuturesLiquidation);

/** What a user's topic carries for contract trading (push type `order`): an entrustment or a position changed. */
export const FuturesPush = z.object({ futures: z.enum(['order', 'position']), listingId: z.string() });
export type FuturesPush = z.infer<typeof FuturesPush>;
