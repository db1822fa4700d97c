import { randomInt } from 'node:crypto';
import { PickupStatus, type AssignRequest, type Page, type Pickup, type PickupApplyRequest, type PickupListRequest } from '@tp/contract';
import { isUniqueViolation, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import { staffActor, userActor, type WarehouseContext } from './context';
import type { Holdings } from './holdings';
import type { WarehouseViews } from './views';
import { MESSAGES, conflict, notFound } from './warehouse.errors';
import { HistoryObject } from './warehouse.states';
import * as repo from './warehouse.repo';

/**
 * Taking goods out (提货): the holder freezes part of a holding into a pickup bill, then either
 * collects it with a pickup code (self) or has it shipped (logistics: assigned a carrier, shipped,
 * received). The part is picked up when the warehouse hands it over.
 */
export function createPickups(ctx: WarehouseContext, views: WarehouseViews, holdings: Pick<Holdings, 'freezeHolding' | 'pickUp'>) {
  const { db, clock } = ctx;

  async function viewOf(pickupId: number, showCode: boolean): Promise<Pickup> {
    const row = await repo.pickupById(db, pickupId);
    const [view] = await views.toPickups(row ? [row] : [], showCode);
    if (!view) throw notFound(MESSAGES.pickupNotFound);
    return view;
  }

  /** The firm's bills (with their pickup codes), or everyone's for staff. A status no bill can have matches none. */
  async function pickupPage(query: PickupListRequest, firmId?: number): Promise<Page<Pickup>> {
    const status = PickupStatus.find((s) => s === query.status);
    if (query.status !== undefined && status === undefined) return pageOf([], 0, query);
    const { rows, total } = await repo.listPickups(db, { firmId, mode: query.mode, status, ...pageWindow(query) });
    return pageOf(await views.toPickups(rows, firmId !== undefined), total, query);
  }

  /** One step of a logistics bill; shipping it picks the holding part up. */
  async function logisticsStep(auth: AuthContext, pickupId: number, from: PickupStatus, to: PickupStatus, patch: Partial<repo.PickupRow>): Promise<Pickup> {
    await withTransaction(db, async (tx) => {
      const pickup = await repo.pickupById(tx, pickupId);
      if (!pickup) throw notFound(MESSAGES.pickupNotFound);
      if (pickup.mode !== 'logistics' || pickup.status !== from) throw conflict(MESSAGES.pickupState);
      if (to === PickupStatus.inTransit) await holdings.pickUp(tx, pickup.holdingId, staffActor(auth));
      await repo.updatePickup(tx, pickup.id, { ...patch, status: to, updatedAt: clock.now() });
      await ctx.history(tx, HistoryObject.pickup, pickup.id, from, to, staffActor(auth));
      await ctx.audit(tx, auth, `warehouse.logistics.${to === PickupStatus.toReceive ? 'assign' : 'ship'}`, 'pickup', pickup.id, patch);
    });
    return viewOf(pickupId, false);
  }

  return {
    async pickupApply(auth: AuthContext, input: PickupApplyRequest): Promise<Pickup> {
      const firmId = await ctx.allow(auth, 'warehouse.pickup');
      if (input.mode === 'logistics' && !input.address) throw conflict(MESSAGES.addressRequired);
      const row = await withTransaction(db, async (tx) => {
        const part = await holdings.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, weight: input.weight, actor: userActor(auth) });
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
              status: PickupStatus.toPickUp,
              pickupCode: code,
              contactName: input.contactName,
              contactPhone: input.contactPhone,
              address: input.address,
              createdAt: now,
              updatedAt: now,
            });
            await ctx.history(tx, HistoryObject.pickup, created.id, '', PickupStatus.toPickUp, userActor(auth));
            return created;
          } catch (err) {
            // Another bill drew the same code: draw again.
            if (!isUniqueViolation(err) || attempt > 5) throw err;
          }
        }
      });
      const [view] = await views.toPickups([row], true);
      if (!view) throw notFound(MESSAGES.pickupNotFound);
      return view;
    },

    async pickups(auth: AuthContext, query: PickupListRequest): Promise<Page<Pickup>> {
      const firmId = await ctx.allow(auth, 'warehouse.pickup');
      return pickupPage(query, firmId);
    },

    /** The holder confirms the delivery of a logistics bill: `2 in transit` → `3 done`. */
    async pickupReceive(auth: AuthContext, pickupId: number): Promise<Pickup> {
      const firmId = await ctx.allow(auth, 'warehouse.pickup');
      await withTransaction(db, async (tx) => {
        const pickup = await repo.pickupById(tx, pickupId, firmId);
        if (!pickup) throw notFound(MESSAGES.pickupNotFound);
        if (pickup.mode !== 'logistics' || pickup.status !== PickupStatus.inTransit) throw conflict(MESSAGES.pickupState);
        await repo.updatePickup(tx, pickup.id, { status: PickupStatus.done, updatedAt: clock.now() });
        await ctx.history(tx, HistoryObject.pickup, pickup.id, PickupStatus.inTransit, PickupStatus.done, userActor(auth));
      });
      return viewOf(pickupId, true);
    },

    async adminPickups(auth: AuthContext, query: PickupListRequest): Promise<Page<Pickup>> {
      requireStaff(auth);
      return pickupPage(query);
    },

    /** The warehouse hands the goods over against the holder's pickup code: `0` → `1 picked up`. */
    async confirmPickup(auth: AuthContext, pickupCode: string): Promise<Pickup> {
      requireStaff(auth);
      const id = await withTransaction(db, async (tx) => {
        const pickup = await repo.pickupByCode(tx, pickupCode);
        if (!pickup || pickup.mode !== 'self' || pickup.status !== PickupStatus.toPickUp) throw notFound(MESSAGES.pickupCodeWrong);
        await holdings.pickUp(tx, pickup.holdingId, staffActor(auth));
        await repo.updatePickup(tx, pickup.id, { status: PickupStatus.pickedUp, updatedAt: clock.now() });
        await ctx.history(tx, HistoryObject.pickup, pickup.id, PickupStatus.toPickUp, PickupStatus.pickedUp, staffActor(auth));
        await ctx.audit(tx, auth, 'warehouse.pickup.confirm', 'pickup', pickup.id, {});
        return pickup.id;
      });
      return viewOf(id, false);
    },

    /** A logistics bill gets its carrier and tracking number: `0 to assign` → `1 to receive`. */
    async assign(auth: AuthContext, input: AssignRequest): Promise<Pickup> {
      requireStaff(auth);
      return logisticsStep(auth, Number(input.pickupId), PickupStatus.toAssign, PickupStatus.toReceive, { carrier: input.carrier, trackingNo: input.trackingNo });
    },

    /** The carrier takes the goods: `1 to receive` → `2 in transit`; the holding part is then picked up. */
    async ship(auth: AuthContext, pickupId: number): Promise<Pickup> {
      requireStaff(auth);
      return logisticsStep(auth, pickupId, PickupStatus.toReceive, PickupStatus.inTransit, {});
    },
  };
}
