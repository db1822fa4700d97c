import type { MallConsignee, MallGoodsStatus, MallOrderStatus, MallPayWay } from '@tp/contract';
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { at, blank, createdAt, firmIdColumn, identityKey, referenceTo, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';

/** The mall's goods classes (商品分类), kept by staff. */
export const mallClasses = pgTable('mall_classes', {
  id: identityKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...timestamps(),
});

/** Goods a seller firm sells in the mall, on sale once staff pass them. */
export const mallGoods = pgTable(
  'mall_goods',
  {
    id: identityKey(700001),
    firmId: firmIdColumn().notNull(),
    /** Who saved them last; their pictures are read on this firm's behalf. */
    userId: userIdColumn().notNull(),
    classId: referenceTo('class_id', () => mallClasses.id),
    name: text('name').notNull(),
    specs: jsonb('specs').$type<string[]>().notNull(),
    price: numeric('price', { precision: 38, scale: 2 }).notNull(),
    /** Whole pieces; orders take from it with a conditional update, so it never goes negative. */
    stock: integer('stock').notNull(),
    sold: integer('sold').notNull().default(0),
    images: jsonb('images').$type<string[]>().notNull(),
    description: blank('description'),
    status: text('status').$type<MallGoodsStatus>().notNull(),
    reason: blank('reason'),
    auditedBy: blank('audited_by'),
    auditedAt: at('audited_at'),
    ...timestamps(),
  },
  (t) => [index('mall_goods_public_idx').on(t.status, t.classId, t.id), index('mall_goods_firm_idx').on(t.firmId, t.id)],
);

export const mallGoodsHistory = pgTable(
  'mall_goods_history',
  {
    id: identityKey(),
    goodsId: referenceTo('goods_id', () => mallGoods.id),
    ...statusChange<MallGoodsStatus | ''>(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('mall_goods_history_goods_idx').on(t.goodsId, t.id)],
);

/** One purchase: pieces of one goods in one specification, with what was paid and where it goes. */
export const mallOrders = pgTable(
  'mall_orders',
  {
    id: identityKey(800001),
    goodsId: referenceTo('goods_id', () => mallGoods.id),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    buyerUserId: bigint('buyer_user_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    /** Name and price as they were when ordered. */
    title: text('title').notNull(),
    spec: text('spec').notNull(),
    price: numeric('price', { precision: 38, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    total: numeric('total', { precision: 38, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 38, scale: 2 }).notNull().default('0'),
    status: text('status').$type<MallOrderStatus>().notNull(),
    payWay: text('pay_way').$type<MallPayWay | ''>().notNull().default(''),
    /** The mobile payment started for it, refunded through the same provider. */
    paymentId: blank('payment_id'),
    trackingNo: blank('tracking_no'),
    consignee: jsonb('consignee').$type<MallConsignee>().notNull(),
    /** When the next automatic step is due (lapse, receipt, completion); null when none is. */
    dueAt: at('due_at'),
    ...timestamps(),
  },
  (t) => [index('mall_orders_buyer_idx').on(t.buyerFirmId, t.id), index('mall_orders_seller_idx').on(t.sellerFirmId, t.id), index('mall_orders_status_idx').on(t.status, t.id)],
);

export const mallOrderHistory = pgTable(
  'mall_order_history',
  {
    id: identityKey(),
    orderId: referenceTo('order_id', () => mallOrders.id),
    ...statusChange<MallOrderStatus | ''>(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('mall_order_history_order_idx').on(t.orderId, t.id)],
);
