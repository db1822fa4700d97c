import { Decimal } from '@tp/decimal';
import { ApplyStatus, HoldStatus, StockStatus, type CompanyWarehouse, type Holding, type HoldingListRequest, type Page, type PageRequest } from '@tp/contract';
import { pageOf, pageWindow, type DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { toQuantity } from '../../platform/money';
import type { WarehouseContext } from './context';
import { toStorage, type WarehouseViews } from './views';
import { MESSAGES, conflict, notFound } from './warehouse.errors';
import { HistoryObject } from './warehouse.states';
import * as repo from './warehouse.repo';

/** A holding in one of these states is still in the warehouse (not sold on, not taken out). */
export const isStored = (status: HoldStatus) => status === HoldStatus.held || status === HoldStatus.frozen;
/** Goods still in the warehouse, leaving out an emptied part merged back into its parent. */
export const inWarehouse = (h: repo.HoldingRow) => isStored(h.status) && Decimal.parse(h.quantity).isPositive();

/**
 * Holdings: the parts of a receipt's goods each firm owns. Other modules move goods only through
 * `freezeHolding`, `moveFrozen` and `releaseHolding`, inside their own transaction; quantities are
 * always conserved.
 */
export function createHoldings(ctx: WarehouseContext, views: WarehouseViews) {
  const { db, clock } = ctx;

  /**
   * Splits `quantity` (and its weight: given, or in proportion, truncated to 3 places) off a held
   * holding into a new frozen part. The whole holding is frozen in place when all of it is asked.
   */
  async function freezeHolding(tx: DbOrTx, input: { firmId: number; holdId: number; quantity: string; weight?: string | undefined; actor: string }): Promise<repo.HoldingRow> {
    const holding = await repo.holdingById(tx, input.holdId, input.firmId);
    if (!holding) throw notFound(MESSAGES.holdingNotFound);
    if (holding.status !== HoldStatus.held) throw conflict(MESSAGES.holdingState);
    const have = Decimal.parse(holding.quantity);
    const haveWeight = Decimal.parse(holding.weight);
    const quantity = Decimal.parse(input.quantity);
    if (!quantity.isPositive() || quantity.gt(have)) throw conflict(MESSAGES.quantityExceeds);
    const whole = quantity.eq(have);
    const weight = input.weight !== undefined ? Decimal.parse(input.weight) : whole ? haveWeight : haveWeight.mul(quantity).div(have, 3, 'truncate');
    if (!weight.isPositive() || weight.gt(haveWeight) || (whole && !weight.eq(haveWeight)) || (!whole && weight.eq(haveWeight))) throw conflict(MESSAGES.quantityExceeds);
    const now = clock.now();
    if (whole) {
      await repo.updateHolding(tx, holding.id, { status: HoldStatus.frozen, updatedAt: now });
      await ctx.history(tx, HistoryObject.holding, holding.id, HoldStatus.held, HoldStatus.frozen, input.actor);
      return { ...holding, status: HoldStatus.frozen, updatedAt: now };
    }
    await repo.updateHolding(tx, holding.id, { quantity: have.sub(quantity).toString(), weight: haveWeight.sub(weight).toString(), updatedAt: now });
    const part = await repo.insertHolding(tx, {
      receiptId: holding.receiptId,
      firmId: holding.firmId,
      parentId: holding.id,
      quantity: quantity.toString(),
      weight: weight.toString(),
      status: HoldStatus.frozen,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.history(tx, HistoryObject.holding, part.id, '', HoldStatus.frozen, input.actor, `split from ${holding.id}`);
    return part;
  }

  /** Releases a frozen part: merged back into its parent when that is still held by the same firm. */
  async function releaseHolding(tx: DbOrTx, input: { holdId: number; actor: string }): Promise<repo.HoldingRow> {
    const part = await repo.holdingById(tx, input.holdId);
    if (!part) throw notFound(MESSAGES.holdingNotFound);
    if (part.status !== HoldStatus.frozen) throw conflict(MESSAGES.holdingState);
    const now = clock.now();
    const parent = part.parentId === null ? undefined : await repo.holdingById(tx, part.parentId);
    if (parent && parent.firmId === part.firmId && parent.status === HoldStatus.held) {
      const merged = {
        quantity: Decimal.parse(parent.quantity).add(part.quantity).toString(),
        weight: Decimal.parse(parent.weight).add(part.weight).toString(),
        storageFee: Decimal.parse(parent.storageFee).add(part.storageFee).toString(),
      };
      await repo.updateHolding(tx, parent.id, { ...merged, updatedAt: now });
      await repo.updateHolding(tx, part.id, { quantity: '0', weight: '0', storageFee: '0', status: HoldStatus.held, updatedAt: now });
      await ctx.history(tx, HistoryObject.holding, part.id, HoldStatus.frozen, HoldStatus.held, input.actor, `merged into ${parent.id}`);
      return { ...parent, ...merged, updatedAt: now };
    }
    await repo.updateHolding(tx, part.id, { status: HoldStatus.held, updatedAt: now });
    await ctx.history(tx, HistoryObject.holding, part.id, HoldStatus.frozen, HoldStatus.held, input.actor);
    return { ...part, status: HoldStatus.held, updatedAt: now };
  }

  /** Moves a frozen part to another firm: the seller's part becomes `2 sold`, the buyer gets a new held holding. */
  async function moveFrozen(tx: DbOrTx, input: { holdId: number; toFirmId: number; actor: string }): Promise<repo.HoldingRow> {
    const part = await repo.holdingById(tx, input.holdId);
    if (!part) throw notFound(MESSAGES.holdingNotFound);
    if (part.status !== HoldStatus.frozen) throw conflict(MESSAGES.holdingState);
    if (part.firmId === input.toFirmId) throw conflict(MESSAGES.sameFirm);
    const now = clock.now();
    await repo.updateHolding(tx, part.id, { status: HoldStatus.sold, updatedAt: now });
    await ctx.history(tx, HistoryObject.holding, part.id, HoldStatus.frozen, HoldStatus.sold, input.actor, `sold to firm ${input.toFirmId}`);
    const bought = await repo.insertHolding(tx, {
      receiptId: part.receiptId,
      firmId: input.toFirmId,
      parentId: part.id,
      quantity: part.quantity,
      weight: part.weight,
      status: HoldStatus.held,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.history(tx, HistoryObject.holding, bought.id, '', HoldStatus.held, input.actor, `bought from ${part.id}`);
    return bought;
  }

  /** Marks a frozen part as taken out; when nothing of the receipt is left in the warehouse, the receipt is out and the application `5 picked up`. */
  async function pickUp(tx: DbOrTx, holdingId: number, actor: string): Promise<void> {
    const part = await repo.holdingById(tx, holdingId);
    if (!part || part.status !== HoldStatus.frozen) throw conflict(MESSAGES.holdingState);
    const now = clock.now();
    await repo.updateHolding(tx, part.id, { status: HoldStatus.pickedUp, updatedAt: now });
    await ctx.history(tx, HistoryObject.holding, part.id, HoldStatus.frozen, HoldStatus.pickedUp, actor);
    if ((await repo.holdingsOfReceipt(tx, part.receiptId)).some(inWarehouse)) return;
    const receipt = await repo.receiptById(tx, part.receiptId);
    if (!receipt) return;
    await repo.updateReceipt(tx, receipt.id, { stockStatus: StockStatus.out });
    const apply = await repo.applyById(tx, receipt.applyId);
    if (apply && apply.status === ApplyStatus.stored) {
      await repo.updateApply(tx, apply.id, { status: ApplyStatus.pickedUp, updatedAt: now });
      await ctx.history(tx, HistoryObject.apply, apply.id, ApplyStatus.stored, ApplyStatus.pickedUp, actor);
    }
  }

  return {
    freezeHolding,
    releaseHolding,
    moveFrozen,
    pickUp,

    async receipts(auth: AuthContext, query: PageRequest) {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      const { rows, total } = await repo.listReceipts(db, { firmId, ...pageWindow(query) });
      return pageOf(await views.toReceipts(rows), total, query);
    },

    async holdings(auth: AuthContext, query: HoldingListRequest): Promise<Page<Holding>> {
      const firmId = await ctx.allow(auth, 'warehouse.pickup');
      const { rows, total } = await repo.listHoldings(db, { firmId, status: query.status, ...pageWindow(query) });
      return pageOf(await views.toHoldings(rows), total, query);
    },

    /** The warehouses the firm's goods are in, with what it holds there. */
    async companyWarehouse(auth: AuthContext): Promise<CompanyWarehouse[]> {
      const firmId = await ctx.allow(auth, 'warehouse.apply');
      const { rows } = await repo.listHoldings(db, { firmId, offset: 0, limit: 10_000 });
      const held = await views.toHoldings(rows.filter(inWarehouse));
      const storages = await repo.allStorages(db);
      return storages
        .map((s) => {
          const here = held.filter((h) => h.storageId === String(s.id));
          return { ...toStorage(s, []), holdings: here.length, weight: toQuantity(here.reduce((sum, h) => sum.add(h.weight), Decimal.ZERO)) };
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
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
