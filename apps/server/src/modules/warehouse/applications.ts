import { Decimal } from '@tp/decimal';
import {
  ApplyStatus,
  ArrivalStatus,
  HoldStatus,
  InspectionStatus,
  JournalType,
  StockStatus,
  type AdminApplyListRequest,
  type ApplyListRequest,
  type AuditRequest,
  type Language,
  type Page,
  type SetFeeRequest,
  type SubmitReportRequest,
  type UploadedFile,
  type WarehousingApply,
  type WarehousingApplyRequest,
} from '@tp/contract';
import { type DbOrTx, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { appendEvent } from '../../platform/events/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import { shanghaiDay } from '../../platform/time';
import { findReadableUpload, sniff, UploadRefusedError } from '../../platform/uploads/index';
import { Postings, feeIncome, firmFund, firmFundPair } from '../ledger/index';
import { staffActor, userActor, type WarehouseContext } from './context';
import type { WarehouseViews } from './views';
import { ACTIONS, ApplyStateError, MESSAGES, StorageCommodityError, conflict, notFound } from './warehouse.errors';
import { HistoryObject, InspectionFeeState } from './warehouse.states';
import * as repo from './warehouse.repo';

export const WarehouseJournalType = {
  inspectionFreeze: JournalType.warehouseInspectionFreeze,
  inspectionCharge: JournalType.warehouseInspectionCharge,
  inspectionRelease: JournalType.warehouseInspectionRelease,
  storageFee: JournalType.warehouseStorageFee,
} as const;

/** Announced when goods are stored and the firm's holding created: other modules reward a firm's first stock-in. */
export const GOODS_STORED = 'warehouse.goods.stored';

/** Applications the firm may still revoke: before the inspection, or instead of accepting a failed one. */
const REVOCABLE: readonly ApplyStatus[] = [ApplyStatus.applied, ApplyStatus.auditPassed, ApplyStatus.inspectionFailed];
/** Inspected applications whose goods may arrive and be stored (a failed result the firm accepted, too). */
const STORABLE: readonly ApplyStatus[] = [ApplyStatus.inspectionPassed, ApplyStatus.failedAccepted];

/**
 * Warehousing applications (入库申请) and their quality inspection (质检): the firm applies, staff
 * audit, set the inspection fee (frozen from the firm's funds), review the report (the fee goes to
 * platform income), and store the goods, which issues the receipt and the firm's first holding.
 */
export function createApplications(ctx: WarehouseContext, views: WarehouseViews) {
  const { db, clock, ledger } = ctx;

  async function releaseFee(tx: DbOrTx, apply: repo.ApplyRow, actor: string): Promise<void> {
    if (apply.feeState !== InspectionFeeState.frozen || apply.inspectionFee === null) return;
    const fee = Decimal.parse(apply.inspectionFee);
    if (fee.isPositive()) {
      await ledger.post(tx, {
        idempotencyKey: `warehouse.inspection.release:${apply.id}`,
        type: WarehouseJournalType.inspectionRelease,
        businessRef: String(apply.id),
        description: actor,
        postings: Postings.release(firmFundPair(apply.firmId), fee),
      });
    }
    await repo.updateApply(tx, apply.id, { feeState: InspectionFeeState.released });
  }

  async function chargeFee(tx: DbOrTx, apply: repo.ApplyRow): Promise<void> {
    if (apply.feeState !== InspectionFeeState.frozen || apply.inspectionFee === null) return;
    const fee = Decimal.parse(apply.inspectionFee);
    if (fee.isPositive()) {
      await ledger.post(tx, {
        idempotencyKey: `warehouse.inspection.charge:${apply.id}`,
        type: WarehouseJournalType.inspectionCharge,
        businessRef: String(apply.id),
        postings: Postings.settleFrozen({ from: firmFund(apply.firmId, 'frozen'), to: feeIncome(), amount: fee }),
      });
    }
    await repo.updateApply(tx, apply.id, { feeState: InspectionFeeState.charged });
  }

  async function viewOf(row: repo.ApplyRow, admin: boolean): Promise<WarehousingApply> {
    const [view] = await views.toApplies([row], admin);
    if (!view) throw notFound(MESSAGES.applyNotFound);
    return view;
  }

  /** One application transition in one transaction; `firmId` scopes it to the owner. */
  async function transition(scope: { firmId?: number }, applyId: number, work: (tx: DbOrTx, apply: repo.ApplyRow) => Promise<void>): Promise<WarehousingApply> {
    await withTransaction(db, async (tx) => {
      const apply = await repo.applyById(tx, applyId, scope.firmId);
      if (!apply) throw notFound(MESSAGES.applyNotFound);
      await work(tx, apply);
    });
    const row = await repo.applyById(db, applyId);
    if (!row) throw notFound(MESSAGES.applyNotFound);
    return viewOf(row, scope.firmId === undefined);
  }

  async function move(tx: DbOrTx, apply: repo.ApplyRow, to: ApplyStatus, actor: string, patch: Partial<repo.ApplyRow> = {}, reason = ''): Promise<void> {
    await repo.updateApply(tx, apply.id, { ...patch, status: to, updatedAt: clock.now() });
    await ctx.history(tx, HistoryObject.apply, apply.id, apply.status, to, actor, reason);
  }

  async function firmApplies(auth: AuthContext, right: 'warehouse.apply' | 'warehouse.inspection', query: ApplyListRequest): Promise<Page<WarehousingApply>> {
    const firmId = await ctx.allow(auth, right);
    const { rows, total } = await repo.listApplies(db, { firmId, status: query.status, inspectionStatus: query.inspectionStatus, ...pageWindow(query) });
    return pageOf(await views.toApplies(rows, false), total, query);
  }

  return {
    // ---- firm: applications --------------------------------------------------------------------

    async apply(auth: AuthContext, input: WarehousingApplyRequest, lang: Language = 'cn'): Promise<WarehousingApply> {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      const type = (await ctx.catalogue()).get(input.commodityTypeId);
      if (!type || !type.grades.some((g) => g.gradeId === input.gradeId) || !type.packages.some((p) => p.packagId === input.packagId)) throw conflict(MESSAGES.badCatalog);
      const storage = await repo.storageById(db, Number(input.storageId));
      if (!storage) throw notFound(MESSAGES.storageNotFound);
      if (!(await repo.storageStores(db, storage.id, Number(input.commodityTypeId)))) throw new StorageCommodityError(storage.name, type.name, lang);
      const now = clock.now();
      const row = await withTransaction(db, async (tx) => {
        const created = await repo.insertApply(tx, {
          firmId,
          type: input.type,
          orderId: input.orderId,
          commodityTypeId: Number(input.commodityTypeId),
          batch: input.batch,
          firmName: input.firmName,
          gradeId: Number(input.gradeId),
          manufacturer: input.manufacturer,
          outWarehousDay: input.outWarehousDay,
          packagId: Number(input.packagId),
          quantity: Decimal.parse(input.quantity).toString(),
          weight: Decimal.parse(input.weight).toString(),
          storageId: Number(input.storageId),
          reportType: input.reportType,
          status: ApplyStatus.applied,
          createdAt: now,
          updatedAt: now,
        });
        await ctx.history(tx, HistoryObject.apply, created.id, '', ApplyStatus.applied, userActor(auth));
        return created;
      });
      return viewOf(row, false);
    },

    applies: (auth: AuthContext, query: ApplyListRequest) => firmApplies(auth, 'warehouse.apply', query),

    /** `0`/`8` (and `3`, instead of accepting the failed result) → `6 revoked`; a frozen inspection fee is released. */
    async revoke(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      return transition({ firmId }, applyId, async (tx, apply) => {
        if (!REVOCABLE.includes(apply.status)) throw new ApplyStateError(apply.status, ACTIONS.revoke);
        await releaseFee(tx, apply, userActor(auth));
        await move(tx, apply, ApplyStatus.revoked, userActor(auth));
      });
    },

    /** Only a revoked or refused application may be deleted (hidden from the firm; its history stays). */
    async remove(auth: AuthContext, applyId: number): Promise<void> {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      await withTransaction(db, async (tx) => {
        const apply = await repo.applyById(tx, applyId, firmId);
        if (!apply) throw notFound(MESSAGES.applyNotFound);
        if (apply.status !== ApplyStatus.revoked && apply.status !== ApplyStatus.auditFailed) throw new ApplyStateError(apply.status, ACTIONS.remove);
        await repo.updateApply(tx, apply.id, { deleted: true, updatedAt: clock.now() });
        await ctx.history(tx, HistoryObject.apply, apply.id, apply.status, apply.status, userActor(auth), 'deleted');
      });
    },

    /** `3 inspection failed` → `4`: the goods are stocked in with the failed grade on the receipt. */
    async acceptFailed(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      return transition({ firmId }, applyId, async (tx, apply) => {
        if (apply.status !== ApplyStatus.inspectionFailed) throw new ApplyStateError(apply.status, ACTIONS.acceptFailed);
        await move(tx, apply, ApplyStatus.failedAccepted, userActor(auth));
      });
    },

    // ---- firm: inspection ---------------------------------------------------------------------

    inspections: (auth: AuthContext, query: ApplyListRequest) => firmApplies(auth, 'warehouse.inspection', query),

    /** An inspection report: a PDF stored as sent, or an image re-encoded; the type is sniffed from the bytes. */
    async uploadReport(auth: AuthContext, buffer: Buffer): Promise<UploadedFile> {
      await ctx.allow(auth, 'warehouse.inspection');
      const type = sniff(buffer);
      if (type?.ext === 'pdf') return ctx.uploads.storeDocument(auth, buffer);
      if (!type) throw new UploadRefusedError('document', 3 * 1024 * 1024);
      return ctx.uploads.storeImage(auth, buffer);
    },

    /** `1 report to upload` → `2 unreviewed`; the application is then `1 inspecting`. */
    async submitReport(auth: AuthContext, input: SubmitReportRequest): Promise<WarehousingApply> {
      const firmId = await ctx.allow(auth, 'warehouse.inspection');
      return transition({ firmId }, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== ApplyStatus.auditPassed || apply.inspectionStatus !== InspectionStatus.reportToUpload) throw new ApplyStateError(apply.status, ACTIONS.submitReport);
        await findReadableUpload(tx, auth, input.fileId);
        await move(tx, apply, ApplyStatus.inspecting, userActor(auth), { inspectionStatus: InspectionStatus.unreviewed, reportType: input.reportType, reportFileId: input.fileId });
      });
    },

    // ---- staff ----------------------------------------------------------------------------------

    async adminApplies(auth: AuthContext, query: AdminApplyListRequest): Promise<Page<WarehousingApply>> {
      requireStaff(auth);
      const { rows, total } = await repo.listApplies(db, {
        firmId: optionalId(query.firmId),
        status: query.status,
        inspectionStatus: query.inspectionStatus,
        ...pageWindow(query),
      });
      return pageOf(await views.toApplies(rows, true), total, query);
    },

    /** `0 applied` → `8 audit passed` (inspection `0 fee to set`) | `7 audit failed`. */
    async audit(auth: AuthContext, input: AuditRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== ApplyStatus.applied) throw new ApplyStateError(apply.status, ACTIONS.audit);
        const passed = { inspectionStatus: InspectionStatus.feeToSet, reason: '' };
        await move(tx, apply, input.pass ? ApplyStatus.auditPassed : ApplyStatus.auditFailed, staffActor(auth), input.pass ? passed : { reason: input.reason }, input.reason);
        await ctx.audit(tx, auth, 'warehouse.apply.audit', 'warehousing_apply', apply.id, { pass: input.pass, reason: input.reason });
      });
    },

    /** Inspection `0 fee to set` → `1 report to upload`; the fee moves from the firm's available to frozen funds. */
    async setFee(auth: AuthContext, input: SetFeeRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== ApplyStatus.auditPassed || apply.inspectionStatus !== InspectionStatus.feeToSet) throw new ApplyStateError(apply.status, ACTIONS.setFee);
        const fee = Decimal.parse(input.fee).truncate(2);
        if (fee.isPositive()) {
          await ledger.post(tx, {
            idempotencyKey: `warehouse.inspection.freeze:${apply.id}`,
            type: WarehouseJournalType.inspectionFreeze,
            businessRef: String(apply.id),
            description: staffActor(auth),
            postings: Postings.freeze(firmFundPair(apply.firmId), fee),
          });
        }
        await repo.updateApply(tx, apply.id, { inspectionStatus: InspectionStatus.reportToUpload, inspectionFee: fee.toString(), feeState: InspectionFeeState.frozen, updatedAt: clock.now() });
        await ctx.history(tx, HistoryObject.inspection, apply.id, InspectionStatus.feeToSet, InspectionStatus.reportToUpload, staffActor(auth), `fee ${fee.toFixed(2)}`);
        await ctx.audit(tx, auth, 'warehouse.inspection.fee', 'warehousing_apply', apply.id, { fee: fee.toFixed(2) });
      });
    },

    /** Inspection `2 unreviewed` → `3 passed` (application `2`) | `4 failed` (application `3`); the frozen fee goes to platform income. */
    async review(auth: AuthContext, input: AuditRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== ApplyStatus.inspecting || apply.inspectionStatus !== InspectionStatus.unreviewed) throw new ApplyStateError(apply.status, ACTIONS.review);
        await chargeFee(tx, apply);
        const [to, inspection] = input.pass ? [ApplyStatus.inspectionPassed, InspectionStatus.passed] : [ApplyStatus.inspectionFailed, InspectionStatus.failed];
        await move(tx, apply, to, staffActor(auth), { inspectionStatus: inspection, reason: input.reason }, input.reason);
        await ctx.audit(tx, auth, 'warehouse.inspection.review', 'warehousing_apply', apply.id, { pass: input.pass, reason: input.reason });
      });
    },

    /** `2`/`4`: the goods arrive, arrival `F awaiting storage`. */
    async arrive(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, applyId, async (tx, apply) => {
        if (!STORABLE.includes(apply.status) || apply.arrival !== ArrivalStatus.none) throw new ApplyStateError(apply.status, ACTIONS.arrive);
        await repo.updateApply(tx, apply.id, { arrival: ArrivalStatus.awaitingStorage, updatedAt: clock.now() });
        await ctx.history(tx, HistoryObject.arrival, apply.id, ArrivalStatus.none, ArrivalStatus.awaitingStorage, staffActor(auth));
      });
    },

    /** Arrival `F` → `T stored`, application `9 stored`: the receipt is issued and the firm's holding created. */
    async store(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, applyId, async (tx, apply) => {
        if (!STORABLE.includes(apply.status) || apply.arrival !== ArrivalStatus.awaitingStorage) throw new ApplyStateError(apply.status, ACTIONS.store);
        const now = clock.now();
        const receipt = await repo.insertReceipt(tx, {
          receiptNo: `WR${shanghaiDay(now).replaceAll('-', '')}${String(apply.id)}`,
          applyId: apply.id,
          firmId: apply.firmId,
          failedGrade: apply.status === ApplyStatus.failedAccepted,
          quantity: apply.quantity,
          weight: apply.weight,
          stockStatus: StockStatus.inStock,
          createdAt: now,
        });
        const holding = await repo.insertHolding(tx, { receiptId: receipt.id, firmId: apply.firmId, quantity: apply.quantity, weight: apply.weight, status: HoldStatus.held, createdAt: now, updatedAt: now });
        await ctx.history(tx, HistoryObject.holding, holding.id, '', HoldStatus.held, staffActor(auth));
        await ctx.history(tx, HistoryObject.arrival, apply.id, ArrivalStatus.awaitingStorage, ArrivalStatus.stored, staffActor(auth));
        await move(tx, apply, ApplyStatus.stored, staffActor(auth), { arrival: ArrivalStatus.stored });
        await ctx.audit(tx, auth, 'warehouse.apply.store', 'warehousing_apply', apply.id, { receiptNo: receipt.receiptNo });
        await appendEvent(tx, { type: GOODS_STORED, topic: GOODS_STORED, payload: { applyId: String(apply.id), firmId: String(apply.firmId), receiptNo: receipt.receiptNo } });
      });
    },
  };
}
