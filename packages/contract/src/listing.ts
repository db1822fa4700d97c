import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';

/** Listings (挂牌) and picks (摘牌) of the commodity platform: spot listings `X` from a holding. */
export const ListingPath = {
  market: '/api/listing/market',
  create: '/api/listing/create',
  mine: '/api/listing/mine',
  cancel: '/api/listing/cancel',
  pick: '/api/listing/pick',
  picks: '/api/listing/picks',
  pickDetail: '/api/listing/pick/detail',
  confirmPick: '/api/listing/pick/confirm',
  refusePick: '/api/listing/pick/refuse',
  cancelPick: '/api/listing/pick/cancel',
} as const;

/** Listing `type`: X spot listing (full payment), B margin listing, Q purchase request. */
export const ListingType = namedCodes(['X', 'B', 'Q'] as const, { spot: 'X', margin: 'B', purchase: 'Q' });
export type ListingType = (typeof ListingType)[number];
/** Listing `source`: W spot, J bidding, C presale. */
export const ListingSource = namedCodes(['W', 'J', 'C'] as const, { spot: 'W', bidding: 'J', presale: 'C' });
export type ListingSource = (typeof ListingSource)[number];
/** Listing (order) `status`: O listed, Z picked, T completed, U cancelled. */
export const ListingStatus = ['O', 'Z', 'T', 'U'] as const;
export type ListingStatus = (typeof ListingStatus)[number];
/** Pick `status`: W to confirm, T confirmed, F invalid, U cancelled. */
export const PickStatus = namedCodes(['W', 'T', 'F', 'U'] as const, { toConfirm: 'W', confirmed: 'T', invalid: 'F', cancelled: 'U' });
export type PickStatus = (typeof PickStatus)[number];
/** Payment `status`: W awaiting payment, F first payment paid, L remainder paid. */
export const PickPayStatus = namedCodes(['W', 'F', 'L'] as const, { awaiting: 'W', firstPaid: 'F', fullyPaid: 'L' });
export type PickPayStatus = (typeof PickPayStatus)[number];

const id = z.string().regex(/^\d{1,18}$/);
/** Prices are CNY with at most 2 decimals; quantities and weights at most 3. */
export const LISTING_PRICE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
export const LISTING_QUANTITY_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,3})?$/;
const positive = (v: string) => /[1-9]/.test(v);
const price = z.string().regex(LISTING_PRICE_PATTERN).refine(positive);
const quantity = z.string().regex(LISTING_QUANTITY_PATTERN).refine(positive);
const weight = z.string().regex(LISTING_QUANTITY_PATTERN).refine(positive);

export const CreateListingRequest = z.strictObject({
  /** The seller's held holding that backs the listing. */
  holdId: id,
  type: z.literal('X').default('X'),
  source: z.literal('W').default('W'),
  commodityTypeId: id,
  gradeId: id,
  price,
  quantity,
  weight,
  /** Days the seller has to issue the invoice after a pick. */
  openTicketDay: z.coerce.number().int().min(1).max(90),
  /** Cancel the unpicked remainder at market close. */
  autoRevoke: z.boolean().default(false),
  /** Pledged goods: the loan (pledge financing) they are pledged to; `holdId` is then that loan's pledged holding. */
  financeId: id.optional(),
});
export type CreateListingRequest = z.input<typeof CreateListingRequest>;

export const Listing = z.object({
  listingId: z.string(),
  type: z.string(),
  source: z.string(),
  commodityTypeId: z.string(),
  commodityName: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  unit: z.string(),
  weightUnit: z.string(),
  price: z.string(),
  quantity: z.string(),
  weight: z.string(),
  /** Quantity still open to picks. */
  remaining: z.string(),
  openTicketDay: z.number(),
  autoRevoke: z.boolean(),
  status: z.string(),
  /** The viewer's own listing. */
  mine: z.boolean(),
  createdAt: z.string(),
});
export type Listing = z.infer<typeof Listing>;
export const ListingPage = pageOf(Listing);
export type ListingPage = z.infer<typeof ListingPage>;

export const ListingListRequest = z.strictObject({ status: z.enum(ListingStatus).optional(), commodityTypeId: id.optional(), ...pageFields() });
export type ListingListRequest = z.input<typeof ListingListRequest>;
export const ListingIdRequest = z.strictObject({ listingId: id });
export type ListingIdRequest = z.infer<typeof ListingIdRequest>;

