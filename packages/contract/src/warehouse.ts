import { z } from 'zod';
import { pageFields, pageOf } from './envelope';
import { namedCodes } from './named-codes';

/** Warehousing, quality inspection, receipts, holdings and pickup of the commodity platform. */
export const WarehousePath = {
  apply: '/api/warehouse/apply',
  applyList: '/api/warehouse/applyList',
  revoke: '/api/warehouse/revoke',
  remove: '/api/warehouse/delete',
  acceptFailed: '/api/warehouse/acceptFailed',
  inspectionList: '/api/warehouse/inspection/list',
  reportUpload: '/api/warehouse/inspection/upload',
  submitReport: '/api/warehouse/inspection/report',
  receipts: '/api/warehouse/receipts',
  holdings: '/api/warehouse/holdings',
  companyWarehouse: '/api/warehouse/companyWarehouse',
  pickupApply: '/api/warehouse/pickup/apply',
  pickups: '/api/warehouse/pickup/list',
  pickupReceive: '/api/warehouse/pickup/receive',
  adminApplies: '/api/admin/warehouse/applies',
  adminAudit: '/api/admin/warehouse/audit',
  adminSetFee: '/api/admin/warehouse/inspection/fee',
  adminReview: '/api/admin/warehouse/inspection/review',
  adminArrive: '/api/admin/warehouse/arrive',
  adminStore: '/api/admin/warehouse/store',
  adminPickups: '/api/admin/warehouse/pickups',
  adminConfirmPickup: '/api/admin/warehouse/pickup/confirm',
  adminAssign: '/api/admin/warehouse/logistics/assign',
  adminShip: '/api/admin/warehouse/logistics/ship',
  adminStorages: '/api/admin/storage/list',
  adminSaveStorage: '/api/admin/storage/save',
  adminDeleteStorage: '/api/admin/storage/delete',
} as const;

/** Warehousing application `status` (the spec's codes). */
export const ApplyStatus = namedCodes(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const, {
  applied: '0',
  inspecting: '1',
  inspectionPassed: '2',
  inspectionFailed: '3',
  failedAccepted: '4',
  pickedUp: '5',
  revoked: '6',
  auditFailed: '7',
  auditPassed: '8',
  stored: '9',
});
export type ApplyStatus = (typeof ApplyStatus)[number];
/** Quality inspection: 0 fee to set, 1 report to upload, 2 unreviewed, 3 passed, 4 failed ('' until the audit passes). */
export const InspectionStatus = namedCodes(['0', '1', '2', '3', '4'] as const, { feeToSet: '0', reportToUpload: '1', unreviewed: '2', passed: '3', failed: '4' });
export type InspectionStatus = (typeof InspectionStatus)[number];
/** Goods' arrival at the warehouse: '' not yet, F awaiting storage, T stored. */
export const ArrivalStatus = namedCodes(['', 'F', 'T'] as const, { none: '', awaitingStorage: 'F', stored: 'T' });
export type ArrivalStatus = (typeof ArrivalStatus)[number];
/** Holding: 0 held, 1 frozen, 2 sold, 3 picked up. */
export const HoldStatus = namedCodes(['0', '1', '2', '3'] as const, { held: '0', frozen: '1', sold: '2', pickedUp: '3' });
export type HoldStatus = (typeof HoldStatus)[number];
/** Receipt `stockStatus`: 0 in stock, 1 out. */
export const StockStatus = namedCodes(['0', '1'] as const, { inStock: '0', out: '1' });
export type StockStatus = (typeof StockStatus)[number];
/** Pickup `status`. Self pickup: 0 to pick up, 1 picked up. Logistics: 0 to assign, 1 to receive, 2 in transit, 3 done. */
export const PickupStatus = namedCodes(['0', '1', '2', '3'] as const, { toPickUp: '0', pickedUp: '1', toAssign: '0', toReceive: '1', inTransit: '2', done: '3' });
export type PickupStatus = (typeof PickupStatus)[number];
export const PickupMode = ['self', 'logistics'] as const;
export type PickupMode = (typeof PickupMode)[number];

/** Quantities and weights: at most three places; money: at most two; phones as people write them. */
export const WAREHOUSE_AMOUNT3_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,3})?$/;
export const WAREHOUSE_MONEY_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
export const WAREHOUSE_PHONE_PATTERN = /^[0-9+\-\s]{6,20}$/;
/** The six digits the warehouse checks when goods are picked up. */
export const PICKUP_CODE_PATTERN = /^\d{6}$/;

