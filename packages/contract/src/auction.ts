import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { LISTING_PRICE_PATTERN, LISTING_QUANTITY_PATTERN } from './listing';
import { namedCodes } from './named-codes';

/** Auctions (竞拍) of the commodity platform: publish, sign-up with a deposit, live bidding, the winning order. */
export const AuctionPath = {
  /** The auction hall (trade search with offer sums): public. */
  list: '/api/auction/list',
  detail: '/api/auction/detail',
  /** The bid ladder of one auction, bidders masked: public. */
  offers: '/api/auction/offers',
  /** The server's clock, so every client's countdown agrees. */
  time: '/api/auction/time',
  publishMarginSell: '/api/auction/publish/marginSell',
  publishHoldSell: '/api/auction/publish/holdSell',
  /** A buyer's reverse auction (竞买): sellers bid the price down. */
  publishMarginBuy: '/api/auction/publish/marginBuy',
  undoPublish: '/api/auction/undoPublish',
  /** The seller's own auctions. */
  mine: '/api/auction/mine',
  signUp: '/api/auction/signUp',
  /** The firm's enrolments (page 0, size 1000 at startup). */
  enrolments: '/api/auction/enrolments',
  offer: '/api/auction/offer',
  proxy: '/api/auction/proxy',
  proxyDetail: '/api/auction/proxy/detail',
  /** Winning orders, as buyer or seller. */
  orders: '/api/auction/orders',
  orderDetail: '/api/auction/order/detail',
  confirmBidOrder: '/api/auction/confirmBidOrder',
  payBalance: '/api/auction/order/pay',
} as const;

export const AdminAuctionPath = {
  list: '/api/admin/auction/list',
  audit: '/api/admin/auction/audit',
  stop: '/api/admin/auction/stop',
} as const;

/**
 * Auction `status`: N not public yet (awaiting audit, failed, or before `showTime`), 0 public notice,
 * 1 bidding, 2 ended, U withdrawn (undone by the seller, failed audit or stopped by staff).
 * An ended auction with `unsold` is passed-in (流拍).
 */
export const AuctionStatus = namedCodes(['N', '0', '1', '2', 'U'] as const, { notPublic: 'N', notice: '0', bidding: '1', ended: '2', withdrawn: 'U' });
export type AuctionStatus = (typeof AuctionStatus)[number];
/** Audit status: P pending, T passed, F failed. */
export const AuctionAuditStatus = namedCodes(['P', 'T', 'F'] as const, { pending: 'P', passed: 'T', failed: 'F' });
export type AuctionAuditStatus = (typeof AuctionAuditStatus)[number];
/**
 * How the lot is published: B margin sell (seller margin frozen besides the goods), H hold sell (the
 * goods alone), M margin buy (竞买: a buyer publishes what it wants bought, its deposit frozen; sellers
 * bid the price down and the lowest bid leads).
 */
export const AuctionKind = namedCodes(['B', 'H', 'M'] as const, { marginSell: 'B', holdSell: 'H', marginBuy: 'M' });
export type AuctionKind = (typeof AuctionKind)[number];
/** Sign-up state: 0 not registered, 1 pre-registered (deposit pending), 2 registered. */
export const EnrolStatus = namedCodes(['0', '1', '2'] as const, { none: '0', pre: '1', registered: '2' });
export type EnrolStatus = (typeof EnrolStatus)[number];
/** Where a bidder's deposit is: W awaiting the bank channel, F frozen, R released, P turned into the first payment, X forfeited. */
export const DepositState = namedCodes(['W', 'F', 'R', 'P', 'X'] as const, { awaiting: 'W', frozen: 'F', released: 'R', firstPayment: 'P', forfeited: 'X' });
export type DepositState = (typeof DepositState)[number];
/** Winning order `status`: W to confirm, T confirmed, F invalid (defaulted). */
export const AuctionOrderStatus = namedCodes(['W', 'T', 'F'] as const, { toConfirm: 'W', confirmed: 'T', invalid: 'F' });
export type AuctionOrderStatus = (typeof AuctionOrderStatus)[number];

const id = z.string().regex(/^\d{1,18}$/);
const positive = (v: string) => /[1-9]/.test(v);
const price = z.string().regex(LISTING_PRICE_PATTERN).refine(positive);
const quantity = z.string().regex(LISTING_QUANTITY_PATTERN).refine(positive);
const instant = z.iso.datetime({ offset: true });

/** Publish fields of the spec, from a holding of the seller (`holdId`; all of it when `quantity` is left out). */
export const PublishAuctionRequest = z
  .strictObject({
    holdId: id,
    quantity: quantity.optional(),
    /** Price per weight unit the bidding starts at. */
    startingUnitPrice: price,
    /** The least step between two bids. */
    addPrice: price,
    /** Hidden from bidders: below it nothing is sold. */
    reservePrice: price.optional(),
    showTime: instant,
    startTime: instant,
    endTime: instant,
    memo: z.string().trim().max(500).default(''),
    contactName: z.string().trim().min(1).max(32),
    contactPhone: z.string().trim().regex(/^[0-9+\- ]{5,20}$/),
    /** An uploaded image's id. */
    image: z.string().max(64).default(''),
    bankIdList: z.array(z.string().max(16)).max(10).default([]),
    /** The warehouse holding the goods; checked against the holding when given. */
    warehousId: id.optional(),
  })
  .refine((b) => Date.parse(b.showTime) <= Date.parse(b.startTime), { path: ['startTime'], message: 'startTime must not be before showTime' })
  .refine((b) => Date.parse(b.startTime) < Date.parse(b.endTime), { path: ['endTime'], message: 'endTime must be after startTime' });
