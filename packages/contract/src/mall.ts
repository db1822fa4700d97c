import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';
import { PRODUCT_PRICE_PATTERN, TRACKING_NO_PATTERN } from './product';

/**
 * The commodity mall (商城): goods in classes with specifications, published by seller firms and
 * audited by staff; one order per purchase (`amount` pieces of one `commoditySpec`), paid from the
 * buyer firm's balance (held in the mall's escrow until completion) or by a mobile payment.
 */
export const MallPath = {
  /** Public: the enabled goods classes. */
  classes: '/api/mall/classes',
  /** Public: goods on sale with class, keyword, sort and paging. */
  goods: '/api/mall/goods/list',
  detail: '/api/mall/goods/detail',
  image: '/api/mall/goods/image/:commodityId/:index',
  thumb: '/api/mall/goods/image/:commodityId/:index/thumb',
  /** multipart/form-data, one JPG or PNG: a goods picture. */
  upload: '/api/mall/goods/upload',
  mine: '/api/mall/goods/mine',
  create: '/api/mall/goods/create',
  update: '/api/mall/goods/update',
  offShelf: '/api/mall/goods/off-shelf',
  /** Places an order awaiting payment: the pieces are reserved at once. */
  orderAdd: '/api/mall/order/add',
  /** Pays an order from the firm's balance, with the fund password. */
  orderPay: '/api/mall/order/pay',
  /** Starts a mobile payment (Alipay or WeChat) of an order awaiting payment. */
  orderMobilePay: '/api/mall/order/mobile-pay',
  orders: '/api/mall/order/list',
  orderDetail: '/api/mall/order/detail',
  orderCancel: '/api/mall/order/cancel',
  orderShip: '/api/mall/order/ship',
  orderReceive: '/api/mall/order/receive',
  adminClasses: '/api/admin/mall/classes',
  adminSaveClass: '/api/admin/mall/classes/save',
  adminGoods: '/api/admin/mall/goods',
  adminAudit: '/api/admin/mall/goods/audit',
  adminOrders: '/api/admin/mall/orders',
} as const;

export const mallImagePath = (commodityId: string, index: number, thumb = false) =>
  (thumb ? MallPath.thumb : MallPath.image).replace(':commodityId', commodityId).replace(':index', String(index));

/** Goods status: W pending audit, T on sale, F rejected (reason), O off the shelf. */
export const MallGoodsStatus = namedCodes(['W', 'T', 'F', 'O'] as const, { pendingAudit: 'W', onSale: 'T', rejected: 'F', offShelf: 'O' });
export type MallGoodsStatus = (typeof MallGoodsStatus)[number];

/**
 * Order status: P awaiting payment (pieces reserved), W paid awaiting shipment (money in the mall's
 * escrow), S shipped, T received (returns may be asked for), C completed (the seller is paid),
 * U cancelled (pieces back, money refunded), R refunded after a return.
 */
export const MallOrderStatus = namedCodes(['P', 'W', 'S', 'T', 'C', 'U', 'R'] as const, {
  unpaid: 'P',
  paid: 'W',
  shipped: 'S',
  received: 'T',
  completed: 'C',
  cancelled: 'U',
  refunded: 'R',
});
export type MallOrderStatus = (typeof MallOrderStatus)[number];
export const MallPayWay = z.enum(['balance', 'alipay', 'wechat']);
export type MallPayWay = z.infer<typeof MallPayWay>;
export const MallSort = ['new', 'priceAsc', 'priceDesc', 'sales'] as const;
export type MallSort = (typeof MallSort)[number];

/** The timings of an order: an unpaid order is cancelled after 30 minutes, receipt is confirmed automatically 10 days after shipping, completion comes 7 days after receipt. */
export const MALL_RULES = { payMinutes: 30, autoReceiveDays: 10, returnDays: 7, maxImages: 5, maxSpecs: 10 } as const;
/** The mall's event when an order completes; integrals are earned from it. */
export const MallEvents = { orderCompleted: 'mall.order.completed', orderChanged: 'mall.order.changed' } as const;
/** Pushed (type `order`) on both firms' topics whenever one of their mall orders moves, so open lists refresh. */
export const MallOrderPush = z.object({ kind: z.literal('mallOrder'), orderId: z.string(), status: z.enum(['P', 'W', 'S', 'T', 'C', 'U', 'R']) });
export type MallOrderPush = z.infer<typeof MallOrderPush>;
export interface MallOrderCompletedEvent {
  orderId: string;
  buyerFirmId: string;
  amount: string;
}

const id = z.string().regex(/^\d{1,18}$/);
const price = z
  .string()
  .trim()
  .regex(PRODUCT_PRICE_PATTERN)
  .refine((v) => /[1-9]/.test(v));
const spec = z.string().trim().min(1).max(40);

export const MallClass = z.object({ classId: z.string(), name: z.string(), sort: z.number().int(), enabled: z.boolean() });
export type MallClass = z.infer<typeof MallClass>;
export const MallClassList = z.array(MallClass);
export const MallClassSaveRequest = z.strictObject({ classId: id.optional(), name: z.string().trim().min(2).max(20), sort: z.coerce.number().int().min(0).max(9999).default(0), enabled: z.boolean().default(true) });
export type MallClassSaveRequest = z.input<typeof MallClassSaveRequest>;

