import type { OtcAdminAppealDetail, OtcAdminAppealRow, OtcAdminDecisionRequest, OtcAppealStatus, Page } from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { ConflictError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';
import type { OpenedFile } from '../../platform/uploads/index';
import type { OtcEscrow } from './escrow';
import { NO_SUCH_ORDER, type OtcContext } from './otc.context';
import type { OtcOrders } from './orders';
import * as repo from './otc.repo';

const NOT_OPEN = text('该申诉已处理或已撤销', 'This appeal has already been decided or revoked', '該申訴已處理或已撤銷');
const VERDICT_GIVEN = text('客服已给出处理意见，等待仲裁执行', 'Customer service has given its verdict; it waits for the ombudsman', '客服已給出處理意見，等待仲裁執行');

/**
 * Appeals in the back office. Customer service records a verdict (complaint passed or rejected,
 * with the action it calls for); the ombudsman executes the forced release or cancellation, which
 * completes the appeal. The ombudsman may also decide a waiting appeal directly. Both sides read
 * the reason; every step is audited.
 */
export function createOtcAppeals(ctx: OtcContext, orders: OtcOrders, escrow: OtcEscrow) {
  const { db, clock, deps } = ctx;

  /** Passed when the action is what the appellant asked for: a buyer wants the coins, a seller wants them back. */
  const outcome = (order: repo.OrderRow, action: 'release' | 'cancel'): OtcAppealStatus =>
    (order.appealBy === 'buyer') === (action === 'release') ? 'passed' : 'rejected';

  async function rows(list: repo.OrderRow[]): Promise<OtcAdminAppealRow[]> {
    const ids = list.flatMap((row) => [row.buyerUserId, row.sellerUserId]);
    const [names, accounts] = await Promise.all([ctx.nicknamesOf(ids), deps.users.accountsOf([...new Set(ids)])]);
    return list.map((row) => ({ ...orders.baseOrder(row, names), buyerAccount: accounts.get(row.buyerUserId) ?? '', sellerAccount: accounts.get(row.sellerUserId) ?? '' }));
  }

  async function audit(tx: DbOrTx, staff: AuthContext, action: string, order: repo.OrderRow, detail: Record<string, unknown>): Promise<void> {
    await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: staff.userId, action, objectType: 'otc_order', objectId: String(order.id), detail: { orderNo: order.orderNo, ...detail } });
  }

  return {
    async list(query: { appealStatus?: OtcAppealStatus | undefined; page: number; size: number }): Promise<Page<OtcAdminAppealRow>> {
      const { rows: list, total } = await repo.appealOrders(db, { appealStatus: query.appealStatus, ...pageWindow(query) });
      return pageOf(await rows(list), total, query);
    },

    /** The order, its chat and the seller's payment details, for staff deciding an appeal. */
    async detail(staff: AuthContext, orderId: number): Promise<OtcAdminAppealDetail> {
      const order = await repo.findOrder(db, orderId);
      if (!order || order.appealStatus === 'none') throw new NotFoundError(NO_SUCH_ORDER);
      const [row] = await rows([order]);
      return { order: row!, messages: await orders.chatOf(order, staff), payment: orders.paymentOf(order, await repo.findProfile(db, order.sellerUserId)) };
    },

    /** Customer service: complaint passed or rejected, with the action it calls for; no money moves yet. */
    async verdict(staff: AuthContext, decision: OtcAdminDecisionRequest): Promise<OtcAdminAppealDetail> {
      await withTransaction(db, async (tx) => {
        const { order } = await escrow.lockOrder(tx, Number(decision.orderId));
        if (order.status !== 'appeal' || order.appealStatus !== 'waiting') throw new ConflictError(NOT_OPEN);
        const status = outcome(order, decision.action);
        const updated = await repo.updateOrder(tx, order.id, {
          appealStatus: status,
          appealDecision: decision.action,
          appealDecisionReason: decision.reason,
          appealDecidedBy: `staff:${staff.userId}`,
          updatedAt: clock.now(),
        });
        await ctx.notify(tx, updated, 'appealVerdict');
        await audit(tx, staff, 'otc.appeal.verdict', order, { action: decision.action, outcome: status, reason: decision.reason });
      });
      await deps.publisher.flush();
      return this.detail(staff, Number(decision.orderId));
    },

    /** Ombudsman: the forced release (coins to the buyer) or cancellation (back to the seller); the appeal completes. */
    async execute(staff: AuthContext, decision: OtcAdminDecisionRequest): Promise<OtcAdminAppealDetail> {
      await withTransaction(db, async (tx) => {
        const { order, ad } = await escrow.lockOrder(tx, Number(decision.orderId));
        if (order.status !== 'appeal' || !['waiting', 'passed', 'rejected'].includes(order.appealStatus)) throw new ConflictError(NOT_OPEN);
        if (order.appealStatus !== 'waiting' && order.appealDecision !== decision.action) throw new ConflictError(VERDICT_GIVEN);
        const actor = `staff:${staff.userId}`;
        const closed =
          decision.action === 'release' ? await escrow.complete(tx, order, actor, decision.reason) : await escrow.close(tx, order, ad, 'cancelled', actor, decision.reason);
        const updated = await repo.updateOrder(tx, closed.id, {
          appealStatus: 'completed',
          appealDecision: decision.action,
          appealDecisionReason: decision.reason,
          appealDecidedBy: actor,
          updatedAt: clock.now(),
        });
        await ctx.notify(tx, updated, decision.action === 'release' ? 'forcedRelease' : 'forcedCancel');
        await audit(tx, staff, decision.action === 'release' ? 'otc.appeal.force-release' : 'otc.appeal.force-cancel', order, {
          outcome: order.appealStatus === 'waiting' ? outcome(order, decision.action) : order.appealStatus,
          reason: decision.reason,
          volume: order.volume,
          coin: order.coin,
        });
      });
      await deps.publisher.flush();
      return this.detail(staff, Number(decision.orderId));
    },

    /** Any fiat picture (evidence, proofs, chat, QR codes, merchant documents) to staff who handle fiat trading. */
    async image(staff: AuthContext, imageId: string): Promise<OpenedFile> {
      return ctx.openImage(imageId, staff);
    },
  };
}

export type OtcAppeals = ReturnType<typeof createOtcAppeals>;