export type PublishAuctionRequest = z.input<typeof PublishAuctionRequest>;

/**
 * Publish a margin buy (竞买): what the buyer wants, where it is delivered (`warehousId`), the most it
 * pays a weight unit (`startingUnitPrice`) and the least step down (`addPrice`). The buyer's deposit is
 * frozen; sellers sign up with a performance margin and the lowest bid at or below the reserve wins.
 */
export const PublishMarginBuyRequest = z
  .strictObject({
    commodityName: z.string().trim().min(1).max(64),
    gradeName: z.string().trim().max(64).default(''),
    quantity,
    weight: quantity,
    startingUnitPrice: price,
    addPrice: price,
    /** Hidden from bidders: above it nothing is bought. */
    reservePrice: price.optional(),
    showTime: instant,
    startTime: instant,
    endTime: instant,
    memo: z.string().trim().max(500).default(''),
    contactName: z.string().trim().min(1).max(32),
    contactPhone: z.string().trim().regex(/^[0-9+\- ]{5,20}$/),
    image: z.string().max(64).default(''),
    bankIdList: z.array(z.string().max(16)).max(10).default([]),
    /** The warehouse the goods are delivered in. */
    warehousId: id,
  })
  .refine((b) => Date.parse(b.showTime) <= Date.parse(b.startTime), { path: ['startTime'], message: 'startTime must not be before showTime' })
  .refine((b) => Date.parse(b.startTime) < Date.parse(b.endTime), { path: ['endTime'], message: 'endTime must be after startTime' });
export type PublishMarginBuyRequest = z.input<typeof PublishMarginBuyRequest>;

/** confirm bid order; the winning seller of a margin buy names the holding (`holdId`) it delivers from. */
export const ConfirmBidOrderRequest = z.strictObject({ orderId: id, holdId: id.optional() });
export type ConfirmBidOrderRequest = z.input<typeof ConfirmBidOrderRequest>;

export const AuctionIdRequest = z.strictObject({ itemId: id });
export type AuctionIdRequest = z.input<typeof AuctionIdRequest>;
/** Sign-up: `plain` freezes the deposit at once; `icbc` pre-registers (state 1) and the deposit is frozen when the bank channel answers. */
export const SignUpRequest = z.strictObject({ itemId: id, channel: z.enum(['plain', 'icbc']).default('plain') });
export type SignUpRequest = z.input<typeof SignUpRequest>;
export const OfferRequest = z.strictObject({ itemId: id, offerPrice: price });
export type OfferRequest = z.input<typeof OfferRequest>;
/** A proxy bid: the server bids for the firm, one step at a time, up to `maxPrice` (in a margin buy: down to it, the firm's minimum). */
export const ProxyRequest = z.strictObject({ itemId: id, maxPrice: price });
export type ProxyRequest = z.input<typeof ProxyRequest>;

export const AuctionListRequest = z.strictObject({
  status: z.enum(AuctionStatus).optional(),
  /** Only passed-in (true) or only sold (false) ended lots. */
  unsold: z.boolean().optional(),
  keyword: z.string().trim().max(32).optional(),
  ...pageFields(),
});
export type AuctionListRequest = z.input<typeof AuctionListRequest>;
export const EnrolmentListRequest = z.strictObject({ status: z.enum(EnrolStatus).optional(), ...pageFields(10, 1000) });
export type EnrolmentListRequest = z.input<typeof EnrolmentListRequest>;
export const AuctionOrderListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']).default('buyer'), ...pageFields() });
export type AuctionOrderListRequest = z.input<typeof AuctionOrderListRequest>;
export const AuctionPayRequest = z.strictObject({ orderId: id, marginPassWord: z.string().regex(/^\d{6}$/) });
export type AuctionPayRequest = z.input<typeof AuctionPayRequest>;

