import { randomInt } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import type {
  AdminApplyListRequest,
  ApplyListRequest,
  AssignRequest,
  AuditRequest,
  CommodityType,
  CompanyWarehouse,
  Holding,
  HoldingListRequest,
  Language,
  Page,
  PageRequest,
  Pickup,
  PickupApplyRequest,
  PickupListRequest,
  Receipt,
  SaveStorageRequest,
  SetFeeRequest,
  Storage,
  StorageQuery,
  SubmitReportRequest,
  UploadedFile,
  WarehousingApply,
  WarehousingApplyRequest,
} from '@tp/contract';
import { JournalType } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation, withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { ForbiddenError, type AuthContext } from '../../platform/http/index';
import { appendAudit } from '../../platform/audit/index';
import { findReadableUpload, sniff, UploadRefusedError, type UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import { InsufficientFundsError, Postings, feeIncome, firmFund, firmFundPair, type LedgerService } from '../ledger/index';
import { shanghaiDay } from '../../platform/time';
import type { FirmService, RightCode } from '../firm/index';
import { ACTIONS, ApplyStateError, MESSAGES, StorageCommodityError, UnknownStoredTypesError, conflict, notFound } from './warehouse.errors';
import * as repo from './warehouse.repo';

export const WarehouseJournalType = {
  inspectionFreeze: JournalType.warehouseInspectionFreeze,
  inspectionCharge: JournalType.warehouseInspectionCharge,
  inspectionRelease: JournalType.warehouseInspectionRelease,
  storageFee: JournalType.warehouseStorageFee,
} as const;

export const WarehouseJobs = { storageFees: 'warehouse.storageFees' } as const;

export interface WarehouseServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms'>;
  uploads: Pick<UploadService, 'storeImage' | 'storeDocument'>;
}

const d = (v: string) => Decimal.parse(v);
const q3 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(3).toFixed(3);
const pageOf = <T>(content: T[], total: number, query: { page: number; size: number }): Page<T> => ({ content, total, page: query.page, size: query.size });