export const PickRequest = z.strictObject({ listingId: id, quantity });
export type PickRequest = z.infer<typeof PickRequest>;

export const ListingPick = z.object({
  pickId: z.string(),
  listingId: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  unit: z.string(),
  price: z.string(),
  quantity: z.string(),
  /** Weight delivered, set when the pick is confirmed. */
  weight: z.string().nullable(),
  /** price × quantity, truncated to 2 decimals. */
  amount: z.string(),
  /** The platform fee taken from the seller on confirmation. */
  fee: z.string(),
  status: z.string(),
  payStatus: z.string(),
  /** `buyer` or `seller`: the viewer's side of the pick. */
  side: z.enum(['buyer', 'seller']),
  createdAt: z.string(),
});
export type ListingPick = z.infer<typeof ListingPick>;
export const PickPage = pageOf(ListingPick);
export type PickPage = z.infer<typeof PickPage>;

export const PickListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']), status: z.enum(PickStatus).optional(), listingId: id.optional(), ...pageFields() });
export type PickListRequest = z.input<typeof PickListRequest>;
export const PickIdRequest = z.strictObject({ pickId: id });
export type PickIdRequest = z.infer<typeof PickIdRequest>;

/** The platform's fee on a confirmed spot pick, a share of the amount (truncated to 2 decimals), taken from the seller. */
export const LISTING_FEE_RATE = '0.002';

// ---------------------------------------------------------------------------------------------
// Margin listings, purchase requests, bargaining, payment, invoices, defaults and staff control.
// ---------------------------------------------------------------------------------------------

/** The rest of the listing API (all POST with a JSON body unless noted). */
export const ListingApiPath = {
  /** Public: one listing by id (any status a market visitor may see). */
  detail: '/api/listing/detail',
  /** Public: purchase requests (type `Q`) on the market, same filters as the market. */
  purchases: '/api/listing/purchases',
  /** Hang a margin order (保证金挂牌) to sell (`bsFlag` S) or to buy (`bsFlag` B). */
  createMargin: '/api/listing/margin/create',
  /** A buyer's purchase request (求购, type `Q`): waits for staff audit. */
  createPurchase: '/api/listing/purchase/create',
  /** Pin or unpin an own listing: pinned listings sort first on the market. */
  top: '/api/listing/top',
  /** A seller picks a buy-side listing (`Q`, or `B` with `bsFlag` B) by naming one of its holdings. */
  pickSell: '/api/listing/pick/sell',
  /** Pick the whole remainder of a listing (all-buy / all-sell). */
  pickAll: '/api/listing/pick/all',
  /** The buyer pays the balance of a confirmed margin pick (pay hang order). */
  payBalance: '/api/listing/pick/pay',
  /** The margin events of one pick, in order. */
  pickHistory: '/api/listing/pick/history',
  /** The seller supplies the goods for a confirmed presale (`C`) pick (event 8). */
  stockIn: '/api/listing/pick/stock-in',
  /** multipart/form-data, field `file` (PDF, JPEG or PNG): answers a fileId for `invoiceOpen`. */
  invoiceUpload: '/api/listing/invoice/upload',
  /** The seller opens the ticket (开票) of a pick. */
  invoiceOpen: '/api/listing/invoice/open',
  /** The pick's invoice, to its buyer or seller. */
  invoiceDetail: '/api/listing/invoice/detail',
  /** The buyer confirms the invoice (events 5 and 6: the seller is paid). */
  invoiceConfirm: '/api/listing/invoice/confirm',
  /** GET `?pickId=` : the invoice file, to the pick's buyer or seller only. */
  invoiceFile: '/api/listing/invoice/file',
  /** Offer a price (议价) on a listing. */
  bargainOffer: '/api/listing/bargain/offer',
  /** Offers the viewer made (`role` offerer) or received on its own listings (`role` owner). */
  bargainList: '/api/listing/bargain/list',
  /** Accept the offer (owner, status W) or the counter-offer (offerer, status C): makes a pick with price flag T. */
  bargainAccept: '/api/listing/bargain/accept',
  /** Refuse the offer (owner, W) or the counter-offer (offerer, C). */
  bargainRefuse: '/api/listing/bargain/refuse',
  /** The owner counters an offer with its own price and quantity (W → C). */
  bargainCounter: '/api/listing/bargain/counter',
  /** The offerer withdraws its offer while it waits (W → X). */
  bargainWithdraw: '/api/listing/bargain/withdraw',
  /** GET, public: the fee settings in force, which the rate page (收费标准) is worded from. */
  feeSettings: '/api/listing/fee-settings',
} as const;