const id = z.string().regex(/^\d{1,15}$/);
/** A positive decimal with at most three places (quantities, weights). */
const amount3 = z.string().trim().regex(WAREHOUSE_AMOUNT3_PATTERN).refine((v) => !/^0(\.0*)?$/.test(v), { message: 'positive' });
/** Money: at most two places, zero allowed. */
const money = z.string().trim().regex(WAREHOUSE_MONEY_PATTERN);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const WarehousingApplyRequest = z.strictObject({
  /** 1 spot goods stocked in; 2 presale goods delivered against an order (then `orderId`). */
  type: z.enum(['1', '2']).default('1'),
  orderId: z.string().trim().max(40).default(''),
  commodityTypeId: id,
  batch: z.string().trim().min(1).max(40),
  firmName: z.string().trim().min(1).max(100),
  gradeId: id,
  manufacturer: z.string().trim().min(1).max(100),
  outWarehousDay: day,
  packagId: id,
  quantity: amount3,
  weight: amount3,
  storageId: id,
  reportType: z.enum(['1', '2']),
});
export type WarehousingApplyRequest = z.infer<typeof WarehousingApplyRequest>;

/** How much of the goods a record holds (decimal strings), and the units it is counted and weighed in. */
const goodsAmount = { quantity: z.string(), weight: z.string(), unit: z.string(), weightUnit: z.string() };