export const AdminAuctionListRequest = z.strictObject({ auditStatus: z.enum(AuctionAuditStatus).optional(), status: z.enum(AuctionStatus).optional(), ...pageFields() });
export type AdminAuctionListRequest = z.input<typeof AdminAuctionListRequest>;
export const AdminAuctionAuditRequest = z
  .strictObject({ itemId: id, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((b) => b.pass || b.reason.length > 0, { path: ['reason'], message: 'a reason is needed to fail the audit' });
export type AdminAuctionAuditRequest = z.input<typeof AdminAuctionAuditRequest>;
export const AdminAuctionStopRequest = z.strictObject({ itemId: id, reason: z.string().trim().min(1).max(200) });
export type AdminAuctionStopRequest = z.input<typeof AdminAuctionStopRequest>;

/** One auction lot as a bidder or visitor sees it; the reserve price never leaves the server. */
export const AuctionItem = z.object({
  itemId: z.string(),
  kind: z.enum(AuctionKind),
  /** S the publisher sells (bids rise), B the publisher buys (margin buy: bids fall, the lowest leads). */
  bsFlag: z.enum(['S', 'B']),
  source: z.literal('J'),
  /** The publishing firm (the buyer of a margin buy). */
  sellerFirmId: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  quantity: z.string(),
  weight: z.string(),
  startingUnitPrice: z.string(),
  addPrice: z.string(),
  /** The leading bid (the highest; the lowest in a margin buy), or the starting price before any bid. */
  currentPrice: z.string(),
  /** The least the next bid may be (the most, in a margin buy). */
  nextPrice: z.string(),
  bidCount: z.number().int(),
  /** The leading bidder, masked as its bidder number (e.g. "3"); null before any bid. */
  leader: z.string().nullable(),
  deposit: z.string(),
  hasReserve: z.boolean(),
  reserveMet: z.boolean(),
  showTime: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(AuctionStatus),
  auditStatus: z.enum(AuctionAuditStatus),
  unsold: z.boolean(),
  reason: z.string(),
  memo: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  image: z.string(),
  bankIdList: z.array(z.string()),
  warehousId: z.string(),
  storageName: z.string(),
  /** The viewer's own lot. */
  mine: z.boolean(),
  /** The viewer's sign-up state and bidder number (null when not signed up). */
  enrolStatus: z.enum(EnrolStatus),
  bidderNo: z.number().int().nullable(),
  /** The viewer leads. */
  leading: z.boolean(),
  serverTime: z.string(),
});
export type AuctionItem = z.infer<typeof AuctionItem>;
export const AuctionItemPage = pageOf(AuctionItem);

export const AuctionBid = z.object({ seq: z.number().int(), price: z.string(), bidder: z.string(), proxy: z.boolean(), time: z.string(), mine: z.boolean() });
export type AuctionBid = z.infer<typeof AuctionBid>;
export const AuctionBidPage = pageOf(AuctionBid);
/** The acknowledgement of a bid: its place in the auction's order and the lot as it stands after it. */
export const OfferResult = z.object({ seq: z.number().int(), price: z.string(), item: AuctionItem });
export type OfferResult = z.infer<typeof OfferResult>;
export const ProxyView = z.object({ itemId: z.string(), maxPrice: z.string().nullable() });
export type ProxyView = z.infer<typeof ProxyView>;
export const ServerTime = z.object({ serverTime: z.string() });

export const Enrolment = z.object({
  itemId: z.string(),
  commodityName: z.string(),
  status: z.enum(EnrolStatus),
  channel: z.enum(['plain', 'icbc']),
  bidderNo: z.number().int(),
  deposit: z.string(),
  depositState: z.enum(DepositState),
  auctionStatus: z.enum(AuctionStatus),
  endTime: z.string(),
  /** The firm won the lot. */
  won: z.boolean(),
  createdAt: z.string(),
});
export type Enrolment = z.infer<typeof Enrolment>;
export const EnrolmentPage = pageOf(Enrolment);

export const AuctionOrder = z.object({
  orderId: z.string(),
  itemId: z.string(),
  /** The lot's kind: in a margin buy (M) the winner is the seller, who confirms naming the holding it delivers from. */
  kind: z.enum(AuctionKind),
  side: z.enum(['buyer', 'seller']),
  commodityName: z.string(),
  gradeName: z.string(),
  quantity: z.string(),
  weight: z.string(),
  price: z.string(),
  amount: z.string(),
  /** The deposit, kept as the first payment. */
  firstPayment: z.string(),
  balance: z.string(),
  fee: z.string(),
  status: z.enum(AuctionOrderStatus),
  /** W awaiting payment, F first payment paid, L remainder paid. */
  payStatus: z.enum(['W', 'F', 'L']),
  /** N none, W delayed, F defaulted. */
  buyerDefault: z.enum(['N', 'W', 'F']),
  /** The winning seller of a margin buy that does not confirm by `confirmDueAt`: N none, W delayed, F defaulted. */
  sellerDefault: z.enum(['N', 'W', 'F']),
  /** When a margin buy's winning seller must have confirmed; null for other orders. */
  confirmDueAt: z.string().nullable(),
  balanceDueAt: z.string().nullable(),
  contractId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuctionOrder = z.infer<typeof AuctionOrder>;
export const AuctionOrderPage = pageOf(AuctionOrder);

/** The live `auction` push on topic `auction:<itemId>`. */
export const AuctionPush = z.object({
  itemId: z.string(),
  status: z.enum(AuctionStatus),
  unsold: z.boolean(),
  currentPrice: z.string(),
  nextPrice: z.string(),
  leader: z.string().nullable(),
  bidCount: z.number().int(),
  endTime: z.string(),
  /** The bid that caused the push moved the end (anti-sniping). */
  extended: z.boolean(),
  serverTime: z.string(),
});
export type AuctionPush = z.infer<typeof AuctionPush>;