export const MallGoodsRequest = z.strictObject({
  classId: id,
  name: z.string().trim().min(2).max(60),
  /** The specifications a buyer chooses from (规格), e.g. 500g, 1kg. */
  specs: z
    .array(spec)
    .min(1)
    .max(10)
    .refine((v) => new Set(v).size === v.length, { message: 'specifications must differ' }),
  price,
  stock: z.coerce.number().int().min(0).max(999_999_999),
  /** 1 to 5 pictures the firm uploaded through the mall upload. */
  images: z.array(z.uuid()).min(1).max(5),
  description: z.string().trim().max(2000).default(''),
});
export type MallGoodsRequest = z.input<typeof MallGoodsRequest>;
export const MallGoodsUpdateRequest = MallGoodsRequest.extend({ commodityId: id });
export type MallGoodsUpdateRequest = z.input<typeof MallGoodsUpdateRequest>;
export const MallGoodsIdRequest = z.strictObject({ commodityId: id });
export type MallGoodsIdRequest = z.infer<typeof MallGoodsIdRequest>;

export const MallImage = z.object({ url: z.string(), thumbUrl: z.string() });
export const MallGoods = z.object({
  commodityId: z.string(),
  classId: z.string(),
  className: z.string(),
  sellerFirmId: z.string(),
  sellerName: z.string(),
  name: z.string(),
  specs: z.array(z.string()),
  price: z.string(),
  stock: z.number().int(),
  sold: z.number().int(),
  images: z.array(MallImage),
  /** The upload ids, to the owner firm and staff only. */
  imageIds: z.array(z.string()),
  description: z.string(),
  status: z.enum(MallGoodsStatus),
  reason: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type MallGoods = z.infer<typeof MallGoods>;
export const MallGoodsPage = pageOf(MallGoods);
export type MallGoodsPage = z.infer<typeof MallGoodsPage>;

export const MallGoodsListRequest = z.strictObject({
  classId: id.optional(),
  keyword: z.string().trim().max(40).optional(),
  sort: z.enum(MallSort).default('new'),
  ...pageFields(12),
});
export type MallGoodsListRequest = z.input<typeof MallGoodsListRequest>;
export const MallMineRequest = z.strictObject({ status: z.enum(MallGoodsStatus).optional(), ...pageFields() });
export type MallMineRequest = z.input<typeof MallMineRequest>;
export const MallAdminGoodsRequest = z.strictObject({ status: z.enum(MallGoodsStatus).optional(), keyword: z.string().trim().max(40).optional(), ...pageFields() });
export type MallAdminGoodsRequest = z.input<typeof MallAdminGoodsRequest>;
export const MallAuditRequest = z
  .strictObject({ commodityId: id, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((d) => d.pass || d.reason.length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });
export type MallAuditRequest = z.input<typeof MallAuditRequest>;

/** The spec's mall order: `amount` pieces of `commodityId` in `commoditySpec`, shipped to `consigneeId` of the buyer's address book. */
export const MallOrderRequest = z.strictObject({
  amount: z.coerce.number().int().min(1).max(9999),
  commodityId: id,
  consigneeId: id,
  commoditySpec: spec,
});
export type MallOrderRequest = z.input<typeof MallOrderRequest>;
export const MallPayRequest = z.strictObject({ orderId: id, fundPassword: z.string().min(1).max(20) });
export type MallPayRequest = z.infer<typeof MallPayRequest>;
export const MallMobilePayRequest = z.strictObject({ orderId: id, channel: z.enum(['alipay', 'wechat']) });
export type MallMobilePayRequest = z.infer<typeof MallMobilePayRequest>;
export const MallMobilePayment = z.object({ paymentId: z.string(), qrContent: z.string(), payPageUrl: z.string(), expiresAt: z.string() });
export type MallMobilePayment = z.infer<typeof MallMobilePayment>;
export const MallOrderIdRequest = z.strictObject({ orderId: id });
export type MallOrderIdRequest = z.infer<typeof MallOrderIdRequest>;
export const MallShipRequest = z.strictObject({ orderId: id, trackingNo: z.string().trim().regex(TRACKING_NO_PATTERN) });
export type MallShipRequest = z.infer<typeof MallShipRequest>;
export const MallOrderListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']), status: z.enum(MallOrderStatus).optional(), ...pageFields() });
export type MallOrderListRequest = z.input<typeof MallOrderListRequest>;
export const MallAdminOrdersRequest = z.strictObject({ status: z.enum(MallOrderStatus).optional(), ...pageFields() });
export type MallAdminOrdersRequest = z.input<typeof MallAdminOrdersRequest>;

export const MallConsignee = z.object({ recipients: z.string(), recipientsCellphone: z.string(), region: z.string(), addressName: z.string(), postCode: z.string() });
export type MallConsignee = z.infer<typeof MallConsignee>;
export const MallOrder = z.object({
  orderId: z.string(),
  commodityId: z.string(),
  title: z.string(),
  commoditySpec: z.string(),
  thumbUrl: z.string().nullable(),
  price: z.string(),
  /** Pieces bought. */
  amount: z.number().int(),
  /** What the buyer pays: price × amount. */
  total: z.string(),
  fee: z.string(),
  buyerFirmId: z.string(),
  sellerFirmId: z.string(),
  sellerName: z.string(),
  status: z.enum(MallOrderStatus),
  payWay: z.union([MallPayWay, z.literal('')]),
  trackingNo: z.string(),
  consignee: MallConsignee,
  side: z.enum(['buyer', 'seller', 'staff']),
  /** When an unpaid order lapses, receipt is confirmed automatically, or the order completes; null when nothing is due. */
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MallOrder = z.infer<typeof MallOrder>;
export const MallOrderPage = pageOf(MallOrder);
export type MallOrderPage = z.infer<typeof MallOrderPage>;
