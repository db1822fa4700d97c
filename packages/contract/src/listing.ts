import { z } from 'zod';
import { pageOf } from './envelope';

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
export const ListingType = ['X', 'B', 'Q'] as const;
/** Listing `source`: W spot, J bidding, C presale. */
export const ListingSource = ['W', 'J', 'C'] as const;
/** Listing (order) `status`: O listed, Z picked, T completed, U cancelled. */
export const ListingStatus = ['O', 'Z', 'T', 'U'] as const;
export type ListingStatus = (typeof ListingStatus)[number];
/** Pick `status`: W to confirm, T confirmed, F invalid, U cancelled. */
export const PickStatus = ['W', 'T', 'F', 'U'] as const;
export type PickStatus = (typeof PickStatus)[number];
/** Payment `status`: W awaiting payment, F first payment paid, L remainder paid. */
export const PickPayStatus = ['W', 'F', 'L'] as const;
export type PickPayStatus = (typeof PickPayStatus)[number];

const page = { page: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(100).default(10) };
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

export const ListingListRequest = z.strictObject({ status: z.enum(ListingStatus).optional(), commodityTypeId: id.optional(), ...page });
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

export const PickListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']), status: z.enum(PickStatus).optional(), listingId: id.optional(), ...page });
export type PickListRequest = z.input<typeof PickListRequest>;
export const PickIdRequest = z.strictObject({ pickId: id });
export type PickIdRequest = z.infer<typeof PickIdRequest>;

/** The platform's fee on a confirmed spot pick, a share of the amount (truncated to 2 decimals), taken from the seller. */
export const LISTING_FEE_RATE = '0.002';