/** Back-office listing routes (staff). */
export const AdminListingPath = {
  /** Listings of every firm, with audit filters. */
  list: '/api/admin/listing/list',
  /** Pass or fail a presale (`C`) listing or a purchase request (`Q`) awaiting audit. */
  audit: '/api/admin/listing/audit',
  /** Force an `O` listing off the shelf: its remainder is released, the reason shown to the owner. */
  offShelf: '/api/admin/listing/off-shelf',
  /** Picks with a buyer or seller default status W or F. */
  defaults: '/api/admin/listing/defaults',
  /** POST with an empty body: read the fee settings. */
  feeSettings: '/api/admin/listing/fee-settings',
  /** Replace the fee settings. */
  saveFeeSettings: '/api/admin/listing/fee-settings/save',
  /** Sandbox only (refused in production): move the platform clock forward. */
  sandboxClock: '/api/admin/sandbox/clock',
  /** Sandbox only (refused in production): run a listing job now. */
  sandboxRunJob: '/api/admin/sandbox/jobs/run',
} as const;

/** `bsFlag`: S the owner sells, B the owner buys. */
export const BsFlag = namedCodes(['S', 'B'] as const, { sell: 'S', buy: 'B' });
export type BsFlag = (typeof BsFlag)[number];
/** Listing audit status: N no audit needed, P pending, T passed (listed), F failed. */
export const ListingAuditStatus = namedCodes(['N', 'P', 'T', 'F'] as const, { none: 'N', pending: 'P', passed: 'T', failed: 'F' });
export type ListingAuditStatus = (typeof ListingAuditStatus)[number];
/**
 * Listing `status` including the audit step: `A` awaiting staff audit (presale `C` and purchase requests `Q`),
 * then the usual O/Z/T/U. A listing failed by audit or forced off the shelf ends `U` with a reason.
 */
export const ListingStatusAll = namedCodes(['A', 'O', 'Z', 'T', 'U'] as const, { awaitingAudit: 'A', listed: 'O', picked: 'Z', completed: 'T', cancelled: 'U' });
export type ListingStatusAll = (typeof ListingStatusAll)[number];
/** Pick price flag: F ordinary price, T bargained price. */
export const PriceFlag = namedCodes(['F', 'T'] as const, { ordinary: 'F', bargained: 'T' });
export type PriceFlag = (typeof PriceFlag)[number];
/** Invoice status: W not issued, O awaiting the buyer's confirmation, T confirmed. */
export const InvoiceStatus = namedCodes(['W', 'O', 'T'] as const, { notIssued: 'W', issued: 'O', confirmed: 'T' });
export type InvoiceStatus = (typeof InvoiceStatus)[number];
/** Default (违约) status of each side of a pick: N none, W delayed (grace period), F defaulted. */
export const DefaultStatus = namedCodes(['N', 'W', 'F'] as const, { none: 'N', delayed: 'W', defaulted: 'F' });
export type DefaultStatus = (typeof DefaultStatus)[number];
/** Presale delivery status of a pick: N not needed (goods held), W awaiting stock-in, T stocked in. */
export const DeliveryStatus = namedCodes(['N', 'W', 'T'] as const, { notNeeded: 'N', awaitingStockIn: 'W', stockedIn: 'T' });
export type DeliveryStatus = (typeof DeliveryStatus)[number];
/**
 * Margin events: 1 list order (seller margin frozen), 2 confirm pick (buyer margin frozen), 3 pay balance,
 * 4 seller invoices, 5 buyer confirms invoice, 6 release seller margin and pay the seller, 7 cancel (release),
 * 8 supplementary stock-in, 9 bidding sign-up. Defaults are recorded as event 7 with a note.
 */
