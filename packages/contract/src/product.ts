import { z } from 'zod';
import { RowId, pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';

/**
 * The sellers' product shop (产品销售): standard goods sold by the piece from a firm's shop, audited
 * by staff before they go on sale, bought through a cart and paid from the buyer firm's funds.
 */
export const ProductPath = {
  /** Public: products on sale, with filters and sort. */
  list: '/api/product/list',
  /** Public: one product on sale (or the caller's own in any state). */
  detail: '/api/product/detail',
  /** Public while the product is on sale: its `index`-th picture and thumbnail. */
  image: '/api/product/image/:productId/:index',
  thumb: '/api/product/image/:productId/:index/thumb',
  /** multipart/form-data, one JPG or PNG: a product picture or the shop logo. */
  upload: '/api/product/upload',
  mine: '/api/product/mine',
  create: '/api/product/create',
  update: '/api/product/update',
  /** Draft or off-shelf → pending audit. */
  submit: '/api/product/submit',
  /** The seller takes an on-sale product off the shelf. */
  offShelf: '/api/product/off-shelf',
  /** Public: a firm's shop front (profile only; its products through `list` with `firmId`). */
  shop: '/api/product/shop',
  shopMine: '/api/product/shop/mine',
  shopSave: '/api/product/shop/save',
  shopLogo: '/api/product/shop/logo/:firmId',
  shopLogoThumb: '/api/product/shop/logo/:firmId/thumb',
  cart: '/api/product/cart',
  cartAdd: '/api/product/cart/add',
  cartUpdate: '/api/product/cart/update',
  cartRemove: '/api/product/cart/remove',
  /** One order per seller, paid (frozen) from the buyer firm's available funds. */
  checkout: '/api/product/checkout',
  orders: '/api/product/orders',
  ship: '/api/product/order/ship',
  receive: '/api/product/order/receive',
  cancel: '/api/product/order/cancel',
  /** The seller cancels a paid order it cannot ship, with the reason the buyer reads. */
  sellerCancel: '/api/product/order/seller-cancel',
  adminList: '/api/admin/product/list',
  adminAudit: '/api/admin/product/audit',
  adminOffShelf: '/api/admin/product/off-shelf',
} as const;

export const productImagePath = (productId: string, index: number, thumb = false) =>
  (thumb ? ProductPath.thumb : ProductPath.image).replace(':productId', productId).replace(':index', String(index));
export const shopLogoPath = (firmId: string, thumb = false) => (thumb ? ProductPath.shopLogoThumb : ProductPath.shopLogo).replace(':firmId', firmId);

/** Product status: D draft, W pending audit, T on sale, F rejected (reason), O off shelf (by the seller, or by staff with a reason). */
export const ProductStatus = namedCodes(['D', 'W', 'T', 'F', 'O'] as const, { draft: 'D', pendingAudit: 'W', onSale: 'T', rejected: 'F', offShelf: 'O' });
export type ProductStatus = (typeof ProductStatus)[number];
/** Order status: W paid, awaiting shipment (funds frozen); S shipped; T received (seller paid); U cancelled (funds released). */
export const ProductOrderStatus = namedCodes(['W', 'S', 'T', 'U'] as const, { paid: 'W', shipped: 'S', received: 'T', cancelled: 'U' });
export type ProductOrderStatus = (typeof ProductOrderStatus)[number];
/** Who cancelled an order (`U`): the buyer before shipment, or the seller that cannot ship it. */
export const ProductOrderCanceller = namedCodes(['buyer', 'seller'] as const, { buyer: 'buyer', seller: 'seller' });
export type ProductOrderCanceller = (typeof ProductOrderCanceller)[number];
export const ProductSort = ['new', 'priceAsc', 'priceDesc', 'sales'] as const;
export type ProductSort = (typeof ProductSort)[number];

/** At most 5 pictures per product. */
export const PRODUCT_MAX_IMAGES = 5;
/** Prices are CNY with at most 2 decimals; stock and quantities are whole pieces. */
export const PRODUCT_PRICE_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
export const PRODUCT_COUNT_PATTERN = /^(?:0|[1-9]\d{0,8})$/;
/** A seller's cancellation reason, trimmed: the buyer reads it, so it must say something. */
export const PRODUCT_CANCEL_REASON_MIN = 2;
export const PRODUCT_CANCEL_REASON_MAX = 200;
/** A shop's contact phone (mobile or landline) and a shipment's tracking number. */
export const PRODUCT_PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?)$/;
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]{6,30}$/;

