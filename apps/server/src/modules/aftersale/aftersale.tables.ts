import type { AfterSaleKindCode, AfterSaleStatus, AfterSaleType } from '@tp/contract';
import { bigint, index, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, createdAt, identityKey, referenceTo, timestamps } from '../../platform/db/columns';

const money = (name: string) => numeric(name, { precision: 38, scale: 2 });

/**
 * A return or exchange of an auction or mall order, asked for by its buyer. The parties are copied
 * from the order when the request opens, so every read filters by them. One request of an order is
 * open at a time (`finished_at` null).
 */
export const afterSaleRequests = pgTable(
  'aftersale_requests',
  {
    id: identityKey(930001),
    kind: text('kind').$type<AfterSaleKindCode>().notNull(),
    orderId: text('order_id').notNull(),
    buyerFirmId: bigint('buyer_firm_id', { mode: 'number' }).notNull(),
    sellerFirmId: bigint('seller_firm_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    type: text('type').$type<AfterSaleType>().notNull(),
    status: text('status').$type<AfterSaleStatus>().notNull(),
    reason: text('reason').notNull(),
    /** Upload ids of the buyer's photos of the goods. */
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    orderAmount: money('order_amount').notNull(),
    /** A return's refund; 0 for an exchange. */
    amount: money('amount').notNull(),
    sellerReason: text('seller_reason'),
    arbitrationReason: text('arbitration_reason'),
    decision: text('decision').$type<'buyer' | 'seller'>(),
    decisionReason: text('decision_reason'),
    returnCarrier: text('return_carrier'),
    returnTrackingNo: text('return_tracking_no'),
    replacementCarrier: text('replacement_carrier'),
    replacementTrackingNo: text('replacement_tracking_no'),
    /** When the current step times out: the seller's answer, or the buyer's return shipment. */
    deadlineAt: at('deadline_at'),
    finishedAt: at('finished_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('aftersale_requests_open_order').on(t.kind, t.orderId).where(sql`${t.finishedAt} is null`),
    index('aftersale_requests_buyer').on(t.buyerFirmId, t.id),
    index('aftersale_requests_seller').on(t.sellerFirmId, t.id),
    index('aftersale_requests_deadline').on(t.deadlineAt),
  ],
);

/** Every step of a request: who, when, from which status to which, and why. */
export const afterSaleHistory = pgTable(
  'aftersale_history',
  {
    id: identityKey(),
    requestId: referenceTo('request_id', () => afterSaleRequests.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('aftersale_history_request').on(t.requestId, t.id)],
);
