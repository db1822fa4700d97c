import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, at, blank, createdAt, identityKey, referenceTo, statusChange, timestamps, userIdColumn } from '../../platform/db/columns';
import type { AllocationRule, LockupRule, PresaleSaleStatus, SubscriptionStatus, UnlockStage } from '@tp/contract';

/** A pre-sale project staff publish; `remaining_amount` is what may still be subscribed first come first served. */
export const presaleProjects = pgTable(
  'presale_projects',
  {
    id: identityKey(7001),
    name: text('name').notNull(),
    companyName: text('company_name').notNull(),
    coinName: text('coin_name').notNull(),
    coinType: text('coin_type').notNull(),
    abbreviation: text('abbreviation').notNull(),
    website: blank('website'),
    contractAddress: blank('contract_address'),
    whitePaper: blank('white_paper'),
    chatGroup: blank('chat_group'),
    introduction: blank('introduction'),
    totalIssue: amount('total_issue').notNull(),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
    price: amount('price').notNull(),
    amount: amount('amount').notNull(),
    remainingAmount: amount('remaining_amount').notNull(),
    /** Everything subscribed (above the amount when a pro-rata sale is oversubscribed). */
    subscribedAmount: amount('subscribed_amount').notNull(),
    minPurchase: amount('min_purchase').notNull(),
    maxPurchase: amount('max_purchase').notNull(),
    paymentCurrency: text('payment_currency').notNull(),
    exchangeRatio: amount('exchange_ratio').notNull(),
    lockupRule: text('lockup_rule').$type<LockupRule>().notNull(),
    unlockStages: jsonb('unlock_stages').$type<UnlockStage[]>().notNull(),
    allocation: text('allocation').$type<AllocationRule>().notNull(),
    feeRate: amount('fee_rate').notNull(),
    quantityPlaces: integer('quantity_places').notNull(),
    saleStatus: text('sale_status').$type<PresaleSaleStatus>().notNull(),
    allocatedAt: at('allocated_at'),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
  },
  (t) => [index('presale_projects_end_idx').on(t.endTime)],
);

/** A user's subscription: the payment (with fee) frozen at order time, the allocation written at the end. */
export const presaleSubscriptions = pgTable(
  'presale_subscriptions',
  {
    id: identityKey(),
    projectId: referenceTo('project_id', () => presaleProjects.id),
    userId: userIdColumn().notNull(),
    paymentCurrency: text('payment_currency').notNull(),
    price: amount('price').notNull(),
    quantity: amount('quantity').notNull(),
    amountPaid: amount('amount_paid').notNull(),
    winningQuantity: amount('winning_quantity').notNull().default('0'),
    winningAmount: amount('winning_amount').notNull().default('0'),
    fee: amount('fee').notNull().default('0'),
    refund: amount('refund').notNull().default('0'),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    ...timestamps(),
  },
  (t) => [index('presale_subscriptions_user_idx').on(t.userId, t.id), index('presale_subscriptions_project_idx').on(t.projectId, t.id)],
);

/** Tokens due to a subscription: stage 0 arrives at the allocation, stages 1… unlock later. */
export const presalePlacements = pgTable(
  'presale_placements',
  {
    id: identityKey(),
    subscriptionId: referenceTo('subscription_id', () => presaleSubscriptions.id),
    userId: userIdColumn().notNull(),
    stage: integer('stage').notNull(),
    quantity: amount('quantity').notNull(),
    dueAt: at('due_at').notNull(),
    releasedAt: at('released_at'),
  },
  (t) => [uniqueIndex('presale_placements_subscription_stage_uq').on(t.subscriptionId, t.stage), index('presale_placements_due_idx').on(t.releasedAt, t.dueAt), index('presale_placements_user_idx').on(t.userId, t.id)],
);

/** Every status change of a project or a subscription: who, when, from, to, why. */
export const presaleHistory = pgTable(
  'presale_history',
  {
    id: identityKey(),
    objectType: text('object_type').$type<'project' | 'subscription'>().notNull(),
    objectId: text('object_id').notNull(),
    ...statusChange(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('presale_history_object_idx').on(t.objectType, t.objectId)],
);