const positive = (v: string) => /[1-9]/.test(v);
const price = z.string().trim().regex(PRODUCT_PRICE_PATTERN).refine(positive);
const count = z.coerce.number().int().min(0).max(999_999_999);
const pieces = z.coerce.number().int().min(1).max(999_999);

export const ProductRequest = z.strictObject({
  name: z.string().trim().min(2).max(60),
  commodityTypeId: RowId,
  specification: z.string().trim().min(1).max(60),
  /** What one piece is called (件, 箱, 袋). */
  unit: z.string().trim().min(1).max(10),
  price,
  stock: count,
  /** 1 to 5 pictures the firm uploaded through the product upload. */
  images: z.array(z.uuid()).min(1).max(PRODUCT_MAX_IMAGES),
  description: z.string().trim().max(2000).default(''),
  /** true: send to audit now; false: keep (or save) as a draft — only a draft stays a draft. */
  submit: z.boolean().default(true),
});
export type ProductRequest = z.input<typeof ProductRequest>;
export const ProductUpdateRequest = ProductRequest.extend({ productId: RowId });
export type ProductUpdateRequest = z.input<typeof ProductUpdateRequest>;

export const ProductImage = z.object({ url: z.string(), thumbUrl: z.string() });
export type ProductImage = z.infer<typeof ProductImage>;

