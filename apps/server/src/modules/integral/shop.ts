import {
  IntegralGoodsStatus,
  IntegralReason,
  RedemptionStatus,
  integralImagePath,
  type IntegralGoods,
  type IntegralGoodsListRequest,
  type Page,
  type RedeemRequest,
  type Redemption,
  type RedemptionListRequest,
  type SaveIntegralGoods,
  type UploadedFile,
} from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { BadRequestError, ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { findReadableUpload, storeImageOrRefuse, type OpenedFile } from '../../platform/uploads/index';
import { InsufficientFundsError } from '../ledger/index';
import type { IntegralContext } from './context';
import { ACTIONS, MESSAGES, REDEMPTION_STATUS_NAMES, stateMessage } from './integral.errors';
import * as repo from './integral.repo';

/** Reads a goods picture as the staff member who stored it would: the goods are what make it public. */
const platformReader: AuthContext = { kind: 'staff', sessionId: '', userId: '0', firmId: '', marketId: '', isMainAccount: false, language: 'cn' };

/** The integral shop: staff-managed goods, redemptions paid in points, shipped by staff, received by the firm. */
export function createShop(ctx: IntegralContext) {
  const { db, clock, points } = ctx;

  function toGoods(row: repo.GoodsRow, redeemed = 0): IntegralGoods {
    return {
      goodsId: String(row.id),
      name: row.name,
      description: row.description,
      imageUrl: row.imageId ? integralImagePath(String(row.id)) : null,
      thumbUrl: row.imageId ? integralImagePath(String(row.id), true) : null,
      points: row.points,
      stock: row.stock,
      limitPerFirm: row.limitPerFirm,
      status: row.status,
      redeemedByFirm: redeemed,
    };
  }

  async function toRedemptions(rows: repo.RedemptionRow[]): Promise<Redemption[]> {
    const goods = new Map((await repo.goodsByIds(db, [...new Set(rows.map((r) => r.goodsId))])).map((g) => [g.id, g]));
    const firms = await ctx.firm.getFirms(rows.map((r) => String(r.firmId)));
    return rows.map((r) => {
      const g = goods.get(r.goodsId);
      return {
        redemptionId: String(r.id),
        goodsId: String(r.goodsId),
        goodsName: g?.name ?? '',
        thumbUrl: g?.imageId ? integralImagePath(String(g.id), true) : null,
        quantity: r.quantity,
        points: r.points,
        status: r.status,
        recipients: r.recipients,
        recipientsCellphone: r.recipientsCellphone,
        region: r.region,
        addressName: r.addressName,
        postCode: r.postCode,
        trackingNo: r.trackingNo,
        firmName: firms.get(String(r.firmId))?.name ?? '',
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      };
    });
  }

  const redemptionView = async (id: number): Promise<Redemption> => (await toRedemptions([(await repo.redemptionById(db, id, undefined))!]))[0]!;

  /** One move of a redemption, locked, with its history row; `firmId` scopes it to the caller's firm. */
  async function move(id: number, firmId: number | undefined, actor: string, work: (tx: DbOrTx, row: repo.RedemptionRow, now: Date) => Promise<{ to: RedemptionStatus; patch?: Partial<repo.RedemptionRow> }>): Promise<Redemption> {
    await withTransaction(db, async (tx) => {
      const row = await repo.redemptionById(tx, id, firmId, true);
      if (!row) throw new NotFoundError(MESSAGES.redemptionNotFound);
      const now = clock.now();
      const { to, patch = {} } = await work(tx, row, now);
      await repo.updateRedemption(tx, row.id, { ...patch, status: to, updatedAt: now });
      await ctx.history(tx, 'redemption', row.id, row.status, to, actor);
    });
    return redemptionView(id);
  }

  const refuseState = (row: repo.RedemptionRow, action: (typeof ACTIONS)[keyof typeof ACTIONS]) => new ConflictError(stateMessage(REDEMPTION_STATUS_NAMES, row.status, action));

  return {
    async goods(auth: AuthContext | null, query: IntegralGoodsListRequest): Promise<Page<IntegralGoods>> {
      const { rows, total } = await repo.listGoods(db, { status: IntegralGoodsStatus.listed, ...pageWindow(query) });
      const firmId = auth?.kind === 'user' && auth.firmId ? Number(auth.firmId) : undefined;
      const redeemed = firmId === undefined ? new Map<number, number>() : await repo.redeemedByFirm(db, firmId, rows.map((r) => r.id));
      return pageOf(rows.map((r) => toGoods(r, redeemed.get(r.id) ?? 0)), total, query);
    },

    async goodsDetail(auth: AuthContext | null, goodsId: number): Promise<IntegralGoods> {
      const row = await repo.goodsById(db, goodsId);
      if (!row || (row.status !== IntegralGoodsStatus.listed && auth?.kind !== 'staff')) throw new NotFoundError(MESSAGES.goodsNotFound);
      const firmId = auth?.kind === 'user' && auth.firmId ? Number(auth.firmId) : undefined;
      const redeemed = firmId === undefined ? 0 : ((await repo.redeemedByFirm(db, firmId, [row.id])).get(row.id) ?? 0);
      return toGoods(row, redeemed);
    },

    async image(goodsId: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.goodsById(db, goodsId);
      if (!row?.imageId || row.status !== IntegralGoodsStatus.listed) throw new NotFoundError(MESSAGES.goodsNotFound);
      return ctx.uploads.open(platformReader, row.imageId, variant);
    },

    async upload(auth: AuthContext, buffer: Buffer | null): Promise<UploadedFile> {
      return storeImageOrRefuse(ctx.uploads, auth, buffer, () => new BadRequestError(MESSAGES.imageRefused));
    },

    async adminGoods(query: IntegralGoodsListRequest): Promise<Page<IntegralGoods>> {
      const { rows, total } = await repo.listGoods(db, pageWindow(query));
      return pageOf(rows.map((r) => toGoods(r)), total, query);
    },

    async saveGoods(auth: AuthContext, input: SaveIntegralGoods): Promise<IntegralGoods> {
      if (input.imageId) {
        const upload = await findReadableUpload(db, auth, input.imageId).catch(() => undefined);
        if (!upload || upload.kind !== 'image') throw new BadRequestError(MESSAGES.imageNotFound);
      }
      const saved = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const fields = { name: input.name, description: input.description, points: input.points, stock: input.stock, limitPerFirm: input.limitPerFirm, status: input.status, updatedAt: now };
        if (!input.goodsId) {
          const row = await repo.insertGoods(tx, { ...fields, imageId: input.imageId ?? null, createdAt: now });
          await ctx.history(tx, 'goods', row.id, '', row.status, `staff:${auth.userId}`);
          await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'integral.goods.create', objectType: 'integral_goods', objectId: String(row.id), detail: fields });
          return row.id;
        }
        const current = await repo.goodsById(tx, Number(input.goodsId), true);
        if (!current) throw new NotFoundError(MESSAGES.goodsNotFound);
        await repo.updateGoods(tx, current.id, { ...fields, ...(input.imageId ? { imageId: input.imageId } : {}) });
        if (current.status !== input.status) await ctx.history(tx, 'goods', current.id, current.status, input.status, `staff:${auth.userId}`);
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'integral.goods.update', objectType: 'integral_goods', objectId: String(current.id), detail: fields });
        return current.id;
      });
      return toGoods((await repo.goodsById(db, saved))!);
    },

    /**
     * Redeems goods: the goods row is locked first, so stock and the firm's limit are checked and
     * taken by one redemption at a time, and the points leave the firm in one journal.
     */
    async redeem(auth: AuthContext, input: RedeemRequest): Promise<Redemption> {
      const firmId = await ctx.allow(auth);
      const address = await ctx.addresses.addressOf(auth, Number(input.consigneeId));
      if (!address) throw new NotFoundError(MESSAGES.consigneeNotFound);
      const id = await withTransaction(db, async (tx) => {
        const goods = await repo.goodsById(tx, Number(input.goodsId), true);
        if (!goods) throw new NotFoundError(MESSAGES.goodsNotFound);
        if (goods.status !== IntegralGoodsStatus.listed) throw new ConflictError(MESSAGES.offShelf);
        if (goods.stock < input.quantity) throw new ConflictError(MESSAGES.outOfStock, { stock: goods.stock });
        const redeemed = (await repo.redeemedByFirm(tx, firmId, [goods.id])).get(goods.id) ?? 0;
        if (redeemed + input.quantity > goods.limitPerFirm) throw new ConflictError(MESSAGES.overLimit, { limit: goods.limitPerFirm, redeemed });
        const cost = goods.points * input.quantity;
        await repo.lockFirmPoints(tx, firmId);
        const balance = await points.balanceOf(tx, firmId);
        if (balance < cost) throw new ConflictError(MESSAGES.insufficient, { points: cost, balance });
        const now = clock.now();
        const row = await repo.insertRedemption(tx, {
          goodsId: goods.id,
          firmId,
          userId: Number(auth.userId),
          quantity: input.quantity,
          points: cost,
          status: RedemptionStatus.awaitingShipment,
          recipients: address.recipients,
          recipientsCellphone: address.recipientsCellphone,
          region: address.region,
          addressName: address.addressName,
          postCode: address.postCode,
          createdAt: now,
          updatedAt: now,
        });
        try {
          await points.debit(tx, { firmId, reason: IntegralReason.redeem, key: `integral.redeem:${row.id}`, sourceRef: String(row.id), points: cost });
        } catch (error) {
          if (error instanceof InsufficientFundsError) throw new ConflictError(MESSAGES.insufficient, { points: cost, balance });
          throw error;
        }
        await repo.updateGoods(tx, goods.id, { stock: goods.stock - input.quantity, updatedAt: now });
        await ctx.history(tx, 'redemption', row.id, '', row.status, `user:${auth.userId}`);
        return row.id;
      });
      return redemptionView(id);
    },

    async redemptions(auth: AuthContext, query: RedemptionListRequest): Promise<Page<Redemption>> {
      const firmId = await ctx.allow(auth);
      const { rows, total } = await repo.listRedemptions(db, { firmId, status: query.status, ...pageWindow(query) });
      return pageOf(await toRedemptions(rows), total, query);
    },

    async adminRedemptions(query: RedemptionListRequest): Promise<Page<Redemption>> {
      const { rows, total } = await repo.listRedemptions(db, { status: query.status, ...pageWindow(query) });
      return pageOf(await toRedemptions(rows), total, query);
    },

    /** Before shipment the firm cancels: the pieces go back to stock and the points back to the firm. */
    async cancel(auth: AuthContext, redemptionId: number): Promise<Redemption> {
      const firmId = await ctx.allow(auth);
      return move(redemptionId, firmId, `user:${auth.userId}`, async (tx, row, now) => {
        if (row.status !== RedemptionStatus.awaitingShipment) throw refuseState(row, ACTIONS.cancel);
        const goods = await repo.goodsById(tx, row.goodsId, true);
        if (goods) await repo.updateGoods(tx, goods.id, { stock: goods.stock + row.quantity, updatedAt: now });
        await points.credit(tx, { firmId: row.firmId, reason: IntegralReason.refund, sourceRef: String(row.id), points: row.points });
        return { to: RedemptionStatus.cancelled };
      });
    },

    async receive(auth: AuthContext, redemptionId: number): Promise<Redemption> {
      const firmId = await ctx.allow(auth);
      return move(redemptionId, firmId, `user:${auth.userId}`, async (_tx, row) => {
        if (row.status !== RedemptionStatus.shipped) throw refuseState(row, ACTIONS.receive);
        return { to: RedemptionStatus.received };
      });
    },

    /** Staff ship with the carrier's tracking number: `W` → `S`, audited. */
    async ship(auth: AuthContext, redemptionId: number, trackingNo: string): Promise<Redemption> {
      return move(redemptionId, undefined, `staff:${auth.userId}`, async (tx, row, now) => {
        if (row.status !== RedemptionStatus.awaitingShipment) throw refuseState(row, ACTIONS.ship);
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'integral.redemption.ship', objectType: 'integral_redemption', objectId: String(row.id), detail: { trackingNo } });
        return { to: RedemptionStatus.shipped, patch: { trackingNo } };
      });
    },
  };
}

export type Shop = ReturnType<typeof createShop>;