export const MarginEventType = namedCodes(['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const, {
  listOrder: '1',
  confirmPick: '2',
  payBalance: '3',
  openInvoice: '4',
  confirmInvoice: '5',
  paySeller: '6',
  release: '7',
  stockIn: '8',
  biddingSignUp: '9',
});
export type MarginEventType = (typeof MarginEventType)[number];
/** Bargain (议价) status: W awaiting the owner, C countered (awaiting the offerer), A accepted, R refused, X withdrawn or void. */
export const BargainStatus = namedCodes(['W', 'C', 'A', 'R', 'X'] as const, { awaitingOwner: 'W', countered: 'C', accepted: 'A', refused: 'R', withdrawn: 'X' });
export type BargainStatus = (typeof BargainStatus)[number];
/** Market sort orders. */
export const MarketSort = ['time', 'price_asc', 'price_desc', 'quantity'] as const;
/** Jobs the sandbox may run at once. */
export const ListingJob = ['listing.defaults', 'listing.autoRevoke'] as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A ratio between 0 and 1 with at most four places; a taxpayer id as invoices carry it. */
export const LISTING_RATIO_PATTERN = /^(?:0|1|0\.\d{1,4}|1\.0{1,4})$/;
export const TAXPAYER_ID_PATTERN = /^[0-9A-Z]{15,20}$/;
const ratio = z.string().regex(LISTING_RATIO_PATTERN);
const shortText = (max: number) => z.string().trim().max(max);

/** Extra market filters (all optional); `ListingListRequest` fields plus these go to market and purchases. */
export const MarketQuery = z.strictObject({
  /** The market shows `O` by default; an owner's list may ask for `A` (awaiting audit) too. */
  status: z.enum(ListingStatusAll).optional(),
  commodityTypeId: id.optional(),
  gradeId: id.optional(),
  origin: shortText(60).optional(),
  /** The warehouse (storage) holding the goods. */
  storageId: id.optional(),
  priceMin: z.string().regex(LISTING_PRICE_PATTERN).optional(),
  priceMax: z.string().regex(LISTING_PRICE_PATTERN).optional(),
  type: z.enum(ListingType).optional(),
  source: z.enum(ListingSource).optional(),
  bsFlag: z.enum(BsFlag).optional(),
  /** Part of the commodity name. */
  keyword: shortText(60).optional(),
  sort: z.enum(MarketSort).default('time'),
  ...pageFields(),
});
export type MarketQuery = z.input<typeof MarketQuery>;

/** The goods and terms a margin order and a purchase request both state. */
const orderTerms = {
  commodityTypeId: id,
  gradeId: id,
  /** The settlement bank of the order, free text/id as the bank module names it. */
  bankId: shortText(40).default(''),
  openTicketDay: z.coerce.number().int().min(1).max(90),
  origin: shortText(60).default(''),
  packagId: id.optional(),
  /** Weight tolerance (磅差) as a share, e.g. '0.03'; '0' none. */
  poundsPoor: ratio.default('0'),
  /** CNY per weight unit. */
  price,
  quantity,
  weight,
  specifications: shortText(200).default(''),
  autoRevoke: z.boolean().default(false),
  contentSpecificationId: id.optional(),
};

/** Hang a margin order (保证金挂牌): the spec's fields, plus `bsFlag` and the backing holding of a spot sell. */
export const MarginListingRequest = z.strictObject({
  bsFlag: z.enum(BsFlag),
  type: z.literal('B').default('B'),
  /** Listing source W spot, J bidding, C presale. */
  sourceId: z.enum(ListingSource),
  /** Required for a sell order from source W or J: the held holding that backs it. */
  holdId: id.optional(),
  ...orderTerms,
  /** Presale: the date the goods must be stocked in. Required for source C. */
  putWarehousDay: day.optional(),
  /** The buyer pays a margin first (true) or in full at confirmation (false). */
  isMarginPay: z.boolean().default(true),
});
export type MarginListingRequest = z.input<typeof MarginListingRequest>;

/** A purchase request (求购): the buyer's funds (full amount, or its margin when `isMarginPay`) are frozen. */
export const PurchaseListingRequest = z.strictObject({
  type: z.literal('Q').default('Q'),
  sourceId: z.enum(ListingSource).default('W'),
  ...orderTerms,
  isMarginPay: z.boolean().default(false),
});
export type PurchaseListingRequest = z.input<typeof PurchaseListingRequest>;

