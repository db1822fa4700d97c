import { ApplyStatus, type Holding, type Pickup, type Receipt, type Storage, type WarehousingApply } from '@tp/contract';
import { toMoney, toQuantity } from '../../platform/money';
import type { WarehouseContext } from './context';
import * as repo from './warehouse.repo';

/** How much of the goods there is, in the units of their commodity type. */
const measured = (row: { quantity: string; weight: string }, units: { unit: string; weightUnit: string } | undefined) => ({
  quantity: toQuantity(row.quantity),
  weight: toQuantity(row.weight),
  unit: units?.unit ?? '',
  weightUnit: units?.weightUnit ?? '',
});

/** The rows as the client reads them: names from the catalogue, warehouses and firms filled in. */
export function createWarehouseViews(ctx: WarehouseContext) {
  const { db, firm } = ctx;

  async function storageNames(): Promise<Map<number, string>> {
    return new Map((await repo.allStorages(db)).map((s) => [s.id, s.name]));
  }

  async function toApplies(rows: repo.ApplyRow[], admin: boolean): Promise<WarehousingApply[]> {
    const [types, storages] = await Promise.all([ctx.catalogue(), storageNames()]);
    const receipts = new Map<number, number>();
    for (const row of rows) {
      if (row.status !== ApplyStatus.stored && row.status !== ApplyStatus.pickedUp) continue;
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
        quantity: toQuantity(row.quantity),
        weight: toQuantity(row.weight),
        unit: type?.unit ?? '',
        weightUnit: type?.weightUnit ?? '',
        storageId: String(row.storageId),
        storageName: storages.get(row.storageId) ?? '',
        reportType: row.reportType,
        status: row.status,
        arrival: row.arrival,
        inspectionStatus: row.inspectionStatus,
        inspectionFee: row.inspectionFee === null ? null : toMoney(row.inspectionFee),
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

  /** The goods of each application: what, which grade, in which warehouse. */
  async function goodsOf(applyRows: repo.ApplyRow[]): Promise<Map<number, GoodsInfo>> {
    const [types, storages] = await Promise.all([ctx.catalogue(), storageNames()]);
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
            storageName: storages.get(row.storageId) ?? '',
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
        ...measured(row, g),
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
        ...measured(row, g),
        storageId: g?.storageId ?? '',
        storageName: g?.storageName ?? '',
        status: row.status,
        storageFee: toMoney(row.storageFee),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async function toPickups(rows: repo.PickupRow[], showCode: boolean): Promise<Pickup[]> {
    const holdingRows = (await Promise.all([...new Set(rows.map((r) => r.holdingId))].map((id) => repo.holdingById(db, id)))).filter((h): h is repo.HoldingRow => h !== undefined);
    const holdingViews = new Map((await toHoldings(holdingRows)).map((h) => [h.holdId, h]));
    // The goods are released to whoever holds them now (a sale moves the holding to the buyer), not
    // to the name typed on the warehousing application years ago.
    const ownerOf = new Map(holdingRows.map((h) => [h.id, h.firmId]));
    const owners = await firm.getFirms(rows.map((row) => String(ownerOf.get(row.holdingId) ?? row.firmId)));
    return rows.map((row) => {
      const h = holdingViews.get(String(row.holdingId));
      return {
        pickupId: String(row.id),
        holdId: String(row.holdingId),
        mode: row.mode,
        commodityName: h?.commodityName ?? '',
        ...measured(row, h),
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

  return { toApplies, toReceipts, toHoldings, toPickups };
}

export type WarehouseViews = ReturnType<typeof createWarehouseViews>;

export function toStorage(row: repo.StorageRow, commodityTypeIds: number[]): Storage {
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
