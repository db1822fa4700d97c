import { randomInt } from 'node:crypto';
import { Decimal } from '@tp/decimal';
import {
  OTC_APPEAL_PROOF_HOURS,
  OTC_DAILY_CANCEL_LIMIT,
  OTC_ORDER_TIMEOUT_MINUTES,
  type OtcMessage,
  type OtcNoticePage,
  type OtcOrder,
  type OtcOrderStatus,
  type OtcPaymentInfo,
  type OtcPlaceOrderRequest,
  type Page,
} from '@tp/contract';
import { isUniqueViolation, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import { scheduleJob } from '../../platform/scheduler/index';
import { shanghaiDay, shanghaiDayStart } from '../../platform/time';
import { assertNotProprietary } from '../identity/index';
import { InsufficientFundsError } from '../ledger/index';
import { assertRealNameVerified, assertSeniorVerified } from '../verification/index';
import { adCode } from './ads';
import type { OtcEscrow } from './escrow';
import { Accounts, NO_SUCH_ORDER, OTC_EXPIRE_JOB, partyStatuses, uid, type OtcContext } from './otc.context';
import {
  AdExpiredError,
  AppealFailedError,
  CancelFailedError,
  ConfirmFailedError,
  OtcFieldError,
  PaymentFailedError,
  PaymentInfoUnavailableError,
  PaymentMethodFailedError,
  PlaceOrderFailedError,
  REASONS,
  RevokeFailedError,
  RULES,
  SettingsMissingError,
} from './otc.errors';
import * as repo from './otc.repo';
import type { OtcSettings } from './settings';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const EXPIRED = text('订单已超时', 'the order has expired', '訂單已超時');
const CLOSED_STATUSES: OtcOrderStatus[] = ['cancelled', 'expired', 'invalid'];

type Role = 'buyer' | 'seller';

async function refusal(check: () => Promise<void>): Promise<boolean> {
  try {
    await check();
    return false;
  } catch {
    return true;
  }
}

export function createOtcOrders(ctx: OtcContext, settings: OtcSettings, escrow: OtcEscrow) {
  const { db, clock, deps } = ctx;

  const roleOf = (order: repo.OrderRow, userId: number): Role | undefined =>
    order.buyerUserId === userId ? 'buyer' : order.sellerUserId === userId ? 'seller' : undefined;

  /** The order and the caller's side of it; another user's order is not found. */
  async function partyOrder(auth: AuthContext, orderId: number): Promise<{ order: repo.OrderRow; role: Role }> {
    const order = await repo.findOrder(db, orderId);
    const role = order && roleOf(order, uid(auth));
    if (!order || !role) throw new NotFoundError(NO_SUCH_ORDER);
    return { order, role };
  }

  function baseOrder(row: repo.OrderRow, names: Map<number, string>) {
    return {
      id: String(row.id),
      orderNo: row.orderNo,
      adId: String(row.adId),
      adCode: adCode(row.adId),
      buyer: names.get(row.buyerUserId) ?? '',
      seller: names.get(row.sellerUserId) ?? '',
      coin: row.coin as OtcOrder['coin'],
      currency: row.currency as OtcOrder['currency'],
      volume: Decimal.parse(row.volume).toString(),
      amount: Decimal.parse(row.amount).toString(),
      price: Decimal.parse(row.price).toString(),
      paymentMethod: row.paymentMethod,
      remarks: row.remarks,
      status: row.status,
      ...partyStatuses(row.status),
      appealStatus: row.appealStatus,
      appealType: row.appealType,
      appealReason: row.appealReason,
      appealBy: row.appealBy,
      photoAttachments: row.appealImages,
      appealDecision: row.appealDecision,
      appealDecisionReason: row.appealDecisionReason,
      proofImageId: row.proofImageId,
      cancelReason: row.cancelReason,
      createdAt: row.createdAt.toISOString(),
      paymentTime: row.paidAt?.toISOString() ?? '',
      completedAt: row.completedAt?.toISOString() ?? '',
      cancelledAt: row.cancelledAt?.toISOString() ?? '',
      expireAt: row.expireAt.toISOString(),
      appealAt: row.appealAt?.toISOString() ?? '',
      proofDeadline: row.appealAt ? new Date(row.appealAt.getTime() + OTC_APPEAL_PROOF_HOURS * HOUR_MS).toISOString() : '',
      now: clock.now().toISOString(),
    };
  }

  async function toOrders(rows: repo.OrderRow[], viewer: number): Promise<OtcOrder[]> {
    const names = await ctx.nicknamesOf(rows.flatMap((row) => [row.buyerUserId, row.sellerUserId]));
    return rows.map((row) => ({ ...baseOrder(row, names), role: row.buyerUserId === viewer ? 'buyer' : 'seller' }));
  }

  async function one(auth: AuthContext, orderId: number): Promise<OtcOrder> {
    const { order } = await partyOrder(auth, orderId);
    return (await toOrders([order], uid(auth)))[0]!;
  }

  function paymentOf(order: repo.OrderRow, contact: repo.ProfileRow | undefined): OtcPaymentInfo {
    const p = order.payment;
    return {
      method: order.paymentMethod,
      accountName: p.accountName ?? '',
      account: p.account ?? '',
      bankName: p.bankName ?? '',
      bankBranch: p.bankBranch ?? '',
      qrImageId: p.qrImageId ?? '',
      remarks: p.remarks ?? '',
      sellerContact: {
        mobile: contact?.mobile ?? '',
        email: contact?.email ?? '',
        qq: contact?.qq ?? '',
        wechat: contact?.wechat ?? '',
        whatsapp: contact?.whatsapp ?? '',
        others: contact?.others ?? '',
      },
    };
  }

  /** Checks everything that can be read before the transaction; the transaction checks the ad again under its lock. */
  async function checkOrderer(auth: AuthContext, request: OtcPlaceOrderRequest) {
    const userId = uid(auth);
    await assertNotProprietary(db, userId);
    if (await refusal(() => assertRealNameVerified(db, userId))) throw new PlaceOrderFailedError(REASONS.realName, {}, 403);
    const profile = await repo.findProfile(db, userId);
    if (!profile?.nickname) throw new SettingsMissingError(REASONS.nickname);
    if (!settings.hasContact(profile)) throw new SettingsMissingError(REASONS.contact);
    if ((await repo.paymentMethodsOf(db, userId)).length === 0) throw new SettingsMissingError(REASONS.payment);
    const today = shanghaiDayStart(shanghaiDay(clock.now()));
    if ((await repo.cancellationsSince(db, userId, today)) >= OTC_DAILY_CANCEL_LIMIT) throw new PlaceOrderFailedError(REASONS.cancelLimit, { limit: OTC_DAILY_CANCEL_LIMIT }, 403);
    const ad = await repo.findAd(db, Number(request.adId));
    if (!ad || ad.status !== 'active') throw new AdExpiredError();
    if (ad.userId === userId) throw new PlaceOrderFailedError(REASONS.ownAd);
    if (ad.seniorRequired && (await refusal(() => assertSeniorVerified(db, userId)))) throw new PlaceOrderFailedError(REASONS.senior, {}, 403);
    if (!ad.paymentMethods.includes(request.paymentMethod)) throw new PlaceOrderFailedError(REASONS.methodNotOffered);
    const sellerId = ad.side === 'sell' ? ad.userId : userId;
    const payment = (await repo.paymentMethodsOf(db, sellerId, ad.currency)).find((m) => m.method === request.paymentMethod);
    if (!payment) throw sellerId === userId ? new SettingsMissingError(REASONS.payment) : new PaymentMethodFailedError();
    const places = await ctx.precisionOf(ad.coin);
    const volume = Decimal.parse(request.volume);
    if (volume.scale > places) throw new PlaceOrderFailedError(REASONS.places, { places });
    const price = await ctx.priceOf(ad);
    const amount = volume.mul(price).truncate(2);
    if (amount.isZero()) throw new PlaceOrderFailedError(REASONS.tooSmall);
    if (amount.lt(ad.minAmount)) throw new PlaceOrderFailedError(REASONS.belowMin, { min: Decimal.parse(ad.minAmount).toString(), currency: ad.currency });
    if (amount.gt(ad.maxAmount)) throw new PlaceOrderFailedError(REASONS.aboveMax, { max: Decimal.parse(ad.maxAmount).toString(), currency: ad.currency });
    return { ad, volume, price, amount, payment, sellerId };
  }

  return {
    /**
     * Places an order on an ad. The ad row is locked, so two buyers racing for its last coins never
     * take more than it has; the seller's coins for the order go into escrow in the same transaction,
     * and the 15-minute expiry is scheduled with it (a durable job: it survives restarts and runs once).
     */
    async place(auth: AuthContext, request: OtcPlaceOrderRequest): Promise<OtcOrder> {
      const userId = uid(auth);
      const checked = await checkOrderer(auth, request);
      let orderId: number;
      try {
        orderId = await withTransaction(db, async (tx) => {
          const ad = await repo.findAd(tx, checked.ad.id, true);
          if (!ad || ad.status !== 'active') throw new AdExpiredError();
          const remaining = Decimal.parse(ad.remaining);
          if (checked.volume.gt(remaining)) throw new PlaceOrderFailedError(REASONS.aboveRemaining, { remaining: remaining.toString() });
          const now = clock.now();
          const buyerUserId = ad.side === 'sell' ? userId : ad.userId;
          const sellerUserId = checked.sellerId;
          const p = checked.payment;
          const order = await repo.insertOrder(tx, {
            orderNo: `${shanghaiDay(now).replaceAll('-', '')}${String(randomInt(0, 1e9)).padStart(9, '0')}`,
            adId: ad.id,
            adSide: ad.side,
            buyerUserId,
            sellerUserId,
            merchantUserId: ad.userId,
            coin: ad.coin,
            currency: ad.currency,
            volume: checked.volume.toString(),
            amount: checked.amount.toString(),
            price: checked.price.toString(),
            paymentMethod: request.paymentMethod,
            payment: { accountName: p.accountName, account: p.account, bankName: p.bankName, bankBranch: p.bankBranch, qrImageId: p.qrImageId, remarks: p.remarks },
            remarks: request.remarks,
            status: 'unpaid',
            expireAt: new Date(now.getTime() + OTC_ORDER_TIMEOUT_MINUTES * MINUTE_MS),
            createdAt: now,
            updatedAt: now,
          });
          await repo.updateAd(tx, ad.id, { remaining: remaining.sub(checked.volume).toString(), updatedAt: now });
          const volume = checked.volume.toString();
          // A sell ad's coins move from its frozen escrow; selling into a buy ad takes the seller's available coins.
          const source = ad.side === 'sell' ? Accounts.frozen(sellerUserId, ad.coin) : Accounts.available(sellerUserId, ad.coin);
          await deps.ledger.post(tx, {
            idempotencyKey: `otc.order.escrow:${order.id}`,
            type: 'otc.order.escrow',
            description: order.orderNo,
            businessRef: String(order.id),
            initiator: { ownerType: 'user', ownerId: String(userId) },
            postings: [
              { account: source, amount: `-${volume}` },
              { account: Accounts.escrow(sellerUserId, ad.coin), amount: volume },
            ],
          });
          await repo.insertHistory(tx, { orderId: order.id, fromStatus: 'unpaid', toStatus: 'unpaid', actor: 'buyer', reason: 'created', createdAt: now });
          await scheduleJob(tx, { name: OTC_EXPIRE_JOB, key: `order:${order.id}`, runAt: order.expireAt, payload: { orderId: order.id } });
          await ctx.notify(tx, order, 'created');
          return order.id;
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new PlaceOrderFailedError(REASONS.funds);
        if (isUniqueViolation(error)) throw new PlaceOrderFailedError();
        throw error;
      }
      await deps.publisher.flush();
      return one(auth, orderId);
    },

    async list(auth: AuthContext, query: { status?: OtcOrderStatus | undefined; page: number; size: number }): Promise<Page<OtcOrder>> {
      const { rows, total } = await repo.ordersOfUser(db, { userId: uid(auth), status: query.status, ...pageWindow(query) });
      return pageOf(await toOrders(rows, uid(auth)), total, query);
    },

    one,

    /** The seller's payment details, to the order's two parties only, and only while the order stands. */
    async paymentInfo(auth: AuthContext, orderId: number): Promise<OtcPaymentInfo> {
      const { order } = await partyOrder(auth, orderId);
      if (CLOSED_STATUSES.includes(order.status)) throw new PaymentInfoUnavailableError();
      return paymentOf(order, await repo.findProfile(db, order.sellerUserId));
    },

    /** The buyer says the money was sent (optionally with a proof picture): unpaid → paid. */
    async confirmPayment(auth: AuthContext, orderId: number, proofImageId: string | undefined): Promise<OtcOrder> {
      const { role } = await partyOrder(auth, orderId);
      if (role !== 'buyer') throw new PaymentFailedError(REASONS.onlyBuyer, {}, 403);
      if (proofImageId) await ctx.assertOwnImages(auth, [proofImageId], 'proofImageId');
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'unpaid') throw new PaymentFailedError(REASONS.notUnpaid);
        if (clock.now() >= order.expireAt) throw new PaymentFailedError(EXPIRED);
        await escrow.history(tx, order, 'paid', 'buyer');
        const now = clock.now();
        const updated = await repo.updateOrder(tx, order.id, { status: 'paid', paidAt: now, proofImageId: proofImageId ?? '', updatedAt: now });
        await ctx.notify(tx, updated, 'paid');
      });
      await deps.publisher.flush();
      return one(auth, orderId);
    },

    /** The seller, with the fund password, releases the coins to the buyer: paid → completed. */
    async release(auth: AuthContext, orderId: number, fundPassword: string): Promise<OtcOrder> {
      const { role } = await partyOrder(auth, orderId);
      if (role !== 'seller') throw new ConfirmFailedError(REASONS.onlySeller, {}, 403);
      await deps.paymentPasswords.verify({ userId: uid(auth), kind: 'fund', password: fundPassword });
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'paid') throw new ConfirmFailedError(REASONS.notPaid);
        await escrow.complete(tx, order, 'seller');
      });
      await deps.publisher.flush();
      return one(auth, orderId);
    },

    /** The buyer cancels an order not under appeal; the coins go back to the ad (or the seller). */
    async cancel(auth: AuthContext, orderId: number, reason: string): Promise<OtcOrder> {
      const { role } = await partyOrder(auth, orderId);
      if (role !== 'buyer') throw new CancelFailedError(REASONS.onlyBuyer, {}, 403);
      await withTransaction(db, async (tx) => {
        const { order, ad } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'unpaid' && order.status !== 'paid') throw new CancelFailedError(REASONS.notUnpaid);
        await escrow.close(tx, order, ad, 'cancelled', 'buyer', reason);
      });
      await deps.publisher.flush();
      return one(auth, orderId);
    },

    /** The timer's work: an order still unpaid at its deadline expires, its escrow returns. Runs once whatever calls it. */
    async expire(orderId: number): Promise<boolean> {
      const expired = await withTransaction(db, async (tx) => {
        const found = await repo.findOrder(tx, orderId);
        if (found?.status !== 'unpaid') return false;
        const { order, ad } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'unpaid' || clock.now() < order.expireAt) return false;
        await escrow.close(tx, order, ad, 'expired', 'system');
        return true;
      });
      if (expired) await deps.publisher.flush();
      return expired;
    },

    /** Expires every unpaid order past its deadline (the sandbox clock's controls call this after moving time). */
    async expireDue(): Promise<number> {
      let count = 0;
      for (const id of await repo.dueUnpaidOrders(db, clock.now())) if (await this.expire(id)) count++;
      return count;
    },

    /** Either side appeals a paid order: type and reason required, pictures optional (more within 24 hours). */
    async appeal(auth: AuthContext, request: { orderId: string; type: string; reason: string; images: string[] }): Promise<OtcOrder> {
      if (request.type === '') throw new OtcFieldError('type', RULES.required, auth.language);
      if (request.reason === '') throw new OtcFieldError('reason', RULES.required, auth.language);
      const { role } = await partyOrder(auth, Number(request.orderId));
      await ctx.assertOwnImages(auth, request.images, 'images');
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, Number(request.orderId));
        if (order.status !== 'paid') throw new AppealFailedError(REASONS.notPaid);
        await escrow.history(tx, order, 'appeal', role, request.reason);
        const now = clock.now();
        const updated = await repo.updateOrder(tx, order.id, {
          status: 'appeal',
          appealStatus: 'waiting',
          appealBy: role,
          appealType: request.type,
          appealReason: request.reason,
          appealImages: [...new Set(request.images)],
          appealDecision: '',
          appealDecisionReason: '',
          appealAt: now,
          updatedAt: now,
        });
        await ctx.notify(tx, updated, 'appeal');
      });
      await deps.publisher.flush();
      return one(auth, Number(request.orderId));
    },

    /** Either side adds proof pictures while the appeal waits, within 24 hours of it. */
    async addEvidence(auth: AuthContext, orderId: number, images: string[]): Promise<OtcOrder> {
      await partyOrder(auth, orderId);
      await ctx.assertOwnImages(auth, images, 'images');
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'appeal' || order.appealStatus !== 'waiting') throw new AppealFailedError(REASONS.notAppealing);
        if (!order.appealAt || clock.now().getTime() > order.appealAt.getTime() + OTC_APPEAL_PROOF_HOURS * HOUR_MS) throw new AppealFailedError(REASONS.proofClosed, { hours: OTC_APPEAL_PROOF_HOURS });
        await repo.updateOrder(tx, order.id, { appealImages: [...new Set([...order.appealImages, ...images])].slice(0, 24), updatedAt: clock.now() });
      });
      return one(auth, orderId);
    },

    /** The appellant withdraws a waiting appeal: the order is paid again and runs on. */
    async revokeAppeal(auth: AuthContext, orderId: number): Promise<OtcOrder> {
      const { role } = await partyOrder(auth, orderId);
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, orderId);
        if (order.status !== 'appeal' || order.appealStatus !== 'waiting') throw new RevokeFailedError(REASONS.notAppealing);
        if (order.appealBy !== role) throw new RevokeFailedError(REASONS.notAppellant, {}, 403);
        await escrow.history(tx, order, 'paid', role, 'appeal revoked');
        const updated = await repo.updateOrder(tx, order.id, { status: 'paid', appealStatus: 'revoked', updatedAt: clock.now() });
        await ctx.notify(tx, updated, 'appealRevoked');
      });
      await deps.publisher.flush();
      return one(auth, orderId);
    },

    async messages(auth: AuthContext, orderId: number): Promise<OtcMessage[]> {
      const { order } = await partyOrder(auth, orderId);
      return this.chatOf(order, auth);
    },

    async chatOf(order: repo.OrderRow, viewer: AuthContext): Promise<OtcMessage[]> {
      const [rows, names] = await Promise.all([repo.messagesOf(db, order.id), ctx.nicknamesOf([order.buyerUserId, order.sellerUserId])]);
      return rows.map((row) => {
        const userId = row.senderKind === 'user' ? Number(row.senderId) : undefined;
        const from = userId === undefined ? 'staff' : userId === order.buyerUserId ? 'buyer' : 'seller';
        return {
          id: String(row.id),
          from,
          mine: viewer.kind === row.senderKind && viewer.userId === row.senderId,
          nickname: userId === undefined ? '' : (names.get(userId) ?? ''),
          text: row.body,
          imageId: row.imageId,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    /** A text or a picture to the other side, pushed to both at once. */
    async sendMessage(auth: AuthContext, request: { orderId: string; text: string; imageId?: string | undefined }): Promise<OtcMessage[]> {
      const { order } = await partyOrder(auth, Number(request.orderId));
      if (request.text === '' && !request.imageId) throw new OtcFieldError('text', RULES.messageEmpty, auth.language);
      if (request.imageId) await ctx.assertOwnImages(auth, [request.imageId], 'imageId');
      await withTransaction(db, async (tx) => {
        await repo.insertMessage(tx, { orderId: order.id, senderKind: 'user', senderId: auth.userId, body: request.text, imageId: request.imageId ?? '', createdAt: clock.now() });
        for (const userId of [order.buyerUserId, order.sellerUserId]) await ctx.push(tx, userId, { kind: 'message', orderId: String(order.id), status: order.status });
      });
      await deps.publisher.flush();
      return this.chatOf(order, auth);
    },

    /** A picture of the order (proof, evidence, chat, the seller's QR code) to its parties. */
    async image(auth: AuthContext, orderId: number | undefined, imageId: string) {
      if (orderId === undefined) {
        // One's own picture (a QR code being set up, a proof before sending).
        const [own] = await repo.imagesOf(db, [imageId]);
        if (own?.userId !== uid(auth)) throw new NotFoundError(NO_SUCH_ORDER);
        return ctx.openImage(imageId, auth);
      }
      const { order } = await partyOrder(auth, orderId);
      if (!(await repo.orderHasImage(db, order, imageId))) throw new NotFoundError(NO_SUCH_ORDER);
      return ctx.openImage(imageId, auth);
    },

    async notices(auth: AuthContext, query: { page: number; size: number }): Promise<OtcNoticePage> {
      const { rows, total, unread } = await repo.noticesOf(db, { userId: uid(auth), ...pageWindow(query) });
      return {
        ...pageOf(
          rows.map((row) => ({ id: String(row.id), kind: row.kind, orderId: row.orderId ? String(row.orderId) : '', orderNo: row.orderNo, read: row.readAt !== null, createdAt: row.createdAt.toISOString() })),
          total,
          query,
        ),
        unread,
      };
    },

    async readNotices(auth: AuthContext): Promise<void> {
      await repo.readNotices(db, uid(auth), clock.now());
    },

    baseOrder,
    paymentOf,
  };
}

export type OtcOrders = ReturnType<typeof createOtcOrders>;