/** A listing with everything the detail and the owner's pages show (a superset of `Listing`). */
export const ListingDetail = Listing.extend({
  bsFlag: z.string(),
  bankId: z.string(),
  origin: z.string(),
  packagId: z.string().nullable(),
  poundsPoor: z.string(),
  putWarehousDay: z.string().nullable(),
  specifications: z.string(),
  isMarginPay: z.boolean(),
  contentSpecificationId: z.string().nullable(),
  /** The holding's warehouse (storage), when a holding backs the listing. */
  storageId: z.string().nullable(),
  storageName: z.string().nullable(),
  /** Margin frozen by the owner for this listing (seller margin on a sell order, buyer funds on a buy order). */
  margin: z.string(),
  /** Share of a pick's amount frozen from the buyer of a margin sell order ('0' on other listings), so the pick confirmation can show it. */
  buyerMarginRatio: z.string(),
  auditStatus: z.string(),
  /** Why staff failed the audit or forced the listing off the shelf; '' otherwise. */
  reason: z.string(),
  topAt: z.string().nullable(),
  /** The owner's firm id (staff views only; '' on public views). */
  firmId: z.string(),
  updatedAt: z.string(),
});
export type ListingDetail = z.infer<typeof ListingDetail>;
export const ListingDetailPage = pageOf(ListingDetail);
export type ListingDetailPage = z.infer<typeof ListingDetailPage>;

export const TopRequest = z.strictObject({ listingId: id, top: z.boolean() });
export type TopRequest = z.infer<typeof TopRequest>;

/** A seller picks a buy-side listing with goods from one of its held holdings. */
export const PickSellRequest = z.strictObject({ listingId: id, quantity, holdId: id });
export type PickSellRequest = z.infer<typeof PickSellRequest>;
/** Pick the whole remainder; `holdId` names the seller's holding when the listing is buy-side. */
export const PickAllRequest = z.strictObject({ listingId: id, holdId: id.optional() });
export type PickAllRequest = z.infer<typeof PickAllRequest>;

/** Pay hang order: the balance of a margin pick, authorised with the firm user's margin password. */
export const PayBalanceRequest = z.strictObject({
  /** The pick id. */
  orderId: id,
  /** The pick's amount shown to the buyer, echoed as a check against paying a changed order. */
  code: z.string().trim().min(1).max(40),
  marginPassWord: z.string().min(1).max(64),
});
export type PayBalanceRequest = z.infer<typeof PayBalanceRequest>;

/** A confirmed presale pick gets its goods: the seller names a held holding (event 8). */
export const StockInRequest = z.strictObject({ pickId: id, holdId: id });
export type StockInRequest = z.infer<typeof StockInRequest>;

/**
 * Why a side of a pick is delayed (`…Overdue`, default `W`) or defaulted (`…Defaulted`, `F`). The
 * server stores the code; the pages word it in the reader's language with the deadline it names.
 */
export const DefaultReason = ['balanceOverdue', 'balanceDefaulted', 'deliveryOverdue', 'deliveryDefaulted', 'invoiceOverdue', 'invoiceDefaulted'] as const;
export type DefaultReason = (typeof DefaultReason)[number];
/** The pick's deadline each reason speaks of. */
export const DEFAULT_REASON_DUE: Record<DefaultReason, 'balanceDueAt' | 'deliveryDueAt' | 'invoiceDueAt'> = {
  balanceOverdue: 'balanceDueAt',
  balanceDefaulted: 'balanceDueAt',
  deliveryOverdue: 'deliveryDueAt',
  deliveryDefaulted: 'deliveryDueAt',
  invoiceOverdue: 'invoiceDueAt',
  invoiceDefaulted: 'invoiceDueAt',
};
/** The `reason` a listing withdrawn at market close (`autoRevoke`) carries; staff reasons are free text. */
export const MARKET_CLOSE_REASON = 'marketClose';

export const isDefaultReason = (v: string): v is DefaultReason => (DefaultReason as readonly string[]).includes(v);

