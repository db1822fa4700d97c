import type { ApplyStatus, ArrivalStatus, HoldStatus, InspectionStatus, PickupStatus, StockStatus } from '@tp/contract';
import { bigint, boolean, index, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, createdAt, firmIdColumn, identityKey, referenceTo, statusChange, timestamps } from '../../platform/db/columns';
import type { AccrualState, HistoryObject, InspectionFeeState } from './warehouse.states';

/** A warehouse (仓库) goods are stored in; fees accrue per `chargeStandard` and `warehousRate`. */
export const storages = pgTable(
  'storages',
  {
    id: identityKey(201),
    name: text('name').notNull(),
    address: text('address').notNull(),
    responsibleName: text('responsible_name').notNull(),
    responsiblePhone: text('responsible_phone').notNull(),
    note: blank('note'),
    /** CNY per weight unit per day. */
    chargeStandard: numeric('charge_standard', { precision: 18, scale: 4 }).notNull(),
    storageType: text('storage_type').notNull(),
    /** Decimal fraction of the goods' value. */
    warehousRate: numeric('warehous_rate', { precision: 10, scale: 6 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('storages_name_uq').on(t.name)],
);

/** Which commodity types a warehouse stores: firms may choose it only for these. */
export const storageCommodityTypes = pgTable(
  'storage_commodity_types',
  {
    storageId: referenceTo('storage_id', () => storages.id, { onDelete: 'cascade' }),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageId, t.commodityTypeId] }), index('storage_commodity_types_type_idx').on(t.commodityTypeId)],
);

const qty = (name: string) => numeric(name, { precision: 38, scale: 3 });

/** A firm's warehousing application (入库申请) with its inspection (质检) and arrival state. */
export const warehousingApplies = pgTable(
  'warehousing_applies',
  {
    id: identityKey(100001),
    firmId: firmIdColumn().notNull(),
    type: text('type').notNull(),
    orderId: blank('order_id'),
    commodityTypeId: bigint('commodity_type_id', { mode: 'number' }).notNull(),
    batch: text('batch').notNull(),
    firmName: text('firm_name').notNull(),
    gradeId: bigint('grade_id', { mode: 'number' }).notNull(),
    manufacturer: text('manufacturer').notNull(),
    outWarehousDay: text('out_warehous_day').notNull(),
    packagId: bigint('packag_id', { mode: 'number' }).notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    storageId: referenceTo('storage_id', () => storages.id),
    reportType: text('report_type').notNull(),
    status: text('status').$type<ApplyStatus>().notNull(),
    /** '' before arrival, F awaiting storage, T stored. */
    arrival: text('arrival').$type<ArrivalStatus>().notNull().default(''),
    /** '' until the audit passes, then 0..4. */
    inspectionStatus: text('inspection_status').$type<InspectionStatus | ''>().notNull().default(''),
    inspectionFee: numeric('inspection_fee', { precision: 38, scale: 2 }),
    /** Whether the fee is frozen, charged or released: '', frozen, charged, released. */
    feeState: text('fee_state').$type<InspectionFeeState>().notNull().default(''),
    reportFileId: text('report_file_id'),
    reason: blank('reason'),
    deleted: boolean('deleted').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('warehousing_applies_firm_idx').on(t.firmId, t.id), index('warehousing_applies_status_idx').on(t.status)],
);

/** A warehouse receipt (仓单) issued when an application's goods are stored. */
export const warehouseReceipts = pgTable(
  'warehouse_receipts',
  {
    id: identityKey(500001),
    receiptNo: text('receipt_no').notNull(),
    applyId: referenceTo('apply_id', () => warehousingApplies.id),
    firmId: firmIdColumn().notNull(),
    failedGrade: boolean('failed_grade').notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    /** 0 in stock, 1 out. */
    stockStatus: text('stock_status').$type<StockStatus>().notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('warehouse_receipts_no_uq').on(t.receiptNo), uniqueIndex('warehouse_receipts_apply_uq').on(t.applyId), index('warehouse_receipts_firm_idx').on(t.firmId)],
);

/** A part of a receipt's goods owned by one firm; parts split and merge, their sum never changes. */
export const holdings = pgTable(
  'holdings',
  {
    id: identityKey(700001),
    receiptId: referenceTo('receipt_id', () => warehouseReceipts.id),
    firmId: firmIdColumn().notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    /** 0 held, 1 frozen, 2 sold, 3 picked up. */
    status: text('status').$type<HoldStatus>().notNull(),
    storageFee: numeric('storage_fee', { precision: 38, scale: 2 }).notNull().default('0'),
    ...timestamps(),
  },
  (t) => [index('holdings_firm_idx').on(t.firmId, t.status), index('holdings_receipt_idx').on(t.receiptId)],
);

/** One day's storage fee of one holding: the unique key makes the daily accrual run once. */
export const storageFeeAccruals = pgTable(
  'storage_fee_accruals',
  {
    id: identityKey(),
    holdingId: referenceTo('holding_id', () => holdings.id),
    day: text('day').notNull(),
    amount: numeric('amount', { precision: 38, scale: 2 }).notNull(),
    /** charged, or owed when the firm's available funds were short. */
    state: text('state').$type<AccrualState>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('storage_fee_accruals_holding_day_uq').on(t.holdingId, t.day)],
);

/** A request to take goods out: self pickup (0 → 1) or logistics (0 → 1 → 2 → 3). */
export const pickups = pgTable(
  'pickups',
  {
    id: identityKey(900001),
    firmId: firmIdColumn().notNull(),
    /** The frozen part of the holding the goods are taken from. */
    holdingId: referenceTo('holding_id', () => holdings.id),
    mode: text('mode', { enum: ['self', 'logistics'] }).notNull(),
    quantity: qty('quantity').notNull(),
    weight: qty('weight').notNull(),
    status: text('status').$type<PickupStatus>().notNull(),
    pickupCode: text('pickup_code'),
    carrier: blank('carrier'),
    trackingNo: blank('tracking_no'),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    address: blank('address'),
    ...timestamps(),
  },
  (t) => [index('pickups_firm_idx').on(t.firmId, t.mode), uniqueIndex('pickups_code_uq').on(t.pickupCode)],
);

/** Every state change of an application, holding or pickup: who, when, from, to, why. */
export const warehouseHistory = pgTable(
  'warehouse_history',
  {
    id: identityKey(),
    objectType: text('object_type').$type<HistoryObject>().notNull(),
    objectId: bigint('object_id', { mode: 'number' }).notNull(),
    ...statusChange(),
    reason: blank('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('warehouse_history_object_idx').on(t.objectType, t.objectId)],
);
