import { Decimal } from '@tp/decimal';
import {
  AFTER_SALE_SELLER_REPLY_DAYS,
  AFTER_SALE_SHIP_BACK_DAYS,
  AdminAfterSalePath,
  AfterSalePath,
  WsTopic,
  type AfterSaleKindCode,
  type AfterSalePush,
  type AfterSaleRequestView,
  type AfterSaleStatus,
  type AfterSaleType,
  type Page,
} from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { type Db, type DbOrTx, isUniqueViolation, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { appendEvent, type OutboxPublisher } from '../../platform/events/index';
import { BadRequestError, ConflictError, requireStaff, type AuthContext } from '../../platform/http/index';
import { DAY_MS } from '../../platform/time';
import type { OpenedFile, UploadService } from '../../platform/uploads/index';
import { findReadableUpload } from '../../platform/uploads/index';
import type { Scheduler } from '../../platform/scheduler/index';
import { requireFirmRight, type FirmService } from '../firm/index';
import { MESSAGES, conflict, notFound } from './aftersale.errors';
import * as repo from './aftersale.repo';
import { afterSaleHandlerOf, type AfterSaleKindHandler } from './kinds';

export const AfterSaleJobs = {
  /** One run per request and deadline: the seller's silence is acceptance, a return not shipped back closes the request. */
  timeout: 'aftersale.timeout',
  /** Every request whose deadline the trading clock has passed (a sandbox clock moved forward runs ahead of the per-request jobs). */
  timeouts: 'aftersale.timeouts',
} as const;

export interface AfterSaleServiceDeps {
  db: Db;
  /** Trading time: the deadlines run on it. */
  clock: Clock;
  firm: Pick<FirmService, 'requireRight'>;
  uploads: Pick<UploadService, 'open'>;
  scheduler: Pick<Scheduler, 'schedule'>;
  /** Publishes the pushes written with a change once it commits. */
  publisher?: Pick<OutboxPublisher, 'flush'>;
  sellerReplyDays?: number;
  shipBackDays?: number;
}

type Side = 'buyer' | 'seller';
const SYSTEM_ACTOR = 'system:aftersale';
const FINAL: readonly AfterSaleStatus[] = ['refunded', 'completed', 'closed'];
const money = (value: string) => Decimal.parse(value).toFixed(2);

export function createAfterSaleService(deps: AfterSaleServiceDeps) {
  const { db, clock } = deps;
  const replyDays = deps.sellerReplyDays ?? AFTER_SALE_SELLER_REPLY_DAYS;
  const shipDays = deps.shipBackDays ?? AFTER_SALE_SHIP_BACK_DAYS;
  const actorOf = (auth: AuthContext) => `${auth.kind}:${auth.userId}`;

  function handlerOf(kind: AfterSaleKindCode): AfterSaleKindHandler {
    const handler = afterSaleHandlerOf(kind);
    if (!handler) throw notFound(MESSAGES.orderNotFound);
    return handler;
  }

  async function view(row: repo.RequestRow, side: AfterSaleRequestView['side']): Promise<AfterSaleRequestView> {
    const history = await repo.historyOf(db, row.id);
    const photoPath = side === 'staff' ? AdminAfterSalePath.photo : AfterSalePath.photo;
    return {
      requestId: String(row.id),
      kind: row.kind,
      orderId: row.orderId,
      title: row.title,
      type: row.type,
      status: row.status,
      side,
      buyerFirmId: String(row.buyerFirmId),
      sellerFirmId: String(row.sellerFirmId),
      reason: row.reason,
      photos: row.photoIds.map((id) => ({ id, url: photoPath.replace(':requestId', String(row.id)).replace(':photoId', id) })),
      orderAmount: money(row.orderAmount),
      amount: money(row.amount),
      sellerReason: row.sellerReason,
      arbitrationReason: row.arbitrationReason,
      decision: row.decision,
      decisionReason: row.decisionReason,
      returnCarrier: row.returnCarrier,
      returnTrackingNo: row.returnTrackingNo,
      replacementCarrier: row.replacementCarrier,
      replacementTrackingNo: row.replacementTrackingNo,
      deadline: row.deadlineAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus as AfterSaleStatus, actor: h.actor, note: h.note, at: h.createdAt.toISOString() })),
    };
  }

  /** The side the caller's firm is on, or not found: a third firm learns nothing about the request. */
  function sideOf(auth: AuthContext, row: repo.RequestRow | undefined): Side {
    const firmId = Number(auth.firmId);
    if (row && auth.firmId !== '' && row.buyerFirmId === firmId) return 'buyer';
    if (row && auth.firmId !== '' && row.sellerFirmId === firmId) return 'seller';
    throw notFound(MESSAGES.requestNotFound);
  }

  async function scheduleTimeout(tx: DbOrTx, id: number, at: Date): Promise<void> {
    await deps.scheduler.schedule(tx, { name: AfterSaleJobs.timeout, key: `${id}@${at.toISOString()}`, runAt: at, payload: { requestId: id } });
  }

  /** Moves the request to `to` with its history row and a push to both parties' firms. */
  async function change(tx: DbOrTx, row: repo.RequestRow, to: AfterSaleStatus, actor: string, note: string, patch: Partial<repo.RequestInsert> = {}): Promise<repo.RequestRow> {
    const now = clock.now();
    const deadlineAt = to === 'accepted' ? new Date(now.getTime() + shipDays * DAY_MS) : null;
    const updated = await repo.updateRequest(tx, row.id, { ...patch, status: to, deadlineAt, updatedAt: now, ...(FINAL.includes(to) ? { finishedAt: now } : {}) });
    await repo.insertHistory(tx, { requestId: row.id, fromStatus: row.status, toStatus: to, actor, note, createdAt: now });
    if (deadlineAt) await scheduleTimeout(tx, row.id, deadlineAt);
    await push(tx, updated);
    return updated;
  }

  async function push(tx: DbOrTx, row: repo.RequestRow): Promise<void> {
    const payload: AfterSalePush = { kind: 'aftersale', requestId: String(row.id), orderKind: row.kind, orderId: row.orderId, status: row.status };
    for (const firmId of [row.sellerFirmId, row.buyerFirmId]) {
      await appendEvent(tx, { type: 'aftersale.changed', topic: WsTopic.firm(String(firmId)), push: 'checkList', payload });
    }
  }

  /** One party's step: the request locked, the caller on `side`, the status one of `from`. */
  async function step(auth: AuthContext, requestId: number, side: Side, from: readonly AfterSaleStatus[], work: (tx: DbOrTx, row: repo.RequestRow) => Promise<repo.RequestRow>): Promise<AfterSaleRequestView> {
    await requireFirmRight(deps.firm, auth, 'trade.delivery');
    const row = await withTransaction(db, async (tx) => {
      const locked = await repo.requestForUpdate(tx, requestId);
      const mine = sideOf(auth, locked);
      if (mine !== side) throw new ConflictError(side === 'buyer' ? MESSAGES.onlyBuyer : MESSAGES.onlySeller);
      if (!from.includes(locked!.status)) throw conflict(MESSAGES.state);
      return work(tx, locked!);
    });
    await deps.publisher?.flush();
    return view(row, side);
  }

  /** Whether the photo ids are images the buyer's firm uploaded; a refusal names the field. */
  async function assertOwnPhotos(tx: DbOrTx, auth: AuthContext, ids: readonly string[]): Promise<void> {
    for (const id of new Set(ids)) {
      try {
        const upload = await findReadableUpload(tx, auth, id);
        if (upload.kind !== 'image') throw new BadRequestError(MESSAGES.photos);
      } catch {
        throw new BadRequestError(MESSAGES.photos);
      }
    }
  }

  /** Times a request out when its deadline has passed: silence accepts, a return never shipped closes. */
  async function expire(requestId: number): Promise<boolean> {
    const changed = await withTransaction(db, async (tx) => {
      const row = await repo.requestForUpdate(tx, requestId);
      if (!row || !row.deadlineAt || row.deadlineAt.getTime() > clock.now().getTime()) return false;
      if (row.status === 'requested') {
        await change(tx, row, 'accepted', SYSTEM_ACTOR, `the seller did not answer within ${replyDays} days`);
        return true;
      }
      if (row.status === 'accepted') {
        await change(tx, row, 'closed', SYSTEM_ACTOR, `the goods were not shipped back within ${shipDays} days`);
        return true;
      }
      return false;
    });
    if (changed) await deps.publisher?.flush();
    return changed;
  }

  return {
    /** The buyer asks for a return (with a refund, the whole order's by default) or an exchange, with a reason and photos. */
    async open(auth: AuthContext, input: { kind: AfterSaleKindCode; orderId: string; type: AfterSaleType; reason: string; photoIds: string[]; amount?: string | undefined }): Promise<AfterSaleRequestView> {
      const firmId = await requireFirmRight(deps.firm, auth, 'trade.delivery');
      const handler = handlerOf(input.kind);
      const row = await withTransaction(db, async (tx) => {
        const order = await handler.loadOrder(tx, input.orderId);
        if (!order || order.buyerFirmId !== String(firmId)) throw notFound(MESSAGES.orderNotFound);
        if (handler.canOpen && !(await handler.canOpen(tx, input.orderId))) throw conflict(MESSAGES.notOpenable);
        const earlier = await repo.requestsOfOrder(tx, input.kind, input.orderId);
        if (earlier.some((r) => r.finishedAt === null)) throw conflict(MESSAGES.alreadyOpen);
        const refunded = earlier.filter((r) => r.status === 'refunded').reduce((sum, r) => sum.add(r.amount), Decimal.parse('0'));
        const left = Decimal.parse(order.amount).sub(refunded);
        let amount = Decimal.parse('0');
        if (input.type === 'return') {
          if (!left.gt('0')) throw conflict(MESSAGES.refundedInFull);
          amount = input.amount === undefined ? left : Decimal.parse(input.amount);
          if (!amount.gt('0')) throw new BadRequestError(MESSAGES.amountZero);
          if (amount.gt(left)) throw new BadRequestError(MESSAGES.amountTooHigh, { max: left.toFixed(2) });
        }
        await assertOwnPhotos(tx, auth, input.photoIds);
        const now = clock.now();
        const deadlineAt = new Date(now.getTime() + replyDays * DAY_MS);
        let created: repo.RequestRow;
        try {
          created = await repo.insertRequest(tx, {
            kind: input.kind,
            orderId: input.orderId,
            buyerFirmId: firmId,
            sellerFirmId: Number(order.sellerFirmId),
            title: order.title,
            type: input.type,
            status: 'requested',
            reason: input.reason,
            photoIds: [...new Set(input.photoIds)],
            orderAmount: order.amount,
            amount: amount.toFixed(2),
            deadlineAt,
            createdAt: now,
            updatedAt: now,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(MESSAGES.alreadyOpen);
          throw error;
        }
        await repo.insertHistory(tx, { requestId: created.id, fromStatus: '', toStatus: 'requested', actor: actorOf(auth), note: input.reason, createdAt: now });
        await scheduleTimeout(tx, created.id, deadlineAt);
        await push(tx, created);
        return created;
      });
      await deps.publisher?.flush();
      return view(row, 'buyer');
    },

    /** The caller's requests as buyer or as seller, newest first. */
    async list(auth: AuthContext, query: { side: Side; status?: AfterSaleStatus | undefined; page: number; size: number }): Promise<Page<AfterSaleRequestView>> {
      const firmId = await requireFirmRight(deps.firm, auth, 'trade.delivery');
      const { rows, total } = await repo.listRequests(db, {
        ...(query.side === 'buyer' ? { buyerFirmId: firmId } : { sellerFirmId: firmId }),
        status: query.status,
        ...pageWindow(query),
      });
      return pageOf(await Promise.all(rows.map((r) => view(r, query.side))), total, query);
    },

    async detail(auth: AuthContext, requestId: number): Promise<AfterSaleRequestView> {
      const row = await repo.requestById(db, requestId);
      return view(row!, sideOf(auth, row));
    },

    /** The latest request of an order the caller's firm bought or sold, or null. */
    async ofOrder(auth: AuthContext, kind: AfterSaleKindCode, orderId: string): Promise<AfterSaleRequestView | null> {
      const [latest] = await repo.requestsOfOrder(db, kind, orderId);
      if (!latest) return null;
      const firmId = Number(auth.firmId);
      if (latest.buyerFirmId !== firmId && latest.sellerFirmId !== firmId) return null;
      return view(latest, sideOf(auth, latest));
    },

    /** The seller accepts (the buyer ships the goods back) or refuses with a reason. */
    answer(auth: AuthContext, input: { requestId: string; accept: boolean; reason?: string | undefined }): Promise<AfterSaleRequestView> {
      if (!input.accept && !input.reason) throw new BadRequestError(MESSAGES.refuseReason);
      return step(auth, Number(input.requestId), 'seller', ['requested'], (tx, row) =>
        input.accept
          ? change(tx, row, 'accepted', actorOf(auth), input.reason ?? '')
          : change(tx, row, 'refused', actorOf(auth), input.reason!, { sellerReason: input.reason! }),
      );
    },

    /** After a refusal, the buyer asks staff to arbitrate. */
    arbitrate(auth: AuthContext, input: { requestId: string; reason: string }): Promise<AfterSaleRequestView> {
      return step(auth, Number(input.requestId), 'buyer', ['refused'], (tx, row) => change(tx, row, 'arbitrating', actorOf(auth), input.reason, { arbitrationReason: input.reason }));
    },

    /** The buyer ships the goods back: carrier and tracking number. */
    shipBack(auth: AuthContext, input: { requestId: string; carrier: string; trackingNo: string }): Promise<AfterSaleRequestView> {
      return step(auth, Number(input.requestId), 'buyer', ['accepted'], (tx, row) =>
        change(tx, row, 'returning', actorOf(auth), `${input.carrier} ${input.trackingNo}`, { returnCarrier: input.carrier, returnTrackingNo: input.trackingNo }),
      );
    },

    /** The seller received the goods back: a return is refunded by the order's module (a ledger journal); an exchange waits for the replacement. */
    confirmReturn(auth: AuthContext, input: { requestId: string }): Promise<AfterSaleRequestView> {
      return step(auth, Number(input.requestId), 'seller', ['returning'], async (tx, row) => {
        if (row.type === 'exchange') return change(tx, row, 'replacing', actorOf(auth), 'returned goods received');
        await handlerOf(row.kind).onRefund(tx, { orderId: row.orderId, requestId: String(row.id), amount: money(row.amount) });
        return change(tx, row, 'refunded', actorOf(auth), `returned goods received, ${money(row.amount)} refunded`);
      });
    },

    /** The seller ships the exchange's replacement: carrier and tracking number. */
    shipReplacement(auth: AuthContext, input: { requestId: string; carrier: string; trackingNo: string }): Promise<AfterSaleRequestView> {
      return step(auth, Number(input.requestId), 'seller', ['replacing'], async (tx, row) => {
        await handlerOf(row.kind).onExchangeShipped?.(tx, { orderId: row.orderId, requestId: String(row.id), trackingNo: input.trackingNo });
        return change(tx, row, 'replacementShipped', actorOf(auth), `${input.carrier} ${input.trackingNo}`, { replacementCarrier: input.carrier, replacementTrackingNo: input.trackingNo });
      });
    },

    /** The buyer received the replacement: the exchange is completed. */
    confirmReplacement(auth: AuthContext, input: { requestId: string }): Promise<AfterSaleRequestView> {
      return step(auth, Number(input.requestId), 'buyer', ['replacementShipped'], (tx, row) => change(tx, row, 'completed', actorOf(auth), 'replacement received'));
    },

    /** A photo of the request, to its parties (opened as the buyer's firm, which uploaded it). */
    async photo(auth: AuthContext, requestId: number, photoId: string): Promise<OpenedFile> {
      const row = await repo.requestById(db, requestId);
      if (auth.kind !== 'staff') sideOf(auth, row);
      if (!row || !row.photoIds.includes(photoId)) throw notFound(MESSAGES.noPhoto);
      const owner: AuthContext = auth.kind === 'staff' ? auth : { ...auth, firmId: String(row.buyerFirmId) };
      return deps.uploads.open(owner, photoId, 'file');
    },

    admin: {
      async list(auth: AuthContext, query: { status?: AfterSaleStatus | undefined; page: number; size: number }): Promise<Page<AfterSaleRequestView>> {
        requireStaff(auth);
        const { rows, total } = await repo.listRequests(db, { status: query.status, ...pageWindow(query) });
        return pageOf(await Promise.all(rows.map((r) => view(r, 'staff'))), total, query);
      },

      async detail(auth: AuthContext, requestId: number): Promise<AfterSaleRequestView> {
        requireStaff(auth);
        const row = await repo.requestById(db, requestId);
        if (!row) throw notFound(MESSAGES.requestNotFound);
        return view(row, 'staff');
      },

      /** Staff decide an arbitration: for the buyer it continues as accepted, for the seller it is closed. Audited. */
      async decide(auth: AuthContext, input: { requestId: string; favour: Side; reason: string }): Promise<AfterSaleRequestView> {
        requireStaff(auth);
        const row = await withTransaction(db, async (tx) => {
          const locked = await repo.requestForUpdate(tx, Number(input.requestId));
          if (!locked) throw notFound(MESSAGES.requestNotFound);
          if (locked.status !== 'arbitrating') throw conflict(MESSAGES.state);
          const to: AfterSaleStatus = input.favour === 'buyer' ? 'accepted' : 'closed';
          const updated = await change(tx, locked, to, actorOf(auth), input.reason, { decision: input.favour, decisionReason: input.reason });
          await appendAudit(tx, {
            at: clock.now(),
            actorKind: 'staff',
            actorId: auth.userId,
            action: 'aftersale.arbitrate',
            objectType: 'aftersale_request',
            objectId: String(locked.id),
            detail: { kind: locked.kind, orderId: locked.orderId, favour: input.favour, reason: input.reason },
          });
          return updated;
        });
        await deps.publisher?.flush();
        return view(row, 'staff');
      },
    },

    expire,

    /** Every open request whose deadline has passed on the trading clock. */
    async expireDue(): Promise<number> {
      let changed = 0;
      for (const id of await repo.dueRequests(db, clock.now())) if (await expire(id)) changed += 1;
      return changed;
    },
  };
}

export type AfterSaleService = ReturnType<typeof createAfterSaleService>;