/** Every field the pick detail shows to its buyer and its seller. */
export const ListingPickDetail = ListingPick.extend({
  listingType: z.string(),
  /** A margin deal (`B`, or `Q` paid by margin): the seller is paid when the buyer confirms the invoice; otherwise it was paid in full at confirmation. */
  marginPay: z.boolean(),
  source: z.string(),
  bsFlag: z.string(),
  priceFlag: z.string(),
  weightUnit: z.string(),
  /** The weight the pick was made for (listed weight share). */
  listedWeight: z.string(),
  poundsPoor: z.string(),
  invoiceStatus: z.string(),
  buyerDefault: z.string(),
  sellerDefault: z.string(),
  /** Why a side is delayed or defaulted: a `DefaultReason` code, '' when none. */
  defaultReason: z.string(),
  deliveryStatus: z.string(),
  /** The buyer's margin (first payment), '0.00' for full payment. */
  buyerMargin: z.string(),
  sellerMargin: z.string(),
  /** What the buyer still owes (amount less margin) while payStatus is F. */
  balance: z.string(),
  confirmedAt: z.string().nullable(),
  balanceDueAt: z.string().nullable(),
  invoiceDueAt: z.string().nullable(),
  deliveryDueAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  settledAt: z.string().nullable(),
  contractId: z.string().nullable(),
  bargainId: z.string().nullable(),
});
export type ListingPickDetail = z.infer<typeof ListingPickDetail>;
export const ListingPickDetailPage = pageOf(ListingPickDetail);
export type ListingPickDetailPage = z.infer<typeof ListingPickDetailPage>;

export const MarginEvent = z.object({
  eventType: z.enum(MarginEventType),
  /** The money the event moved (0.00 when none). */
  amount: z.string(),
  time: z.string(),
  /** The ledger journal, null for events that move no money (e.g. 4). */
  journalId: z.string().nullable(),
  note: z.string(),
});
export type MarginEvent = z.infer<typeof MarginEvent>;
export const PickHistory = z.object({ pickId: z.string(), events: z.array(MarginEvent) });
export type PickHistory = z.infer<typeof PickHistory>;

