import { bigint, index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BsFlag, DealSource } from '@tp/contract';
import { at, identityKey } from '../../platform/db/columns';

/**
 * Every deal the platform made (a confirmed pick, an auction win, a mall sale), as the quotations
 * read it: one row per deal, written in the transaction that made it. `(source, sourceRef)` is
 * unique, so recording a deal again changes nothing.
 */
export const quotationDeals = pgTable(
  'quotation_deals',
  {
    id: identityKey(880001),
    source: text('source').$type<DealSource>().notNull(),
    /** The deal's id in its own module (a pick id, an auction item id, a mall order id). */
    sourceRef: text('source_ref').notNull(),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    price: numeric('price', { precision: 38, scale: 2 }).notNull(),
    /** In the unit the price is per (packages for a spot pick, the weight unit for margin deals). */
    volume: numeric('volume', { precision: 38, scale: 3 }).notNull(),
    amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
    bsFlag: text('bs_flag').$type<BsFlag>().notNull(),
    dealAt: at('deal_at').notNull(),
  },
  (t) => [uniqueIndex('quotation_deals_source_idx').on(t.source, t.sourceRef), index('quotation_deals_commodity_idx').on(t.commodityTypeId, t.dealAt)],
);
