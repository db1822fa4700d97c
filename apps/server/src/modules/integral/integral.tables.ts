import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IntegralGoodsStatus, IntegralReason, IntegralRuleKey, RedemptionStatus, RewardApplicationStatus } from '@tp/contract';
import { at, blank, createdAt, firmIdColumn, identityKey, timestamps, userIdColumn } from '../../platform/db/columns';

/** The earning rules staff configure; a missing row reads as the rule's default. */
export const integralRules = pgTable('integral_rules', {
  key: text('key').$type<IntegralRuleKey>().primaryKey(),
  points: integer('points').notNull(),
  enabled: boolean('enabled').notNull(),
  updatedBy: blank('updated_by'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * Every credit of points to a firm (an award or a refund), one row per source event: the unique key
 * makes each award happen once however often its event arrives. Year-end expiry reads the credits.
 */
export const integralCredits = pgTable(
  'integral_credits',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    reason: text('reason').$type<IntegralReason>().notNull(),
    sourceRef: text('source_ref').notNull(),
    points: integer('points').notNull(),
    journalId: text('journal_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integral_credits_source_uq').on(t.reason, t.sourceRef, t.firmId), index('integral_credits_firm_idx').on(t.firmId, t.createdAt), check('integral_credits_points_positive', sql`${t.points} > 0`)],
);

/** One sign-in per user and Shanghai day; the unique key is what makes concurrent clicks award once. */
export const integralSignIns = pgTable(
  'integral_sign_ins',
  {
    id: identityKey(),
    userId: userIdColumn().notNull(),
    firmId: firmIdColumn().notNull(),
    day: text('day').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integral_sign_ins_user_day_uq').on(t.userId, t.day)],
);

/** One year-end expiry per firm and year. */
export const integralExpiries = pgTable(
  'integral_expiries',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    year: integer('year').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('integral_expiries_firm_year_uq').on(t.firmId, t.year)],
);

export const integralGoods = pgTable(
  'integral_goods',
  {
    id: identityKey(),
    name: text('name').notNull(),
    description: blank('description'),
    imageId: text('image_id'),
    points: integer('points').notNull(),
    stock: integer('stock').notNull(),
    limitPerFirm: integer('limit_per_firm').notNull(),
    status: text('status').$type<IntegralGoodsStatus>().notNull(),
    ...timestamps(),
  },
  (t) => [check('integral_goods_stock_nonnegative', sql`${t.stock} >= 0`), check('integral_goods_points_positive', sql`${t.points} > 0`)],
);

export const integralRedemptions = pgTable(
  'integral_redemptions',
  {
    id: identityKey(),
    goodsId: bigint('goods_id', { mode: 'number' })
      .notNull()
      .references(() => integralGoods.id),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    status: text('status').$type<RedemptionStatus>().notNull(),
    recipients: text('recipients').notNull(),
    recipientsCellphone: text('recipients_cellphone').notNull(),
    region: text('region').notNull(),
    addressName: text('address_name').notNull(),
    postCode: blank('post_code'),
    trackingNo: blank('tracking_no'),
    ...timestamps(),
  },
  (t) => [index('integral_redemptions_firm_idx').on(t.firmId, t.id), index('integral_redemptions_goods_firm_idx').on(t.goodsId, t.firmId)],
);

export const integralApplications = pgTable(
  'integral_applications',
  {
    id: identityKey(),
    firmId: firmIdColumn().notNull(),
    userId: userIdColumn().notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RewardApplicationStatus>().notNull(),
    points: integer('points').notNull().default(0),
    decisionReason: blank('decision_reason'),
    decidedBy: blank('decided_by'),
    decidedAt: at('decided_at'),
    ...timestamps(),
  },
  (t) => [index('integral_applications_firm_idx').on(t.firmId, t.id)],
);

/** Every state change of a redemption, goods or application: who, when, from, to, why. */
export const integralHistory = pgTable(
  'integral_history',
  {
    id: identityKey(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    fromStatus: blank('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('integral_history_object_idx').on(t.objectType, t.objectId)],
);