export const InvoiceUpload = z.object({ fileId: z.string(), fileName: z.string(), size: z.number() });
export type InvoiceUpload = z.infer<typeof InvoiceUpload>;
export const OpenInvoiceRequest = z.strictObject({
  pickId: id,
  fileId: z.uuid(),
  invoiceTitle: z.string().trim().min(1).max(100),
  taxpayerId: z.string().trim().regex(TAXPAYER_ID_PATTERN),
  /** The invoiced amount, CNY. */
  amount: price,
});
export type OpenInvoiceRequest = z.infer<typeof OpenInvoiceRequest>;
export const PickInvoice = z.object({
  pickId: z.string(),
  invoiceStatus: z.string(),
  invoiceTitle: z.string().nullable(),
  taxpayerId: z.string().nullable(),
  amount: z.string().nullable(),
  fileName: z.string().nullable(),
  /** Download link (GET) for the pick's parties; null before the ticket is opened. */
  fileUrl: z.string().nullable(),
  invoiceDueAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type PickInvoice = z.infer<typeof PickInvoice>;

export const BargainOfferRequest = z.strictObject({
  listingId: id,
  price,
  quantity,
  /** The offering seller's holding, when the listing is buy-side. */
  holdId: id.optional(),
  note: shortText(200).default(''),
});
export type BargainOfferRequest = z.input<typeof BargainOfferRequest>;
export const BargainCounterRequest = z.strictObject({ bargainId: id, price, quantity, note: shortText(200).default('') });
export type BargainCounterRequest = z.input<typeof BargainCounterRequest>;
export const BargainIdRequest = z.strictObject({ bargainId: id });
export type BargainIdRequest = z.infer<typeof BargainIdRequest>;
export const BargainListRequest = z.strictObject({
  role: z.enum(['offerer', 'owner']),
  status: z.enum(BargainStatus).optional(),
  listingId: id.optional(),
  ...pageFields(),
});
export type BargainListRequest = z.input<typeof BargainListRequest>;
export const Bargain = z.object({
  bargainId: z.string(),
  listingId: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  unit: z.string(),
  weightUnit: z.string(),
  /** The listing's type: its prices are per `unit` for a spot listing (X), per `weightUnit` otherwise. */
  listingType: z.string(),
  listingPrice: z.string(),
  price: z.string(),
  quantity: z.string(),
  counterPrice: z.string().nullable(),
  counterQuantity: z.string().nullable(),
  note: z.string(),
  counterNote: z.string(),
  status: z.string(),
  /** `offerer` or `owner`: the viewer's role. */
  role: z.enum(['offerer', 'owner']),
  /** The pick an accepted offer made. */
  pickId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bargain = z.infer<typeof Bargain>;
export const BargainPage = pageOf(Bargain);
export type BargainPage = z.infer<typeof BargainPage>;

/** Picks list with optional default/invoice filters (the `picks` route accepts these too). */
export const PickListQuery = z.strictObject({
  side: z.enum(['buyer', 'seller']),
  status: z.enum(PickStatus).optional(),
  listingId: id.optional(),
  payStatus: z.enum(PickPayStatus).optional(),
  invoiceStatus: z.enum(InvoiceStatus).optional(),
  /** The picked listing's source: W spot, J bidding, C presale. */
  source: z.enum(ListingSource).optional(),
  ...pageFields(),
});
export type PickListQuery = z.input<typeof PickListQuery>;

// Staff ----------------------------------------------------------------------------------------

export const AdminListingListRequest = z.strictObject({
  auditStatus: z.enum(ListingAuditStatus).optional(),
  status: z.enum(ListingStatusAll).optional(),
  type: z.enum(ListingType).optional(),
  source: z.enum(ListingSource).optional(),
  firmId: id.optional(),
  ...pageFields(),
});
export type AdminListingListRequest = z.input<typeof AdminListingListRequest>;
export const AdminListingAuditRequest = z.strictObject({
  listingId: id,
  pass: z.boolean(),
  /** Required when failing. */
  reason: z.string().trim().max(200).default(''),
});
export type AdminListingAuditRequest = z.input<typeof AdminListingAuditRequest>;
export const AdminOffShelfRequest = z.strictObject({ listingId: id, reason: z.string().trim().min(1).max(200) });
export type AdminOffShelfRequest = z.infer<typeof AdminOffShelfRequest>;
export const AdminDefaultListRequest = z.strictObject({
  side: z.enum(['buyer', 'seller']).optional(),
  status: z.enum(['W', 'F']).optional(),
  ...pageFields(),
});
export type AdminDefaultListRequest = z.input<typeof AdminDefaultListRequest>;
/** A pick in default as the back office sees it. */
export const AdminDefaultPick = ListingPickDetail.extend({ buyerFirmId: z.string(), sellerFirmId: z.string() });
export type AdminDefaultPick = z.infer<typeof AdminDefaultPick>;
export const AdminDefaultPage = pageOf(AdminDefaultPick);
export type AdminDefaultPage = z.infer<typeof AdminDefaultPage>;

/** Per commodity type margin ratios; types without a row use the defaults. */
export const CommodityMarginSetting = z.object({
  commodityTypeId: id,
  buyerMarginRatio: ratio,
  sellerMarginRatio: ratio,
  graceDays: z.number().int().min(0).max(30),
});
export type CommodityMarginSetting = z.infer<typeof CommodityMarginSetting>;
export const ListingFeeSettings = z.object({
  /** Trading fee share of the amount, taken from the seller, e.g. '0.002'. */
  feeRate: ratio,
  defaultBuyerMarginRatio: ratio,
  defaultSellerMarginRatio: ratio,
  /** Days the buyer has after confirmation to pay the balance. */
  balanceDays: z.number().int().min(1).max(30),
  /** Grace days in `W` before a default becomes `F`. */
  graceDays: z.number().int().min(0).max(30),
  /** The platform's share of a forfeited margin, e.g. '0.2'. */
  forfeitPlatformShare: ratio,
  /** Market close (Asia/Shanghai) for autoRevoke, HH:MM. */
  marketCloseTime: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/),
  commodities: z.array(CommodityMarginSetting).max(500),
});
export type ListingFeeSettings = z.infer<typeof ListingFeeSettings>;
/** What anyone may read of the fee settings: the platform-wide terms, without the per-commodity table. */
export const PublicFeeSettings = ListingFeeSettings.omit({ commodities: true });
export type PublicFeeSettings = z.infer<typeof PublicFeeSettings>;

export const SandboxClockRequest = z.strictObject({ advanceHours: z.number().min(0).max(24 * 400) });
export type SandboxClockRequest = z.infer<typeof SandboxClockRequest>;
export const SandboxClock = z.object({ now: z.string(), offsetHours: z.number() });
export type SandboxClock = z.infer<typeof SandboxClock>;
export const SandboxRunJobRequest = z.strictObject({ job: z.enum(ListingJob) });
export type SandboxRunJobRequest = z.infer<typeof SandboxRunJobRequest>;
export const SandboxJobResult = z.object({ job: z.string(), now: z.string(), changed: z.number() });
export type SandboxJobResult = z.infer<typeof SandboxJobResult>;
