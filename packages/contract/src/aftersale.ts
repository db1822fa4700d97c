import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** After-sale returns and exchanges of auction and mall orders (退换货), with the tracking of both shipments. */
export const AfterSalePath = {
  /** The buyer asks for a return or an exchange of an order. */
  open: '/api/aftersale/open',
  /** The caller's requests, as buyer or as seller. */
  list: '/api/aftersale/list',
  detail: '/api/aftersale/detail',
  /** The latest request of one order (null when there is none), for the order's page. */
  ofOrder: '/api/aftersale/order',
  /** The seller accepts or refuses (with a reason). */
  answer: '/api/aftersale/answer',
  /** The buyer's return shipment: carrier and tracking number. */
  shipBack: '/api/aftersale/shipBack',
  /** The seller received the returned goods: a return is refunded, an exchange waits for the replacement. */
  confirmReturn: '/api/aftersale/confirmReturn',
  /** The seller's replacement shipment of an exchange. */
  shipReplacement: '/api/aftersale/shipReplacement',
  /** The buyer received the replacement: the exchange is completed. */
  confirmReplacement: '/api/aftersale/confirmReplacement',
  /** After a refusal the buyer asks staff to arbitrate. */
  arbitrate: '/api/aftersale/arbitrate',
  /** A photo of the request, to its two parties. */
  photo: '/api/aftersale/photo/:requestId/:photoId',
} as const;

export const AdminAfterSalePath = {
  list: '/api/admin/aftersale/list',
  detail: '/api/admin/aftersale/detail',
  /** Staff decide an arbitration for the buyer (it continues as accepted) or the seller (it is closed). */
  decide: '/api/admin/aftersale/decide',
  photo: '/api/admin/aftersale/photo/:requestId/:photoId',
} as const;

export const AFTER_SALE_KIND_CODES = ['auction', 'mall'] as const;
export const AfterSaleKindCode = z.enum(AFTER_SALE_KIND_CODES);
export type AfterSaleKindCode = z.infer<typeof AfterSaleKindCode>;

export const AfterSaleType = z.enum(['return', 'exchange']);
export type AfterSaleType = z.infer<typeof AfterSaleType>;

/**
 * Where a request stands: requested (waiting for the seller), refused, arbitrating, accepted (the
 * buyer ships the goods back), returning (shipped back), replacing (an exchange's replacement is
 * due), replacementShipped, and the ends: refunded, completed (exchange), closed.
 */
export const AFTER_SALE_STATUSES = ['requested', 'refused', 'arbitrating', 'accepted', 'returning', 'replacing', 'replacementShipped', 'refunded', 'completed', 'closed'] as const;
export const AfterSaleStatus = z.enum(AFTER_SALE_STATUSES);
export type AfterSaleStatus = z.infer<typeof AfterSaleStatus>;
export const AFTER_SALE_FINAL: readonly AfterSaleStatus[] = ['refunded', 'completed', 'closed'];

/** At most nine photos of the goods, each an image the buyer uploaded. */
export const AFTER_SALE_MAX_PHOTOS = 9;
/** Days the seller has to answer (silence is acceptance) and the buyer has to ship the goods back (or the request closes). */
export const AFTER_SALE_SELLER_REPLY_DAYS = 3;
export const AFTER_SALE_SHIP_BACK_DAYS = 7;

const id = z.string().regex(/^\d{1,18}$/);
const money = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/);
const reason = z.string().trim().min(1).max(500);
const carrier = z.string().trim().min(1).max(50);
const trackingNo = z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/);

export const OpenAfterSaleRequest = z.strictObject({
  kind: AfterSaleKindCode,
  orderId: id,
  type: AfterSaleType,
  reason,
  photoIds: z.array(z.uuid()).max(AFTER_SALE_MAX_PHOTOS).default([]),
  /** A return's refund, at most the order's amount (less what earlier returns refunded); the whole of it when left out. */
  amount: money.optional(),
});
export type OpenAfterSaleRequest = z.input<typeof OpenAfterSaleRequest>;

export const AfterSaleListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']), status: AfterSaleStatus.optional(), ...pageFields(10) });
export type AfterSaleListRequest = z.input<typeof AfterSaleListRequest>;
export const AfterSaleIdRequest = z.strictObject({ requestId: id });
export const AfterSaleOfOrderRequest = z.strictObject({ kind: AfterSaleKindCode, orderId: id });
export const AfterSaleAnswerRequest = z.strictObject({ requestId: id, accept: z.boolean(), reason: reason.optional() });
export const AfterSaleShipRequest = z.strictObject({ requestId: id, carrier, trackingNo });
export const AfterSaleArbitrateRequest = z.strictObject({ requestId: id, reason });
export const AdminAfterSaleListRequest = z.strictObject({ status: AfterSaleStatus.optional(), ...pageFields(20) });
export const AdminAfterSaleDecideRequest = z.strictObject({ requestId: id, favour: z.enum(['buyer', 'seller']), reason });
export type AdminAfterSaleDecideRequest = z.input<typeof AdminAfterSaleDecideRequest>;

export const AfterSaleEvent = z.object({ from: z.string(), to: AfterSaleStatus, actor: z.string(), note: z.string(), at: z.string() });
export type AfterSaleEvent = z.infer<typeof AfterSaleEvent>;

export const AfterSalePhoto = z.object({ id: z.string(), url: z.string() });

export const AfterSaleRequestView = z.object({
  requestId: z.string(),
  kind: AfterSaleKindCode,
  orderId: z.string(),
  title: z.string(),
  type: AfterSaleType,
  status: AfterSaleStatus,
  /** The viewer's side; staff see `staff`. */
  side: z.enum(['buyer', 'seller', 'staff']),
  buyerFirmId: z.string(),
  sellerFirmId: z.string(),
  reason: z.string(),
  photos: z.array(AfterSalePhoto),
  orderAmount: z.string(),
  /** The refund of a return; '0.00' for an exchange. */
  amount: z.string(),
  sellerReason: z.string().nullable(),
  arbitrationReason: z.string().nullable(),
  decision: z.enum(['buyer', 'seller']).nullable(),
  decisionReason: z.string().nullable(),
  returnCarrier: z.string().nullable(),
  returnTrackingNo: z.string().nullable(),
  replacementCarrier: z.string().nullable(),
  replacementTrackingNo: z.string().nullable(),
  /** When the current step times out (the seller's answer, the buyer's shipment), else null. */
  deadline: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(AfterSaleEvent),
});
export type AfterSaleRequestView = z.infer<typeof AfterSaleRequestView>;
export const AfterSalePage = pageOf(AfterSaleRequestView);
export const AfterSaleOfOrder = AfterSaleRequestView.nullable();

/** Pushed to the other party's firm topic (`checkList`) at every step. */
export const AfterSalePush = z.object({ kind: z.literal('aftersale'), requestId: z.string(), orderKind: AfterSaleKindCode, orderId: z.string(), status: AfterSaleStatus });
export type AfterSalePush = z.infer<typeof AfterSalePush>;
