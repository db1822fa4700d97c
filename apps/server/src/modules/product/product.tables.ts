import type { ProductConsignee, ProductOrderCanceller, ProductOrderStatus, ProductStatus } from '@tp/contract';
import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

/** A firm's shop profile (店铺), its front at /shopCenter. */
export const productShops = pgTable('product_shops', {
  firmId: firmIdColumn().primaryKey(),
  /** Who saved it last; the logo is read on this firm's behalf. */
  userId: userIdColumn().notNull(),
  name: text('name').notNull(),
  logo: uuid('logo'),
  introduction: blank('introduction'),
  contactName: text('contact_name').notNull(),
  contactPhone: text('contact_phone').notNull(),
  ...timestamps(),
});

/** A standard product sold by the piece from a firm's shop. */
export const products = pgTable(
  'products',
  {
    id: identityKey(500001),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    name: text('name').notNull(),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    specification: text('specification').notNull(),
    unit: text('unit').notNull(),
    price: numeric('price', { precision: 38, scale: 2 }).notNull(),
    /** Whole pieces; checkouts take from it under a row lock, so it never goes negative. */
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull(),
    description: blank('description'),
    /** D draft, W pending audit, T on sale, F rejected, O off shelf. */
    status: text('status').$type<ProductStatus>().notNull(),
    reason: blank('reason'),
    auditedBy: blank('audited_by'),
    auditedAt: at('audited_at'),
    ...timestamps(),
  },
  (t) => [index('products_public_idx').on(t.status, t.id), index('products_firm_idx').on(t.firmId, t.id)],
);

/** Every state change of a product: who, when, from, to, why. */
export const productHistory = pgTable(
  'product_history',
  {
    id: identityKey(),
    productId: referenceTo('product_id', () => products.id),
    ...statusChange<ProductStatus | ''>(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('product_history_product_idx').on(t.productId, t.id)],
);

/** A user's cart: one line per product. */
export const productCartLines = pgTable(
  'product_cart_lines',
  {
    userId: userIdColumn().notNull(),
    productId: referenceTo('product_id', () => products.id),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** One order per seller of a checkout, paid by freezing the buyer firm's funds. */
export const productOrders = pgTable(
  'product_orders',
  {
    id: identityKey(600001),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    buyerUserId: bigint('buyer_user_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 2 }).notNull().default('0'),
    /** W paid awaiting shipment, S shipped, T received, U cancelled. */
    status: text('status').$type<ProductOrderStatus>().notNull(),
    trackingNo: blank('tracking_no'),
    /** Who cancelled it (`U`): the buyer before shipment, or the seller that cannot ship; null otherwise. */
    cancelledBy: text('cancelled_by').$type<ProductOrderCanceller>(),
    /** The seller's reason, which the buyer reads; empty when the buyer cancelled. */
    cancelReason: blank('cancel_reason'),
    /**
     * The recipient as the buyer's address book had it at checkout, so later edits or deletions of the
     * address never change where a paid order goes; null only for orders placed before addresses were asked.
     */
    consignee: jsonb('consignee').$type<ProductConsignee>(),
    ...timestamps(),
  },
  (t) => [index('product_orders_buyer_idx').on(t.buyerFirmId, t.id), index('product_orders_seller_idx').on(t.sellerFirmId, t.id)],
);

/** What was bought, as it was at checkout (name and price do not follow later edits). */
export const productOrderItems = pgTable(
  'product_order_items',
  {
    id: identityKey(),
    orderId: referenceTo('order_id', () => productOrders.id),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    specification: text('specification').notNull(),
    unit: text('unit').notNull(),
    price: numeric('price', { precision: 38, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
  },
  (t) => [index('product_order_items_order_idx').on(t.orderId)],
);

/** Every state change of an order. */
export const productOrderHistory = pgTable(
  'product_order_history',
  {
    id: identityKey(),
    orderId: referenceTo('order_id', () => productOrders.id),
    ...statusChange<ProductOrderStatus | ''>(),
    createdAt: createdAt(),
  },
  (t) => [index('product_order_history_order_idx').on(t.orderId, t.id)],
);