export function createWarehouseService(deps: WarehouseServiceDeps) {
  const { db, clock, ledger, firm } = deps;
  const firmIdOf = (auth: AuthContext) => Number(auth.firmId);
  const staffActor = (auth: AuthContext) => `staff:${auth.userId}`;
  const userActor = (auth: AuthContext) => `user:${auth.userId}`;

  async function allow(auth: AuthContext, right: RightCode): Promise<number> {
    await firm.requireRight(auth, right);
    return firmIdOf(auth);
  }
  const requireStaff = (auth: AuthContext) => {
    if (auth.kind !== 'staff') throw new ForbiddenError();
  };

  async function history(tx: DbOrTx, objectType: string, objectId: number, from: string, to: string, actor: string, reason = ''): Promise<void> {
    await repo.insertHistory(tx, { objectType, objectId, fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  async function catalogue(): Promise<Map<string, CommodityType>> {
    return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, t]));
  }

  async function storagePage(query: StorageQuery): Promise<Page<Storage>> {
    const { rows, total } = await repo.listStorages(db, {
      name: query.name,
      commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
      offset: query.page * query.size,
      limit: query.size,
    });
    const stored = await repo.commodityTypesOfStorages(db, rows.map((r) => r.id));
    return { content: rows.map((r) => toStorage(r, stored.get(r.id) ?? [])), total, page: query.page, size: query.size };
  }

  // ---- views ------------------------------------------------------------------------------------

  async function toApplies(rows: repo.ApplyRow[], admin: boolean): Promise<WarehousingApply[]> {
    const types = await catalogue();
    const storageNames = new Map((await repo.allStorages(db)).map((s) => [s.id, s.name]));
    const receipts = new Map<number, number>();
    for (const row of rows) {
      if (row.status !== '9' && row.status !== '5') continue;
      const receipt = await repo.receiptOfApply(db, row.id);
      if (receipt) receipts.set(row.id, receipt.id);
    }
    return rows.map((row) => {
      const type = types.get(String(row.commodityTypeId));
      const receiptId = receipts.get(row.id);
      return {
        applyId: String(row.id),
        firmId: String(row.firmId),
        type: row.type,
        orderId: row.orderId,
        commodityTypeId: String(row.commodityTypeId),
        commodityName: type?.name ?? '',
        batch: row.batch,
        firmName: row.firmName,
        gradeId: String(row.gradeId),
        gradeName: type?.grades.find((g) => g.gradeId === String(row.gradeId))?.gradeName ?? '',
        manufacturer: row.manufacturer,
        outWarehousDay: row.outWarehousDay,
        packagId: String(row.packagId),
        packageName: type?.packages.find((p) => p.packagId === String(row.packagId))?.packageName ?? '',
        quantity: q3(row.quantity),
        weight: q3(row.weight),
        unit: type?.unit ?? '',
        weightUnit: type?.weightUnit ?? '',
        storageId: String(row.storageId),
        storageName: storageNames.get(row.storageId) ?? '',
        reportType: row.reportType,
        status: row.status,
        arrival: row.arrival,
        inspectionStatus: row.inspectionStatus,
        inspectionFee: row.inspectionFee === null ? null : d(row.inspectionFee).toFixed(2),
        reportFileId: row.reportFileId,
        reportUrl: row.reportFileId ? `/api/${admin ? 'admin/' : ''}upload/${row.reportFileId}` : null,
        reason: row.reason,
        receiptId: receiptId === undefined ? null : String(receiptId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  interface GoodsInfo {
    commodityName: string;
    gradeName: string;
    unit: string;
    weightUnit: string;
    storageId: string;
    storageName: string;
  }
  async function goodsOf(applyRows: repo.ApplyRow[]): Promise<Map<number, GoodsInfo>> {
    const types = await catalogue();
    const storageNames = new Map((await repo.allStorages(db)).map((s) => [s.id, s.name]));
    return new Map(
      applyRows.map((row) => {
        const type = types.get(String(row.commodityTypeId));
        return [
          row.id,
          {
            commodityName: type?.name ?? '',
            gradeName: type?.grades.find((g) => g.gradeId === String(row.gradeId))?.gradeName ?? '',
            unit: type?.unit ?? '',
            weightUnit: type?.weightUnit ?? '',
            storageId: String(row.storageId),
            storageName: storageNames.get(row.storageId) ?? '',
          },
        ];
      }),
    );
  }

  async function toReceipts(rows: repo.ReceiptRow[]): Promise<Receipt[]> {
    const goods = await goodsOf(await repo.appliesOf(db, rows.map((r) => r.applyId)));
    return rows.map((row) => {
      const g = goods.get(row.applyId);
      return {
        receiptId: String(row.id),
        receiptNo: row.receiptNo,
        applyId: String(row.applyId),
        commodityName: g?.commodityName ?? '',
        gradeName: g?.gradeName ?? '',
        failedGrade: row.failedGrade,
        quantity: q3(row.quantity),
        weight: q3(row.weight),
        unit: g?.unit ?? '',
        weightUnit: g?.weightUnit ?? '',
        storageName: g?.storageName ?? '',
        stockStatus: row.stockStatus,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function toHoldings(rows: repo.HoldingRow[]): Promise<Holding[]> {
    const receipts = new Map((await repo.receiptsOf(db, [...new Set(rows.map((r) => r.receiptId))])).map((r) => [r.id, r]));
    const goods = await goodsOf(await repo.appliesOf(db, [...receipts.values()].map((r) => r.applyId)));
    return rows.map((row) => {
      const receipt = receipts.get(row.receiptId);
      const g = receipt ? goods.get(receipt.applyId) : undefined;
      return {
        holdId: String(row.id),
        receiptId: String(row.receiptId),
        receiptNo: receipt?.receiptNo ?? '',
        commodityName: g?.commodityName ?? '',
        gradeName: g?.gradeName ?? '',
        quantity: q3(row.quantity),
        weight: q3(row.weight),
        unit: g?.unit ?? '',
        weightUnit: g?.weightUnit ?? '',
        storageId: g?.storageId ?? '',
        storageName: g?.storageName ?? '',
        status: row.status,
        storageFee: d(row.storageFee).toFixed(2),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function toPickups(rows: repo.PickupRow[], showCode: boolean): Promise<Pickup[]> {
    const holdingRows = await Promise.all([...new Set(rows.map((r) => r.holdingId))].map((id) => repo.holdingById(db, id)));
    const holdingViews = new Map((await toHoldings(holdingRows.filter((h): h is repo.HoldingRow => h !== undefined))).map((h) => [h.holdId, h]));
    // The goods are released to whoever holds them now (a sale moves the holding to the buyer), not
    // to the name typed on the warehousing application years ago.
    const ownerOf = new Map(holdingRows.filter((h): h is repo.HoldingRow => h !== undefined).map((h) => [h.id, h.firmId]));
    const owners = await firm.getFirms(rows.map((row) => String(ownerOf.get(row.holdingId) ?? row.firmId)));
    return rows.map((row) => {
      const h = holdingViews.get(String(row.holdingId));
      return {
        pickupId: String(row.id),
        holdId: String(row.holdingId),
        mode: row.mode,
        commodityName: h?.commodityName ?? '',
        quantity: q3(row.quantity),
        weight: q3(row.weight),
        unit: h?.unit ?? '',
        weightUnit: h?.weightUnit ?? '',
        storageName: h?.storageName ?? '',
        status: row.status,
        pickupCode: showCode ? row.pickupCode : null,
        carrier: row.carrier,
        trackingNo: row.trackingNo,
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        address: row.address,
        firmName: owners.get(String(ownerOf.get(row.holdingId) ?? row.firmId))?.name ?? '',
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  // ---- holdings: split, freeze, move, release (quantities always conserved) --------------------

  /**
   * Splits `quantity` (and its weight: given, or in proportion, truncated to 3 places) off a held
   * holding into a new frozen part. The whole holding is frozen in place when all of it is asked.
   */
  async function freezeHolding(tx: DbOrTx, input: { firmId: number; holdId: number; quantity: string; weight?: string | undefined; actor: string }): Promise<repo.HoldingRow> {
    const holding = await repo.holdingById(tx, input.holdId, input.firmId);
    if (!holding) throw notFound(MESSAGES.holdingNotFound);
    if (holding.status !== '0') throw conflict(MESSAGES.holdingState);
    const have = d(holding.quantity);
    const haveWeight = d(holding.weight);
    const quantity = d(input.quantity);
    if (!quantity.isPositive() || quantity.gt(have)) throw conflict(MESSAGES.quantityExceeds);
    const whole = quantity.eq(have);
    const weight = input.weight !== undefined ? d(input.weight) : whole ? haveWeight : haveWeight.mul(quantity).div(have, 3, 'truncate');
    if (!weight.isPositive() || weight.gt(haveWeight) || (whole && !weight.eq(haveWeight)) || (!whole && weight.eq(haveWeight))) throw conflict(MESSAGES.quantityExceeds);
    const now = clock.now();
    if (whole) {
      await repo.updateHolding(tx, holding.id, { status: '1', updatedAt: now });
      await history(tx, 'holding', holding.id, '0', '1', input.actor);
      return { ...holding, status: '1', updatedAt: now };
    }
    await repo.updateHolding(tx, holding.id, { quantity: have.sub(quantity).toString(), weight: haveWeight.sub(weight).toString(), updatedAt: now });
    const part = await repo.insertHolding(tx, {
      receiptId: holding.receiptId,
      firmId: holding.firmId,
      parentId: holding.id,
      quantity: quantity.toString(),
      weight: weight.toString(),
      status: '1',
      createdAt: now,
      updatedAt: now,
    });
    await history(tx, 'holding', part.id, '', '1', input.actor, `split from ${holding.id}`);
    return part;
  }

  /** Releases a frozen part: merged back into its parent when that is still held by the same firm. */
  async function releaseHolding(tx: DbOrTx, input: { holdId: number; actor: string }): Promise<repo.HoldingRow> {
    const part = await repo.holdingById(tx, input.holdId);
    if (!part) throw notFound(MESSAGES.holdingNotFound);
    if (part.status !== '1') throw conflict(MESSAGES.holdingState);
    const now = clock.now();
    const parent = part.parentId === null ? undefined : await repo.holdingById(tx, part.parentId);
    if (parent && parent.firmId === part.firmId && parent.status === '0') {
      const merged = { quantity: d(parent.quantity).add(part.quantity).toString(), weight: d(parent.weight).add(part.weight).toString(), storageFee: d(parent.storageFee).add(part.storageFee).toString() };
      await repo.updateHolding(tx, parent.id, { ...merged, updatedAt: now });
      await repo.updateHolding(tx, part.id, { quantity: '0', weight: '0', storageFee: '0', status: '0', updatedAt: now });
      await history(tx, 'holding', part.id, '1', '0', input.actor, `merged into ${parent.id}`);
      return { ...parent, ...merged, updatedAt: now };
    }
    await repo.updateHolding(tx, part.id, { status: '0', updatedAt: now });
    await history(tx, 'holding', part.id, '1', '0', input.actor);
    return { ...part, status: '0', updatedAt: now };
  }

  /** Moves a frozen part to another firm: the seller's part becomes `2 sold`, the buyer gets a new held holding. */
  async function moveFrozen(tx: DbOrTx, input: { holdId: number; toFirmId: number; actor: string }): Promise<repo.HoldingRow> {
    const part = await repo.holdingById(tx, input.holdId);
    if (!part) throw notFound(MESSAGES.holdingNotFound);
    if (part.status !== '1') throw conflict(MESSAGES.holdingState);
    if (part.firmId === input.toFirmId) throw conflict(MESSAGES.sameFirm);
    const now = clock.now();
    await repo.updateHolding(tx, part.id, { status: '2', updatedAt: now });
    await history(tx, 'holding', part.id, '1', '2', input.actor, `sold to firm ${input.toFirmId}`);
    const bought = await repo.insertHolding(tx, { receiptId: part.receiptId, firmId: input.toFirmId, parentId: part.id, quantity: part.quantity, weight: part.weight, status: '0', createdAt: now, updatedAt: now });
    await history(tx, 'holding', bought.id, '', '0', input.actor, `bought from ${part.id}`);
    return bought;
  }

  /** Marks a frozen part as taken out; when nothing of the receipt is left in the warehouse, the receipt is out and the application `5 picked up`. */
  async function pickUp(tx: DbOrTx, holdingId: number, actor: string): Promise<void> {
    const part = await repo.holdingById(tx, holdingId);
    if (!part || part.status !== '1') throw conflict(MESSAGES.holdingState);
    const now = clock.now();
    await repo.updateHolding(tx, part.id, { status: '3', updatedAt: now });
    await history(tx, 'holding', part.id, '1', '3', actor);
    const rest = (await repo.holdingsOfReceipt(tx, part.receiptId)).filter((h) => (h.status === '0' || h.status === '1') && d(h.quantity).isPositive());
    if (rest.length > 0) return;
    const receipt = await repo.receiptById(tx, part.receiptId);
    if (!receipt) return;
    await repo.updateReceipt(tx, receipt.id, { stockStatus: '1' });
    const apply = await repo.applyById(tx, receipt.applyId);
    if (apply && apply.status === '9') {
      await repo.updateApply(tx, apply.id, { status: '5', updatedAt: now });
      await history(tx, 'apply', apply.id, '9', '5', actor);
    }
  }

  // ---- inspection fee money -----------------------------------------------------------------------

  async function releaseFee(tx: DbOrTx, apply: repo.ApplyRow, actor: string): Promise<void> {
    if (apply.feeState !== 'frozen' || apply.inspectionFee === null) return;
    const fee = d(apply.inspectionFee);
    if (fee.isPositive()) {
      await ledger.post(tx, {
        idempotencyKey: `warehouse.inspection.release:${apply.id}`,
        type: WarehouseJournalType.inspectionRelease,
        businessRef: String(apply.id),
        description: actor,
        postings: Postings.release(firmFundPair(apply.firmId), fee),
      });
    }
    await repo.updateApply(tx, apply.id, { feeState: 'released' });
  }

  async function chargeFee(tx: DbOrTx, apply: repo.ApplyRow): Promise<void> {
    if (apply.feeState !== 'frozen' || apply.inspectionFee === null) return;
    const fee = d(apply.inspectionFee);
    if (fee.isPositive()) {
      await ledger.post(tx, {
        idempotencyKey: `warehouse.inspection.charge:${apply.id}`,
        type: WarehouseJournalType.inspectionCharge,
        businessRef: String(apply.id),
        postings: Postings.settleFrozen({ from: firmFund(apply.firmId, 'frozen'), to: feeIncome(), amount: fee }),
      });
    }
    await repo.updateApply(tx, apply.id, { feeState: 'charged' });
  }

  // ---- one application transition in one transaction ---------------------------------------------

  async function transition(
    scope: { firmId?: number },
    applyId: number,
    work: (tx: DbOrTx, apply: repo.ApplyRow) => Promise<void>,
  ): Promise<WarehousingApply> {
    await withTransaction(db, async (tx) => {
      const apply = await repo.applyById(tx, applyId, scope.firmId);
      if (!apply) throw notFound(MESSAGES.applyNotFound);
      await work(tx, apply);
    });
    const row = await repo.applyById(db, applyId);
    if (!row) throw notFound(MESSAGES.applyNotFound);
    const [view] = await toApplies([row], scope.firmId === undefined);
    if (!view) throw notFound(MESSAGES.applyNotFound);
    return view;
  }

  async function move(tx: DbOrTx, apply: repo.ApplyRow, to: string, actor: string, patch: Partial<repo.ApplyRow> = {}, reason = ''): Promise<void> {
    await repo.updateApply(tx, apply.id, { ...patch, status: to, updatedAt: clock.now() });
    await history(tx, 'apply', apply.id, apply.status, to, actor, reason);
  }

  async function audit(tx: DbOrTx, auth: AuthContext, action: string, objectType: string, objectId: number, detail: unknown): Promise<void> {
    await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action, objectType, objectId: String(objectId), detail });
  }

  return {
    /** Public: the market filters by warehouse, and a firm choosing one asks for those storing its commodity. */
    async storages(query: StorageQuery): Promise<Page<Storage>> {
      return storagePage(query);
    },

    // ---- firm: applications --------------------------------------------------------------------

    async apply(auth: AuthContext, input: WarehousingApplyRequest, lang: Language = 'cn'): Promise<WarehousingApply> {
      const firmId = await allow(auth, 'warehouse.apply');
      const type = (await catalogue()).get(input.commodityTypeId);
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
          quantity: d(input.quantity).toString(),
          weight: d(input.weight).toString(),
          storageId: Number(input.storageId),
          reportType: input.reportType,
          status: '0',
          createdAt: now,
          updatedAt: now,
        });
        await history(tx, 'apply', created.id, '', '0', userActor(auth));
        return created;
      });
      const [view] = await toApplies([row], false);
      if (!view) throw notFound(MESSAGES.applyNotFound);
      return view;
    },

    async applies(auth: AuthContext, query: ApplyListRequest): Promise<Page<WarehousingApply>> {
      const firmId = await allow(auth, 'warehouse.apply');
      const { rows, total } = await repo.listApplies(db, { firmId, status: query.status, inspectionStatus: query.inspectionStatus, offset: query.page * query.size, limit: query.size });
      return pageOf(await toApplies(rows, false), total, query);
    },

    /** `0`/`8` (and `3`, instead of accepting the failed result) → `6 revoked`; a frozen inspection fee is released. */
    async revoke(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      const firmId = await allow(auth, 'warehouse.apply');
      return transition({ firmId }, applyId, async (tx, apply) => {
        if (!['0', '8', '3'].includes(apply.status)) throw new ApplyStateError(apply.status, ACTIONS.revoke);
        await releaseFee(tx, apply, userActor(auth));
        await move(tx, apply, '6', userActor(auth));
      });
    },

    /** Only a revoked or refused application may be deleted (hidden from the firm; its history stays). */
    async remove(auth: AuthContext, applyId: number): Promise<void> {
      const firmId = await allow(auth, 'warehouse.apply');
      await withTransaction(db, async (tx) => {
        const apply = await repo.applyById(tx, applyId, firmId);
        if (!apply) throw notFound(MESSAGES.applyNotFound);
        if (apply.status !== '6' && apply.status !== '7') throw new ApplyStateError(apply.status, ACTIONS.remove);
        await repo.updateApply(tx, apply.id, { deleted: true, updatedAt: clock.now() });
        await history(tx, 'apply', apply.id, apply.status, apply.status, userActor(auth), 'deleted');
      });
    },

    /** `3 inspection failed` → `4`: the goods are stocked in with the failed grade on the receipt. */
    async acceptFailed(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      const firmId = await allow(auth, 'warehouse.apply');
      return transition({ firmId }, applyId, async (tx, apply) => {
        if (apply.status !== '3') throw new ApplyStateError(apply.status, ACTIONS.acceptFailed);
        await move(tx, apply, '4', userActor(auth));
      });
    },

    // ---- firm: inspection ---------------------------------------------------------------------

    async inspections(auth: AuthContext, query: ApplyListRequest): Promise<Page<WarehousingApply>> {
      const firmId = await allow(auth, 'warehouse.inspection');
      const { rows, total } = await repo.listApplies(db, { firmId, status: query.status, inspectionStatus: query.inspectionStatus, offset: query.page * query.size, limit: query.size });
      return pageOf(await toApplies(rows, false), total, query);
    },

    /** An inspection report: a PDF stored as sent, or an image re-encoded; the type is sniffed from the bytes. */
    async uploadReport(auth: AuthContext, buffer: Buffer): Promise<UploadedFile> {
      await allow(auth, 'warehouse.inspection');
      const type = sniff(buffer);
      if (type?.ext === 'pdf') return deps.uploads.storeDocument(auth, buffer);
      if (!type) throw new UploadRefusedError('document', 3 * 1024 * 1024);
      return deps.uploads.storeImage(auth, buffer);
    },

    /** `1 report to upload` → `2 unreviewed`; the application is then `1 inspecting`. */
    async submitReport(auth: AuthContext, input: SubmitReportRequest): Promise<WarehousingApply> {
      const firmId = await allow(auth, 'warehouse.inspection');
      return transition({ firmId }, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== '8' || apply.inspectionStatus !== '1') throw new ApplyStateError(apply.status, ACTIONS.submitReport);
        await findReadableUpload(tx, auth, input.fileId);
        await move(tx, apply, '1', userActor(auth), { inspectionStatus: '2', reportType: input.reportType, reportFileId: input.fileId });
      });
    },

    // ---- firm: receipts, holdings, warehouses ---------------------------------------------------

    async receipts(auth: AuthContext, query: PageRequest): Promise<Page<Receipt>> {
      const firmId = await allow(auth, 'warehouse.apply');
      const { rows, total } = await repo.listReceipts(db, { firmId, offset: query.page * query.size, limit: query.size });
      return pageOf(await toReceipts(rows), total, query);
    },

    async holdings(auth: AuthContext, query: HoldingListRequest): Promise<Page<Holding>> {
      const firmId = await allow(auth, 'warehouse.pickup');
      const { rows, total } = await repo.listHoldings(db, { firmId, status: query.status, offset: query.page * query.size, limit: query.size });
      return pageOf(await toHoldings(rows), total, query);
    },

    /** The warehouses the firm's goods are in, with what it holds there. */
    async companyWarehouse(auth: AuthContext): Promise<CompanyWarehouse[]> {
      const firmId = await allow(auth, 'warehouse.apply');
      const { rows } = await repo.listHoldings(db, { firmId, offset: 0, limit: 10_000 });
      const views = await toHoldings(rows.filter((r) => (r.status === '0' || r.status === '1') && d(r.quantity).isPositive()));
      const storages = await repo.allStorages(db);
      return storages
        .map((s) => {
          const here = views.filter((h) => h.storageId === String(s.id));
          return {
            ...toStorage(s, []),
            holdings: here.length,
            weight: q3(here.reduce((sum, h) => sum.add(h.weight), Decimal.ZERO)),
          };
        })
        .filter((s) => s.holdings > 0)
        .map(({ storageId, name, address, responsibleName, responsiblePhone, chargeStandard, warehousRate, holdings, weight }) => ({
          storageId,
          name,
          address,
          responsibleName,
          responsiblePhone,
          chargeStandard,
          warehousRate,
          holdings,
          weight,
        }));
    },

    // ---- firm: pickup ---------------------------------------------------------------------------

    async pickupApply(auth: AuthContext, input: PickupApplyRequest): Promise<Pickup> {
      const firmId = await allow(auth, 'warehouse.pickup');
      if (input.mode === 'logistics' && !input.address) throw conflict(MESSAGES.addressRequired);
      const row = await withTransaction(db, async (tx) => {
        const part = await freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, weight: input.weight, actor: userActor(auth) });
        const now = clock.now();
        for (let attempt = 0; ; attempt++) {
          const code = input.mode === 'self' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
          try {
            const created = await repo.insertPickup(tx, {
              firmId,
              holdingId: part.id,
              mode: input.mode,
              quantity: part.quantity,
              weight: part.weight,
              status: '0',
              pickupCode: code,
              contactName: input.contactName,
              contactPhone: input.contactPhone,
              address: input.address,
              createdAt: now,
              updatedAt: now,
            });
            await history(tx, 'pickup', created.id, '', '0', userActor(auth));
            return created;
          } catch (err) {
            if (!isUniqueViolation(err) || attempt > 5) throw err;
          }
        }
      });
      const [view] = await toPickups([row], true);
      if (!view) throw notFound(MESSAGES.pickupNotFound);
      return view;
    },

    async pickups(auth: AuthContext, query: PickupListRequest): Promise<Page<Pickup>> {
      const firmId = await allow(auth, 'warehouse.pickup');
      const { rows, total } = await repo.listPickups(db, { firmId, mode: query.mode, status: query.status, offset: query.page * query.size, limit: query.size });
      return pageOf(await toPickups(rows, true), total, query);
    },

    /** The holder confirms the delivery of a logistics bill: `2 in transit` → `3 done`. */
    async pickupReceive(auth: AuthContext, pickupId: number): Promise<Pickup> {
      const firmId = await allow(auth, 'warehouse.pickup');
      await withTransaction(db, async (tx) => {
        const pickup = await repo.pickupById(tx, pickupId, firmId);
        if (!pickup) throw notFound(MESSAGES.pickupNotFound);
        if (pickup.mode !== 'logistics' || pickup.status !== '2') throw conflict(MESSAGES.pickupState);
        await repo.updatePickup(tx, pickup.id, { status: '3', updatedAt: clock.now() });
        await history(tx, 'pickup', pickup.id, '2', '3', userActor(auth));
      });
      const row = await repo.pickupById(db, pickupId);
      const [view] = await toPickups(row ? [row] : [], true);
      if (!view) throw notFound(MESSAGES.pickupNotFound);
      return view;
    },

    // ---- staff ----------------------------------------------------------------------------------

    async adminApplies(auth: AuthContext, query: AdminApplyListRequest): Promise<Page<WarehousingApply>> {
      requireStaff(auth);
      const { rows, total } = await repo.listApplies(db, {
        firmId: query.firmId === undefined ? undefined : Number(query.firmId),
        status: query.status,
        inspectionStatus: query.inspectionStatus,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toApplies(rows, true), total, query);
    },

    /** `0 applied` → `8 audit passed` (inspection `0 fee to set`) | `7 audit failed`. */
    async audit(auth: AuthContext, input: AuditRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== '0') throw new ApplyStateError(apply.status, ACTIONS.audit);
        await move(tx, apply, input.pass ? '8' : '7', staffActor(auth), input.pass ? { inspectionStatus: '0', reason: '' } : { reason: input.reason }, input.reason);
        await audit(tx, auth, 'warehouse.apply.audit', 'warehousing_apply', apply.id, { pass: input.pass, reason: input.reason });
      });
    },

    /** Inspection `0 fee to set` → `1 report to upload`; the fee moves from the firm's available to frozen funds. */
    async setFee(auth: AuthContext, input: SetFeeRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== '8' || apply.inspectionStatus !== '0') throw new ApplyStateError(apply.status, ACTIONS.setFee);
        const fee = d(input.fee).truncate(2);
        if (fee.isPositive()) {
          await ledger.post(tx, {
            idempotencyKey: `warehouse.inspection.freeze:${apply.id}`,
            type: WarehouseJournalType.inspectionFreeze,
            businessRef: String(apply.id),
            description: staffActor(auth),
            postings: Postings.freeze(firmFundPair(apply.firmId), fee),
          });
        }
        await repo.updateApply(tx, apply.id, { inspectionStatus: '1', inspectionFee: fee.toString(), feeState: 'frozen', updatedAt: clock.now() });
        await history(tx, 'inspection', apply.id, '0', '1', staffActor(auth), `fee ${fee.toFixed(2)}`);
        await audit(tx, auth, 'warehouse.inspection.fee', 'warehousing_apply', apply.id, { fee: fee.toFixed(2) });
      });
    },

    /** Inspection `2 unreviewed` → `3 passed` (application `2`) | `4 failed` (application `3`); the frozen fee goes to platform income. */
    async review(auth: AuthContext, input: AuditRequest): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, Number(input.applyId), async (tx, apply) => {
        if (apply.status !== '1' || apply.inspectionStatus !== '2') throw new ApplyStateError(apply.status, ACTIONS.review);
        await chargeFee(tx, apply);
        await move(tx, apply, input.pass ? '2' : '3', staffActor(auth), { inspectionStatus: input.pass ? '3' : '4', reason: input.reason }, input.reason);
        await audit(tx, auth, 'warehouse.inspection.review', 'warehousing_apply', apply.id, { pass: input.pass, reason: input.reason });
      });
    },

    /** `2`/`4`: the goods arrive, arrival `F awaiting storage`. */
    async arrive(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, applyId, async (tx, apply) => {
        if ((apply.status !== '2' && apply.status !== '4') || apply.arrival !== '') throw new ApplyStateError(apply.status, ACTIONS.arrive);
        await repo.updateApply(tx, apply.id, { arrival: 'F', updatedAt: clock.now() });
        await history(tx, 'arrival', apply.id, '', 'F', staffActor(auth));
      });
    },

    /** Arrival `F` → `T stored`, application `9 stored`: the receipt is issued and the firm's holding created. */
    async store(auth: AuthContext, applyId: number): Promise<WarehousingApply> {
      requireStaff(auth);
      return transition({}, applyId, async (tx, apply) => {
        if ((apply.status !== '2' && apply.status !== '4') || apply.arrival !== 'F') throw new ApplyStateError(apply.status, ACTIONS.store);
        const now = clock.now();
        const receipt = await repo.insertReceipt(tx, {
          receiptNo: `WR${shanghaiDay(now).replaceAll('-', '')}${String(apply.id)}`,
          applyId: apply.id,
          firmId: apply.firmId,
          failedGrade: apply.status === '4',
          quantity: apply.quantity,
          weight: apply.weight,
          stockStatus: '0',
          createdAt: now,
        });
        const holding = await repo.insertHolding(tx, { receiptId: receipt.id, firmId: apply.firmId, quantity: apply.quantity, weight: apply.weight, status: '0', createdAt: now, updatedAt: now });
        await history(tx, 'holding', holding.id, '', '0', staffActor(auth));
        await history(tx, 'arrival', apply.id, 'F', 'T', staffActor(auth));
        await move(tx, apply, '9', staffActor(auth), { arrival: 'T' });
        await audit(tx, auth, 'warehouse.apply.store', 'warehousing_apply', apply.id, { receiptNo: receipt.receiptNo });
      });
    },

    async adminPickups(auth: AuthContext, query: PickupListRequest): Promise<Page<Pickup>> {
      requireStaff(auth);
      const { rows, total } = await repo.listPickups(db, { mode: query.mode, status: query.status, offset: query.page * query.size, limit: query.size });
      return pageOf(await toPickups(rows, false), total, query);
    },

    /** The warehouse hands the goods over against the holder's pickup code: `0` → `1 picked up`. */
    async confirmPickup(auth: AuthContext, pickupCode: string): Promise<Pickup> {
      requireStaff(auth);
      const id = await withTransaction(db, async (tx) => {
        const pickup = await repo.pickupByCode(tx, pickupCode);
        if (!pickup || pickup.mode !== 'self' || pickup.status !== '0') throw notFound(MESSAGES.pickupCodeWrong);
        await pickUp(tx, pickup.holdingId, staffActor(auth));
        await repo.updatePickup(tx, pickup.id, { status: '1', updatedAt: clock.now() });
        await history(tx, 'pickup', pickup.id, '0', '1', staffActor(auth));
        await audit(tx, auth, 'warehouse.pickup.confirm', 'pickup', pickup.id, {});
        return pickup.id;
      });
      const row = await repo.pickupById(db, id);
      const [view] = await toPickups(row ? [row] : [], false);
      if (!view) throw notFound(MESSAGES.pickupNotFound);
      return view;
    },

    /** A logistics bill gets its carrier and tracking number: `0 to assign` → `1 to receive`. */
    async assign(auth: AuthContext, input: AssignRequest): Promise<Pickup> {
      requireStaff(auth);
      return logisticsStep(auth, Number(input.pickupId), '0', '1', { carrier: input.carrier, trackingNo: input.trackingNo });
    },

    /** The carrier takes the goods: `1 to receive` → `2 in transit`; the holding part is then picked up. */
    async ship(auth: AuthContext, pickupId: number): Promise<Pickup> {
      requireStaff(auth);
      return logisticsStep(auth, pickupId, '1', '2', {});
    },

    async adminStorages(auth: AuthContext, query: StorageQuery): Promise<Page<Storage>> {
      requireStaff(auth);
      return storagePage(query);
    },

    async saveStorage(auth: AuthContext, input: SaveStorageRequest, lang: Language = 'cn'): Promise<Storage> {
      requireStaff(auth);
      const { storageId, commodityTypeIds, ...fields } = input;
      const known = await catalogue();
      const typeIds = [...new Set(commodityTypeIds)];
      if (typeIds.some((id) => !known.has(id))) throw new UnknownStoredTypesError(lang);
      try {
        const row = await withTransaction(db, async (tx) => {
          const saved = await repo.saveStorage(tx, storageId === undefined ? undefined : Number(storageId), fields, clock.now());
          if (!saved) throw notFound(MESSAGES.storageNotFound);
          await repo.setStorageCommodityTypes(tx, saved.id, typeIds.map(Number));
          await audit(tx, auth, storageId === undefined ? 'warehouse.storage.create' : 'warehouse.storage.update', 'storage', saved.id, { ...fields, commodityTypeIds: typeIds });
          return saved;
        });
        return toStorage(row, typeIds.map(Number).sort((a, b) => a - b));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.storageNameTaken);
        throw err;
      }
    },

    async deleteStorage(auth: AuthContext, storageId: number): Promise<void> {
      requireStaff(auth);
      await withTransaction(db, async (tx) => {
        if (await repo.storageInUse(tx, storageId)) throw conflict(MESSAGES.storageInUse);
        if (!(await repo.deleteStorage(tx, storageId))) throw notFound(MESSAGES.storageNotFound);
        await audit(tx, auth, 'warehouse.storage.delete', 'storage', storageId, {});
      });
    },

    /**
     * Charges one day's storage fee (weight × `chargeStandard`, truncated to fen) for every holding in
     * the warehouse, from the firm's available funds to platform fee income. The (holding, day) key
     * and the journal's idempotency key make a rerun for the same day charge nothing.
     */
    async accrueStorageFees(day: string = shanghaiDay(clock.now())): Promise<{ charged: number; owed: number }> {
      const result = { charged: 0, owed: 0 };
      const storageRates = new Map((await repo.allStorages(db)).map((s) => [s.id, s.chargeStandard]));
      for (const candidate of await repo.holdingsInStorage(db)) {
        if (!d(candidate.quantity).isPositive()) continue;
        await withTransaction(db, async (tx) => {
          const holding = await repo.holdingById(tx, candidate.id);
          if (!holding || (holding.status !== '0' && holding.status !== '1')) return;
          const receipt = await repo.receiptById(tx, holding.receiptId);
          const apply = receipt ? await repo.applyById(tx, receipt.applyId) : undefined;
          const rate = apply ? storageRates.get(apply.storageId) : undefined;
          if (!rate) return;
          const amount = d(holding.weight).mul(rate).truncate(2);
          const now = clock.now();
          let state: 'charged' | 'owed' = 'charged';
          if (amount.isPositive()) {
            try {
              await ledger.post(tx, {
                idempotencyKey: `warehouse.storage.fee:${holding.id}:${day}`,
                type: WarehouseJournalType.storageFee,
                businessRef: String(holding.id),
                description: day,
                postings: [
                  { account: firmFund(holding.firmId), amount: amount.neg().toString() },
                  { account: feeIncome(), amount: amount.toString() },
                ],
              });
            } catch (err) {
              if (!(err instanceof InsufficientFundsError)) throw err;
              state = 'owed';
            }
          }
          if (!(await repo.insertAccrual(tx, { holdingId: holding.id, day, amount: amount.toString(), state, createdAt: now }))) return;
          if (state === 'charged') {
            await repo.updateHolding(tx, holding.id, { storageFee: d(holding.storageFee).add(amount).toString() });
            result.charged += 1;
          } else result.owed += 1;
        });
      }
      return result;
    },

    freezeHolding,
    releaseHolding,
    moveFrozen,
  };

  async function logisticsStep(auth: AuthContext, pickupId: number, from: string, to: string, patch: Partial<repo.PickupRow>): Promise<Pickup> {
    await withTransaction(db, async (tx) => {
      const pickup = await repo.pickupById(tx, pickupId);
      if (!pickup) throw notFound(MESSAGES.pickupNotFound);
      if (pickup.mode !== 'logistics' || pickup.status !== from) throw conflict(MESSAGES.pickupState);
      if (to === '2') await pickUp(tx, pickup.holdingId, staffActor(auth));
      await repo.updatePickup(tx, pickup.id, { ...patch, status: to, updatedAt: clock.now() });
      await history(tx, 'pickup', pickup.id, from, to, staffActor(auth));
      await audit(tx, auth, `warehouse.logistics.${to === '1' ? 'assign' : 'ship'}`, 'pickup', pickup.id, patch);
    });
    const row = await repo.pickupById(db, pickupId);
    const [view] = await toPickups(row ? [row] : [], false);
    if (!view) throw notFound(MESSAGES.pickupNotFound);
    return view;
  }
}

function toStorage(row: repo.StorageRow, commodityTypeIds: number[]): Storage {
  return {
    storageId: String(row.id),
    name: row.name,
    address: row.address,
    responsibleName: row.responsibleName,
    responsiblePhone: row.responsiblePhone,
    note: row.note,
    chargeStandard: row.chargeStandard,
    storageType: row.storageType,
    warehousRate: row.warehousRate,
    commodityTypeIds: commodityTypeIds.map(String),
  };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