export const WarehousingApply = z.object({
  applyId: z.string(),
  firmId: z.string(),
  type: z.string(),
  orderId: z.string(),
  commodityTypeId: z.string(),
  commodityName: z.string(),
  batch: z.string(),
  firmName: z.string(),
  gradeId: z.string(),
  gradeName: z.string(),
  manufacturer: z.string(),
  outWarehousDay: z.string(),
  packagId: z.string(),
  packageName: z.string(),
  ...goodsAmount,
  storageId: z.string(),
  storageName: z.string(),
  reportType: z.string(),
  status: z.string(),
  /** F awaiting storage, T stored; empty before the goods arrive. */
  arrival: z.string(),
  inspectionStatus: z.string(),
  inspectionFee: z.string().nullable(),
  reportFileId: z.string().nullable(),
  reportUrl: z.string().nullable(),
  reason: z.string(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarehousingApply = z.infer<typeof WarehousingApply>;
export const WarehousingApplyPage = pageOf(WarehousingApply);

export const ApplyListRequest = z.strictObject({ status: z.enum(ApplyStatus).optional(), inspectionStatus: z.enum(InspectionStatus).optional(), ...pageFields() });
export type ApplyListRequest = z.infer<typeof ApplyListRequest>;
export const AdminApplyListRequest = z.strictObject({ ...ApplyListRequest.shape, firmId: id.optional() });
export type AdminApplyListRequest = z.infer<typeof AdminApplyListRequest>;

export const ApplyIdRequest = z.strictObject({ applyId: id });
export type ApplyIdRequest = z.infer<typeof ApplyIdRequest>;
export const SubmitReportRequest = z.strictObject({ applyId: id, reportType: z.enum(['1', '2']), fileId: z.uuid() });
export type SubmitReportRequest = z.infer<typeof SubmitReportRequest>;

/** A staff decision; a refusal says why (shown to the firm), in at least two characters. */
export const AuditRequest = z
  .strictObject({ applyId: id, pass: z.boolean(), reason: z.string().trim().max(200).default('') })
  .refine((d) => d.pass || d.reason.length >= 2, { path: ['reason'], message: 'a refusal needs a reason' });
export type AuditRequest = z.infer<typeof AuditRequest>;
export const SetFeeRequest = z.strictObject({ applyId: id, fee: money });
export type SetFeeRequest = z.infer<typeof SetFeeRequest>;

export const ReportUpload = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string().nullable() });

export const Receipt = z.object({
  receiptId: z.string(),
  receiptNo: z.string(),
  applyId: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  /** The firm accepted a failed inspection: the receipt carries the failed grade. */
  failedGrade: z.boolean(),
  ...goodsAmount,
  storageName: z.string(),
  /** 0 in stock, 1 out. */
  stockStatus: z.string(),
  createdAt: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;
export const ReceiptPage = pageOf(Receipt);

export const Holding = z.object({
  holdId: z.string(),
  receiptId: z.string(),
  receiptNo: z.string(),
  commodityName: z.string(),
  gradeName: z.string(),
  ...goodsAmount,
  storageId: z.string(),
  storageName: z.string(),
  status: z.string(),
  /** Storage fees charged so far, CNY. */
  storageFee: z.string(),
  createdAt: z.string(),
});
export type Holding = z.infer<typeof Holding>;
export const HoldingPage = pageOf(Holding);
export const HoldingListRequest = z.strictObject({ status: z.enum(HoldStatus).optional(), ...pageFields() });
export type HoldingListRequest = z.infer<typeof HoldingListRequest>;
export const PageRequest = z.strictObject({ ...pageFields() });
export type PageRequest = z.infer<typeof PageRequest>;

export const CompanyWarehouse = z.object({
  storageId: z.string(),
  name: z.string(),
  address: z.string(),
  responsibleName: z.string(),
  responsiblePhone: z.string(),
  chargeStandard: z.string(),
  warehousRate: z.string(),
  holdings: z.number().int(),
  weight: z.string(),
});
export type CompanyWarehouse = z.infer<typeof CompanyWarehouse>;

export const PickupApplyRequest = z.strictObject({
  holdId: id,
  mode: z.enum(PickupMode),
  quantity: amount3,
  /** Defaults to the holding's weight in proportion to the quantity. */
  weight: amount3.optional(),
  contactName: z.string().trim().min(1).max(40),
  contactPhone: z.string().trim().regex(WAREHOUSE_PHONE_PATTERN),
  address: z.string().trim().max(200).default(''),
});
export type PickupApplyRequest = z.infer<typeof PickupApplyRequest>;

export const Pickup = z.object({
  pickupId: z.string(),
  holdId: z.string(),
  mode: z.string(),
  commodityName: z.string(),
  ...goodsAmount,
  storageName: z.string(),
  /** Self pickup: 0 to pick up, 1 picked up. Logistics: 0 to assign, 1 to receive, 2 in transit, 3 done. */
  status: z.string(),
  /** Shown to the holder only; the warehouse asks for it. */
  pickupCode: z.string().nullable(),
  carrier: z.string(),
  trackingNo: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  /** The firm that holds the goods now (after a sale, the buyer), which the warehouse releases them to. */
  firmName: z.string(),
  createdAt: z.string(),
});
export type Pickup = z.infer<typeof Pickup>;
export const PickupPage = pageOf(Pickup);
export const PickupListRequest = z.strictObject({ mode: z.enum(PickupMode), status: z.string().max(1).optional(), ...pageFields() });
export type PickupListRequest = z.infer<typeof PickupListRequest>;
export const PickupIdRequest = z.strictObject({ pickupId: id });
export type PickupIdRequest = z.infer<typeof PickupIdRequest>;
export const ConfirmPickupRequest = z.strictObject({ pickupCode: z.string().trim().regex(PICKUP_CODE_PATTERN) });
export type ConfirmPickupRequest = z.infer<typeof ConfirmPickupRequest>;
export const AssignRequest = z.strictObject({ pickupId: id, carrier: z.string().trim().min(1).max(60), trackingNo: z.string().trim().min(1).max(40) });
export type AssignRequest = z.infer<typeof AssignRequest>;

export const SaveStorageRequest = z.strictObject({
  storageId: id.optional(),
  name: z.string().trim().min(1).max(100),
  address: z.string().trim().min(1).max(200),
  responsibleName: z.string().trim().min(1).max(40),
  responsiblePhone: z.string().trim().regex(WAREHOUSE_PHONE_PATTERN),
  note: z.string().trim().max(200).default(''),
  chargeStandard: z.string().trim().regex(/^(0|[1-9]\d{0,9})(\.\d{1,4})?$/),
  storageType: z.string().trim().min(1).max(40),
  warehousRate: z.string().trim().regex(/^0(\.\d{1,6})?$/),
  /** The commodity types it stores (at least one). */
  commodityTypeIds: z.array(id).min(1).max(200),
});
export type SaveStorageRequest = z.infer<typeof SaveStorageRequest>;
export const StorageIdRequest = z.strictObject({ storageId: id });