export const Product = z.object({
  productId: z.string(),
  firmId: z.string(),
  shopName: z.string(),
  name: z.string(),
  commodityTypeId: z.string(),
  commodityName: z.string(),
  specification: z.string(),
  unit: z.string(),
  price: z.string(),
  stock: z.number().int(),
  /** Pieces sold (received or awaiting receipt). */
  sold: z.number().int(),
  images: z.array(ProductImage),
  /** The upload ids, to the owner firm and staff only (so the form can edit them); empty otherwise. */
  imageIds: z.array(z.string()),
  description: z.string(),
  status: z.enum(ProductStatus),
  /** Why staff rejected it or forced it off the shelf. */
  reason: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof Product>;
export const ProductPage = pageOf(Product);
export type ProductPage = z.infer<typeof ProductPage>;
export const AdminProduct = Product.extend({ auditedBy: z.string(), auditedAt: z.string().nullable() });
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductPage = pageOf(AdminProduct);
export type AdminProductPage = z.infer<typeof AdminProductPage>;

const filters = {
  commodityTypeId: RowId.optional(),
  /** Matches name and specification. */
  keyword: z.string().trim().max(40).optional(),
};
/** A price range with the minimum above the maximum simply matches nothing. */
export const ProductListRequest = z.strictObject({
  ...filters,
  minPrice: z.union([z.literal(''), price]).optional(),
  maxPrice: z.union([z.literal(''), price]).optional(),
  /** One shop's products. */
  firmId: RowId.optional(),
  sort: z.enum(ProductSort).default('new'),
  ...pageFields(),
});
export type ProductListRequest = z.input<typeof ProductListRequest>;
export const ProductMineRequest = z.strictObject({ ...filters, status: z.enum(ProductStatus).optional(), statuses: z.array(z.enum(ProductStatus)).max(5).optional(), ...pageFields() });
export type ProductMineRequest = z.input<typeof ProductMineRequest>;
export const AdminProductListRequest = z.strictObject({ ...filters, status: z.enum(ProductStatus).optional(), firmId: RowId.optional(), ...pageFields() });
export type AdminProductListRequest = z.input<typeof AdminProductListRequest>;
export const ProductIdRequest = z.strictObject({ productId: RowId });
export type ProductIdRequest = z.infer<typeof ProductIdRequest>;

export const ProductAuditRequest = z
  .strictObject({ productId: RowId, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((d) => d.pass || d.reason.length >= 2, { path: ['reason'], message: 'a rejection needs a reason' });
export type ProductAuditRequest = z.input<typeof ProductAuditRequest>;
export const ProductOffShelfRequest = z.strictObject({ productId: RowId, reason: z.string().trim().min(2).max(200) });
export type ProductOffShelfRequest = z.input<typeof ProductOffShelfRequest>;

// ---- shop --------------------------------------------------------------------------------------

export const ShopRequest = z.strictObject({
  name: z.string().trim().min(2).max(40),
  /** The logo the firm uploaded through the product upload; empty for none. */
  logo: z.union([z.literal(''), z.uuid()]).default(''),
  introduction: z.string().trim().max(1000).default(''),
  contactName: z.string().trim().min(1).max(20),
  contactPhone: z.string().trim().regex(PRODUCT_PHONE_PATTERN),
});
export type ShopRequest = z.input<typeof ShopRequest>;
export const Shop = z.object({
  firmId: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  logoUrl: z.string().nullable(),
  logoThumbUrl: z.string().nullable(),
  introduction: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  /** Products on sale. */
  onSale: z.number().int(),
  mine: z.boolean(),
});
export type Shop = z.infer<typeof Shop>;
export const ShopRequestById = z.strictObject({ firmId: RowId });
export type ShopRequestById = z.infer<typeof ShopRequestById>;

// ---- cart and orders ---------------------------------------------------------------------------

export const CartAddRequest = z.strictObject({ productId: RowId, quantity: pieces });
export type CartAddRequest = z.input<typeof CartAddRequest>;
export const CartRemoveRequest = z.strictObject({ productId: RowId });
export type CartRemoveRequest = z.infer<typeof CartRemoveRequest>;

export const CartLine = z.object({
  productId: z.string(),
  name: z.string(),
  specification: z.string(),
  unit: z.string(),
  thumbUrl: z.string().nullable(),
  price: z.string(),
  quantity: z.number().int(),
  stock: z.number().int(),
  /** price × quantity. */
  amount: z.string(),
  /** On sale with enough stock: only such lines are checked out and counted in the totals. */
  available: z.boolean(),
});
export type CartLine = z.infer<typeof CartLine>;
export const CartGroup = z.object({ sellerFirmId: z.string(), shopName: z.string(), lines: z.array(CartLine), subtotal: z.string() });
export type CartGroup = z.infer<typeof CartGroup>;
export const Cart = z.object({ groups: z.array(CartGroup), total: z.string() });
export type Cart = z.infer<typeof Cart>;

/**
 * `total` is what the buyer confirmed; a different current total (a price changed meanwhile) is refused.
 * `consigneeId` is one of the buyer's own delivery addresses (收货地址); the order keeps a copy of it.
 */
export const CheckoutRequest = z.strictObject({ total: price, consigneeId: RowId });
export type CheckoutRequest = z.infer<typeof CheckoutRequest>;

export const ProductOrderItem = z.object({ productId: z.string(), name: z.string(), specification: z.string(), unit: z.string(), price: z.string(), quantity: z.number().int(), amount: z.string() });
export type ProductOrderItem = z.infer<typeof ProductOrderItem>;
/** Where an order goes: the buyer's address as it was at checkout (the address book's fields). */
export const ProductConsignee = z.object({ recipients: z.string(), recipientsCellphone: z.string(), region: z.string(), addressName: z.string(), postCode: z.string() });
export type ProductConsignee = z.infer<typeof ProductConsignee>;
export const ProductOrder = z.object({
  orderId: z.string(),
  buyerFirmId: z.string(),
  sellerFirmId: z.string(),
  shopName: z.string(),
  items: z.array(ProductOrderItem),
  amount: z.string(),
  /** The platform fee taken from the seller on receipt. */
  fee: z.string(),
  status: z.enum(ProductOrderStatus),
  trackingNo: z.string(),
  /** Who cancelled it; null unless cancelled. */
  cancelledBy: z.enum(ProductOrderCanceller).nullable(),
  /** The seller's reason for cancelling; empty for the buyer's own cancel. */
  cancelReason: z.string(),
  /** The recipient the seller ships to; null only for orders placed before checkout asked for an address. */
  consignee: ProductConsignee.nullable(),
  side: z.enum(['buyer', 'seller']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductOrder = z.infer<typeof ProductOrder>;
export const ProductOrderPage = pageOf(ProductOrder);
export type ProductOrderPage = z.infer<typeof ProductOrderPage>;
export const CheckoutResult = z.object({ orders: z.array(ProductOrder), total: z.string() });
export type CheckoutResult = z.infer<typeof CheckoutResult>;

export const ProductOrderListRequest = z.strictObject({ side: z.enum(['buyer', 'seller']), status: z.enum(ProductOrderStatus).optional(), ...pageFields() });
export type ProductOrderListRequest = z.input<typeof ProductOrderListRequest>;
export const ProductOrderIdRequest = z.strictObject({ orderId: RowId });
export type ProductOrderIdRequest = z.infer<typeof ProductOrderIdRequest>;
export const ShipRequest = z.strictObject({ orderId: RowId, trackingNo: z.string().trim().regex(TRACKING_NO_PATTERN) });
export type ShipRequest = z.infer<typeof ShipRequest>;
export const SellerCancelRequest = z.strictObject({ orderId: RowId, reason: z.string().trim().min(PRODUCT_CANCEL_REASON_MIN).max(PRODUCT_CANCEL_REASON_MAX) });
export type SellerCancelRequest = z.input<typeof SellerCancelRequest>;
