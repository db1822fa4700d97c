import {
  INTEGRAL_CURRENCY,
  IntegralReason,
  IntegralRuleKey,
  RewardApplicationStatus,
  type IntegralHistoryEntry,
  type IntegralHistoryRequest,
  type IntegralRule,
  type IntegralSummary,
  type Page,
  type RewardApplication,
  type RewardApplicationListRequest,
  type RewardDecisionRequest,
  type SaveIntegralRule,
  type SignInResult,
} from '@tp/contract';
import { appendAudit } from '../../platform/audit/index';
import { pageOf, pageWindow, withTransaction, type DbOrTx } from '../../platform/db/index';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { shanghaiDay, shanghaiDayStart } from '../../platform/time';
import { APPLICATION_STATUS_NAMES, ACTIONS, MESSAGES, stateMessage } from './integral.errors';
import type { IntegralContext } from './context';
import { INTEGRAL_BOOK, firmPoints } from './points';
import * as repo from './integral.repo';

const firmOf = (auth: AuthContext): number => {
  if (auth.kind !== 'user' || !auth.firmId) throw new ForbiddenError();
  return Number(auth.firmId);
};

/** How points are earned (rules, sign-in, events, reward applications), read (balance, history) and expire. */
export function createEarning(ctx: IntegralContext) {
  const { db, clock, points, ledger } = ctx;

  /** One award for one source event, in the caller's transaction; the same source awards nothing twice. */
  async function award(tx: DbOrTx, key: IntegralRuleKey, firmId: number, sourceRef: string, amount?: string): Promise<number> {
    const earned = await points.pointsFor(tx, key, amount);
    return points.credit(tx, { firmId, reason: key, sourceRef, points: earned });
  }

  async function toApplications(rows: repo.ApplicationRow[]): Promise<RewardApplication[]> {
    const firms = await ctx.firm.getFirms(rows.map((r) => String(r.firmId)));
    return rows.map((r) => ({
      applicationId: String(r.id),
      firmName: firms.get(String(r.firmId))?.name ?? '',
      reason: r.reason,
      status: r.status,
      points: r.points,
      decisionReason: r.decisionReason,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? '',
    }));
  }

  return {
    award,

    /** A completed pick rewards both parties on its amount (per 1,000 yuan); one after the other, as they share the transaction. */
    async awardTrade(tx: DbOrTx, input: { pickId: string; buyerFirmId: string; sellerFirmId: string; amount: string }): Promise<void> {
      await award(tx, IntegralRuleKey.trade, Number(input.buyerFirmId), `pick:${input.pickId}`, input.amount);
      await award(tx, IntegralRuleKey.trade, Number(input.sellerFirmId), `pick:${input.pickId}`, input.amount);
    },
    /** Only a firm's first stock-in earns: the source is the firm itself. */
    awardFirstWarehousing: (tx: DbOrTx, firmId: string) => award(tx, IntegralRuleKey.firstWarehousing, Number(firmId), `firm:${firmId}`),
    awardMallPurchase: (tx: DbOrTx, input: { orderId: string; buyerFirmId: string; amount: string }) =>
      award(tx, IntegralRuleKey.mallPurchase, Number(input.buyerFirmId), `mall:${input.orderId}`, input.amount),

    async summary(auth: AuthContext): Promise<IntegralSummary> {
      const firmId = firmOf(auth);
      const [balance, signedInToday, rules] = await Promise.all([points.balanceOf(db, firmId), repo.signedIn(db, Number(auth.userId), shanghaiDay(clock.now())), points.rules()]);
      return { balance: String(balance), signedInToday, rules };
    },

    /** The firm's points journal lines, newest first, each with the reason it moved. */
    async history(auth: AuthContext, query: IntegralHistoryRequest): Promise<Page<IntegralHistoryEntry>> {
      const firmId = firmOf(auth);
      const page = await ledger.accountFlow(db, { ownerType: 'firm', ownerId: String(firmId) }, { kind: 'available', book: INTEGRAL_BOOK, currency: INTEGRAL_CURRENCY, page: query.page, size: query.size });
      return {
        ...page,
        content: page.content.map((e) => ({
          id: e.id,
          reason: (IntegralReason as readonly string[]).includes(e.description) ? (e.description as IntegralReason) : IntegralReason.trade,
          points: e.amount,
          balanceAfter: e.balanceAfter,
          businessRef: e.businessRef,
          createdAt: e.createdAt,
        })),
      };
    },

    /** Once per user and Shanghai day: the unique sign-in row decides between concurrent clicks. */
    async signIn(auth: AuthContext): Promise<SignInResult> {
      const firmId = firmOf(auth);
      const userId = Number(auth.userId);
      return withTransaction(db, async (tx) => {
        const earned = await points.pointsFor(tx, IntegralRuleKey.signIn);
        if (earned <= 0) throw new ConflictError(MESSAGES.signInClosed);
        const now = clock.now();
        const day = shanghaiDay(now);
        const id = await repo.claimSignIn(tx, { userId, firmId, day, points: earned, createdAt: now });
        if (id === undefined) throw new ConflictError(MESSAGES.signedIn);
        await points.credit(tx, { firmId, reason: IntegralReason.signIn, sourceRef: `${userId}:${day}`, points: earned });
        return { points: earned, balance: String(await points.balanceOf(tx, firmId)) };
      });
    },

    async apply(auth: AuthContext, reason: string): Promise<RewardApplication> {
      const firmId = await ctx.allow(auth);
      const row = await withTransaction(db, async (tx) => {
        await repo.lockFirmPoints(tx, firmId);
        const pending = await repo.listApplications(tx, { firmId, status: RewardApplicationStatus.pending, offset: 0, limit: 1 });
        if (pending.total > 0) throw new ConflictError(MESSAGES.pendingApplication);
        const now = clock.now();
        const inserted = await repo.insertApplication(tx, { firmId, userId: Number(auth.userId), reason, status: RewardApplicationStatus.pending, createdAt: now, updatedAt: now });
        await ctx.history(tx, 'application', inserted.id, '', RewardApplicationStatus.pending, `user:${auth.userId}`, reason);
        return inserted;
      });
      return (await toApplications([row]))[0]!;
    },

    async applications(auth: AuthContext, query: RewardApplicationListRequest): Promise<Page<RewardApplication>> {
      const firmId = await ctx.allow(auth);
      const { rows, total } = await repo.listApplications(db, { firmId, status: query.status, ...pageWindow(query) });
      return pageOf(await toApplications(rows), total, query);
    },

    async adminApplications(query: RewardApplicationListRequest): Promise<Page<RewardApplication>> {
      const { rows, total } = await repo.listApplications(db, { status: query.status, ...pageWindow(query) });
      return pageOf(await toApplications(rows), total, query);
    },

    /** Staff approve (the points are awarded in the same transaction) or reject with the reason the firm reads. */
    async decide(auth: AuthContext, input: RewardDecisionRequest): Promise<RewardApplication> {
      if (input.approve && !input.points) throw new BadRequestError(MESSAGES.pointsRequired);
      if (!input.approve && !input.reason) throw new BadRequestError(MESSAGES.reasonRequired);
      const id = Number(input.applicationId);
      await withTransaction(db, async (tx) => {
        const row = await repo.applicationById(tx, id, true);
        if (!row) throw new NotFoundError(MESSAGES.applicationNotFound);
        if (row.status !== RewardApplicationStatus.pending) throw new ConflictError(stateMessage(APPLICATION_STATUS_NAMES, row.status, ACTIONS.decide));
        const now = clock.now();
        const to = input.approve ? RewardApplicationStatus.approved : RewardApplicationStatus.rejected;
        const awarded = input.approve ? (input.points ?? 0) : 0;
        if (awarded > 0) await points.credit(tx, { firmId: row.firmId, reason: IntegralReason.application, sourceRef: `application:${row.id}`, points: awarded });
        await repo.updateApplication(tx, row.id, { status: to, points: awarded, decisionReason: input.reason, decidedBy: auth.userId, decidedAt: now, updatedAt: now });
        await ctx.history(tx, 'application', row.id, row.status, to, `staff:${auth.userId}`, input.reason);
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: input.approve ? 'integral.application.approve' : 'integral.application.reject', objectType: 'integral_application', objectId: String(row.id), detail: { points: awarded, reason: input.reason } });
      });
      const row = await repo.applicationById(db, id);
      return (await toApplications([row!]))[0]!;
    },

    rules: () => points.rules(),

    async saveRule(auth: AuthContext, input: SaveIntegralRule): Promise<IntegralRule[]> {
      await withTransaction(db, async (tx) => {
        const now = clock.now();
        const before = await points.ruleOf(tx, input.key);
        await repo.upsertRule(tx, { key: input.key, points: input.points, enabled: input.enabled, updatedBy: auth.userId, updatedAt: now });
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'integral.rule.save', objectType: 'integral_rule', objectId: input.key, detail: { before, after: { points: input.points, enabled: input.enabled } } });
      });
      return points.rules();
    },

    /**
     * Year-end expiry. Points are spent oldest first (FIFO), so what a firm still holds is what was
     * credited most recently: at the first run in a new year, whatever the firm holds beyond the
     * points credited since 1 January (Asia/Shanghai) was earned (or refunded) in an earlier year
     * and is unspent, and it expires in one journal. Points of years before that already expired at
     * their own year end. One expiry per firm and year, however often and wherever the job runs.
     */
    async expireYearEnd(): Promise<number> {
      const now = clock.now();
      const year = Number(shanghaiDay(now).slice(0, 4));
      const yearStart = shanghaiDayStart(`${year}-01-01`);
      let expired = 0;
      for (const firmId of await repo.firmsToExpire(db, year - 1, yearStart)) {
        expired += await withTransaction(db, async (tx) => {
          await repo.lockFirmPoints(tx, firmId);
          const held = await points.balanceOf(tx, firmId);
          const recent = await repo.creditedSince(tx, firmId, yearStart);
          const stale = Math.max(0, held - recent);
          if (!(await repo.claimExpiry(tx, { firmId, year: year - 1, points: stale, createdAt: now }))) return 0;
          if (stale === 0) return 0;
          await points.debit(tx, { firmId, reason: IntegralReason.expire, key: `integral.expire:${firmId}:${year - 1}`, sourceRef: String(year - 1), points: stale });
          return stale;
        });
      }
      return expired;
    },

    /** The firm's integral account, for tests and checks. */
    account: (firmId: number) => ledger.account(db, firmPoints(firmId)),
  };
}

export type Earning = ReturnType<typeof createEarning>;
