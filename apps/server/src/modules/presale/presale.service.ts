import { Decimal } from '@tp/decimal';
import type {
  Language,
  Page,
  PresalePhase,
  PresalePlacement,
  PresaleProject,
  PresaleProjectDetail,
  PresaleSubscription,
  SavePresaleProject,
  SubscribeRequest,
  SubscribeResult,
} from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { appendAudit } from '../../platform/audit/index';
import { type Db, type DbOrTx, pageWindow, withTransaction } from '../../platform/db/index';
import { BadRequestError, ConflictError, type AuthContext } from '../../platform/http/index';
import { render } from '../../platform/i18n/index';
import { InsufficientFundsError, LedgerKind, PLATFORM_OWNER, type LedgerService, type PostingInput } from '../ledger/index';
import { exchangeBook, userOwner } from '../asset/index';
import { allocateProRata, splitStages } from './allocation';
import {
  CannotTradeError,
  CurrencyNotSupportedError,
  DEAL_SUCCESS,
  InsufficientBalanceError,
  OverbuyingError,
  PRESALE_MESSAGES,
  ProjectExpiredError,
  ProjectInfoFailedError,
  ProjectNotFoundError,
  ProjectNotStartedError,
  TooFrequentError,
  TooSmallError,
} from './presale.errors';
import * as repo from './presale.repo';

/** A user's subscriptions to one project must be this far apart ("operation too frequent"). */
export const SUBSCRIBE_INTERVAL_MS = 1_000;
const DAY_MS = 86_400_000;

/** Where the pre-sale's money and tokens sit in the ledger. */
const SPOT = exchangeBook('spot');
/** Allocated tokens waiting for their unlock stage. */
export const PRESALE_LOCKED = 'presale_locked';
/** The issuer's side of the tokens handed out: a clearing account, negative by what was issued. */
const ISSUE_CLEARING = 'presale_clearing';
/** The projects' takings, held for the issuers. */
const PROCEEDS = 'presale_proceeds';

export interface PresaleServiceDeps {
  db: Db;
  /** The trading clock: the sandbox can move it to walk a project to its end and its unlocks. */
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'transfer' | 'scaleOf'>;
  /** Refuses users who may not buy (no real name, proprietary members). */
  mayBuy: (tx: DbOrTx, userId: number) => Promise<void>;
}

const plain = (value: string) => Decimal.parse(value).toString();

export function phaseOf(row: repo.ProjectRow, now: Date): PresalePhase {
  if (row.allocatedAt) return 'completed';
  if (now < row.startTime) return 'not_started';
  if (now < row.endTime) return 'in_progress';
  return 'expired';
}

function projectOf(row: repo.ProjectRow, now: Date, paymentPlaces: number): PresaleProject {
  return {
    projectId: String(row.id),
    name: row.name,
    companyName: row.companyName,
    coinName: row.coinName,
    coinType: row.coinType,
    abbreviation: row.abbreviation,
    website: row.website,
    contractAddress: row.contractAddress,
    whitePaper: row.whitePaper,
    chatGroup: row.chatGroup,
    introduction: row.introduction,
    totalIssue: plain(row.totalIssue),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    price: plain(row.price),
    amount: plain(row.amount),
    remainingAmount: plain(row.remainingAmount),
    subscribedAmount: plain(row.subscribedAmount),
    minPurchase: plain(row.minPurchase),
    maxPurchase: plain(row.maxPurchase),
    paymentCurrency: row.paymentCurrency,
    exchangeRatio: plain(row.exchangeRatio),
    lockupRule: row.lockupRule,
    unlockStages: row.unlockStages,
    allocation: row.allocation,
    feeRate: plain(row.feeRate),
    quantityPlaces: row.quantityPlaces,
    phase: phaseOf(row, now),
    saleStatus: row.saleStatus,
    allocatedAt: row.allocatedAt?.toISOString() ?? '',
    paymentPlaces,
  };
}

function checkProject(input: SavePresaleProject): void {
  if (new Date(input.endTime) <= new Date(input.startTime)) throw new BadRequestError(PRESALE_MESSAGES.window);
  const min = Decimal.parse(input.minPurchase);
  if (min.gt(input.maxPurchase) || Decimal.parse(input.maxPurchase).gt(input.amount) || Decimal.parse(input.amount).gt(input.totalIssue)) throw new BadRequestError(PRESALE_MESSAGES.limits);
  for (const value of [input.amount, input.minPurchase, input.maxPurchase]) {
    if (Decimal.parse(value).scale > input.quantityPlaces) throw new BadRequestError(PRESALE_MESSAGES.places, { places: input.quantityPlaces });
  }
  if (input.lockupRule === 'stages') {
    const total = input.unlockStages.reduce((sum, stage) => sum.add(stage.percent), Decimal.ZERO);
    if (input.unlockStages.length === 0 || !total.eq('100')) throw new BadRequestError(PRESALE_MESSAGES.stages);
  }
}

export function createPresaleService({ db, clock, ledger, mayBuy }: PresaleServiceDeps) {
  const toProject = (row: repo.ProjectRow, now: Date) => projectOf(row, now, ledger.scaleOf(row.paymentCurrency));
  /** The payment for a quantity, in the payment currency, rounded up to its smallest unit. */
  function paymentFor(project: repo.ProjectRow, quantity: string): Decimal {
    return Decimal.parse(quantity).mul(project.price).mul(project.exchangeRatio).round(ledger.scaleOf(project.paymentCurrency), 'ceil');
  }
  function feeOn(project: repo.ProjectRow, payment: Decimal): Decimal {
    return payment.mul(project.feeRate).round(ledger.scaleOf(project.paymentCurrency), 'ceil');
  }

  async function history(tx: DbOrTx, objectType: 'project' | 'subscription', id: number, from: string, to: string, actor: string, reason = '') {
    await repo.appendHistory(tx, { objectType, objectId: String(id), fromStatus: from, toStatus: to, actor, reason, createdAt: clock.now() });
  }

  /** One subscription's allocation: payment and fee to the platform, the rest back, the tokens to the user or their lock. */
  async function allocate(tx: DbOrTx, project: repo.ProjectRow, sub: repo.SubscriptionRow, winning: string, now: Date): Promise<void> {
    const owner = userOwner(sub.userId);
    const currency = project.paymentCurrency;
    const won = Decimal.parse(winning);
    const winningAmount = won.isZero() ? Decimal.ZERO : paymentFor(project, winning);
    const fee = won.isZero() ? Decimal.ZERO : feeOn(project, winningAmount);
    const refund = Decimal.parse(sub.amountPaid).sub(winningAmount).sub(fee);
    const postings: PostingInput[] = [{ account: { ...owner, currency, kind: SPOT.frozen }, amount: Decimal.parse(sub.amountPaid).neg().toString() }];
    if (winningAmount.isPositive()) postings.push({ account: { ...PLATFORM_OWNER, currency, kind: PROCEEDS }, amount: winningAmount.toString() });
    if (fee.isPositive()) postings.push({ account: { ...PLATFORM_OWNER, currency, kind: LedgerKind.feeIncome }, amount: fee.toString() });
    if (refund.isPositive()) postings.push({ account: { ...owner, currency, kind: SPOT.available }, amount: refund.toString() });
    if (won.isPositive()) {
      postings.push({ account: { ...PLATFORM_OWNER, currency: project.abbreviation, kind: ISSUE_CLEARING }, amount: won.neg().toString() });
      postings.push({ account: { ...owner, currency: project.abbreviation, kind: project.lockupRule === 'immediate' ? SPOT.available : PRESALE_LOCKED }, amount: won.toString() });
    }
    await ledger.post(tx, { idempotencyKey: `presale.settle:${sub.id}`, type: 'presale.settle', businessRef: `presale:${project.id}`, initiator: PLATFORM_OWNER, postings });

    const status = won.isPositive() ? 'successful' : 'withdrawn';
    await repo.updateSubscription(tx, sub.id, { winningQuantity: won.toString(), winningAmount: winningAmount.toString(), fee: fee.toString(), refund: refund.toString(), status, updatedAt: now });
    await history(tx, 'subscription', sub.id, 'trading', status, 'system');
    if (!won.isPositive()) return;
    if (project.lockupRule === 'immediate') {
      await repo.insertPlacements(tx, [{ subscriptionId: sub.id, userId: sub.userId, stage: 0, quantity: won.toString(), dueAt: now, releasedAt: now }]);
      return;
    }
    const parts = splitStages(won.toUnits(project.quantityPlaces), project.unlockStages.map((stage) => stage.percent));
    await repo.insertPlacements(
      tx,
      project.unlockStages.map((stage, index) => ({
        subscriptionId: sub.id,
        userId: sub.userId,
        stage: index + 1,
        quantity: Decimal.fromUnits(parts[index]!, project.quantityPlaces).toString(),
        dueAt: new Date(now.getTime() + stage.afterDays * DAY_MS),
      })),
    );
  }

  return {
    async projects(query: { page: number; size: number }): Promise<Page<PresaleProject>> {
      const now = clock.now();
      const { rows, total } = await repo.listProjects(db, { ...pageWindow(query), includeRemoved: false });
      return { content: rows.map((row) => toProject(row, now)), total, page: query.page, size: query.size };
    },

    async project(projectId: string): Promise<PresaleProjectDetail> {
      const row = await repo.findProject(db, Number(projectId));
      if (!row || row.saleStatus === 'removed') throw new ProjectInfoFailedError();
      const now = clock.now();
      return { project: toProject(row, now), serverTime: now.toISOString() };
    },

    /** A purchase: checked against the project under its row lock, the payment and fee frozen in the same transaction. */
    async subscribe(auth: AuthContext, request: SubscribeRequest, language: Language): Promise<SubscribeResult> {
      const userId = Number(auth.userId);
      const subscription = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const project = await repo.findProject(tx, Number(request.projectId), true);
        if (!project) throw new ProjectNotFoundError();
        if (project.saleStatus !== 'running') throw new CannotTradeError();
        if (now < project.startTime) throw new ProjectNotStartedError();
        if (now >= project.endTime || project.allocatedAt) throw new ProjectExpiredError();
        if (request.paymentCurrency !== project.paymentCurrency) throw new CurrencyNotSupportedError();
        const quantity = Decimal.parse(request.quantity);
        if (quantity.scale > project.quantityPlaces) throw new BadRequestError(PRESALE_MESSAGES.places, { places: project.quantityPlaces });
        if (quantity.lt(project.minPurchase)) throw new TooSmallError();
        const mine = await repo.userTotals(tx, project.id, userId);
        if (mine.lastAt && now.getTime() - mine.lastAt.getTime() < SUBSCRIBE_INTERVAL_MS) throw new TooFrequentError();
        if (quantity.add(mine.quantity).gt(project.maxPurchase)) throw new OverbuyingError();
        if (project.allocation === 'fcfs' && quantity.gt(project.remainingAmount)) throw new OverbuyingError();
        await mayBuy(tx, userId);

        const payment = paymentFor(project, request.quantity);
        const amountPaid = payment.add(feeOn(project, payment));
        const row = await repo.insertSubscription(tx, {
          projectId: project.id,
          userId,
          paymentCurrency: project.paymentCurrency,
          price: Decimal.parse(project.price).mul(project.exchangeRatio).toString(),
          quantity: quantity.toString(),
          amountPaid: amountPaid.toString(),
          status: 'trading',
          createdAt: now,
          updatedAt: now,
        });
        try {
          await ledger.transfer(tx, {
            idempotencyKey: `presale.freeze:${row.id}`,
            type: 'presale.subscribe.freeze',
            businessRef: `presale:${project.id}`,
            from: { ...userOwner(userId), currency: project.paymentCurrency, kind: SPOT.available },
            to: { ...userOwner(userId), currency: project.paymentCurrency, kind: SPOT.frozen },
            amount: amountPaid.toString(),
          });
        } catch (error) {
          if (error instanceof InsufficientFundsError) throw new InsufficientBalanceError();
          throw error;
        }
        const subscribed = quantity.add(project.subscribedAmount);
        const remaining = project.allocation === 'fcfs' ? Decimal.parse(project.remainingAmount).sub(quantity) : Decimal.parse(project.amount).sub(subscribed);
        const soldOut = project.allocation === 'fcfs' && remaining.isZero();
        await repo.updateProject(tx, project.id, {
          subscribedAmount: subscribed.toString(),
          remainingAmount: (remaining.isNegative() ? Decimal.ZERO : remaining).toString(),
          ...(soldOut ? { saleStatus: 'sold_out' as const } : {}),
          updatedAt: now,
        });
        if (soldOut) await history(tx, 'project', project.id, 'running', 'sold_out', 'system');
        await history(tx, 'subscription', row.id, '', 'trading', String(userId));
        return { row, project };
      });
      return { subscription: this.toSubscription(subscription.row, subscription.project, []), message: render(DEAL_SUCCESS, language) };
    },

    toSubscription(row: repo.SubscriptionRow, project: Pick<repo.ProjectRow, 'name' | 'abbreviation'>, placements: readonly repo.PlacementRow[]): PresaleSubscription {
      const released = placements.filter((p) => p.releasedAt).reduce((sum, p) => sum.add(p.quantity), Decimal.ZERO);
      const locked = placements.filter((p) => !p.releasedAt).reduce((sum, p) => sum.add(p.quantity), Decimal.ZERO);
      return {
        subscriptionId: String(row.id),
        projectId: String(row.projectId),
        projectName: project.name,
        abbreviation: project.abbreviation,
        paymentCurrency: row.paymentCurrency,
        price: plain(row.price),
        quantity: plain(row.quantity),
        amountPaid: plain(row.amountPaid),
        winningQuantity: plain(row.winningQuantity),
        winningAmount: plain(row.winningAmount),
        fee: plain(row.fee),
        refund: plain(row.refund),
        locked: locked.toString(),
        released: released.toString(),
        orderTime: row.createdAt.toISOString(),
        status: row.status,
      };
    },

    async subscriptions(auth: AuthContext, query: { page: number; size: number }): Promise<Page<PresaleSubscription>> {
      const { rows, total } = await repo.userSubscriptions(db, Number(auth.userId), pageWindow(query));
      const placements = await repo.placementsOf(db, rows.map((r) => r.subscription.id));
      const content = rows.map((r) => this.toSubscription(r.subscription, { name: r.projectName, abbreviation: r.abbreviation }, placements.filter((p) => p.subscriptionId === r.subscription.id)));
      return { content, total, page: query.page, size: query.size };
    },

    async placements(auth: AuthContext, query: { page: number; size: number }): Promise<Page<PresalePlacement>> {
      const { rows, total } = await repo.userPlacements(db, Number(auth.userId), pageWindow(query));
      return {
        content: rows.map(({ placement, projectName, abbreviation }) => ({
          subscriptionId: String(placement.subscriptionId),
          projectName,
          abbreviation,
          stage: placement.stage,
          quantity: plain(placement.quantity),
          dueAt: placement.dueAt.toISOString(),
          releasedAt: placement.releasedAt?.toISOString() ?? '',
        })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    /** Allocates every project that has ended; run by the scheduler. Returns how many were allocated. */
    async allocateEnded(): Promise<number> {
      let done = 0;
      for (const id of await repo.projectsToAllocate(db, clock.now())) {
        const allocated = await withTransaction(db, async (tx) => {
          const now = clock.now();
          const project = await repo.findProject(tx, id, true);
          if (!project || project.allocatedAt || project.saleStatus === 'removed' || now < project.endTime) return false;
          const subs = await repo.tradingSubscriptions(tx, id);
          const won =
            project.allocation === 'prorata'
              ? allocateProRata(
                  subs.map((s) => Decimal.parse(s.quantity).toUnits(project.quantityPlaces)),
                  Decimal.parse(project.amount).toUnits(project.quantityPlaces),
                ).map((units) => Decimal.fromUnits(units, project.quantityPlaces).toString())
              : subs.map((s) => s.quantity);
          for (const [index, sub] of subs.entries()) await allocate(tx, project, sub, won[index]!, now);
          await repo.updateProject(tx, id, { allocatedAt: now, updatedAt: now });
          await history(tx, 'project', id, 'expired', 'completed', 'system', `${subs.length} subscriptions`);
          return true;
        });
        if (allocated) done += 1;
      }
      return done;
    },

    /** Releases every unlock stage that is due, one journal each; run by the scheduler. Returns how many were released. */
    async releaseDue(): Promise<number> {
      let released = 0;
      for (const id of await repo.dueUnlocks(db, clock.now())) {
        const done = await withTransaction(db, async (tx) => {
          const placement = await repo.lockPlacement(tx, id);
          if (!placement || placement.releasedAt) return false;
          const owner = userOwner(placement.userId);
          const sub = await repo.tokenOf(tx, placement.subscriptionId);
          if (!sub) return false;
          await ledger.transfer(tx, {
            idempotencyKey: `presale.unlock:${placement.id}`,
            type: 'presale.unlock',
            businessRef: `presale:${sub.projectId}`,
            initiator: PLATFORM_OWNER,
            from: { ...owner, currency: sub.abbreviation, kind: PRESALE_LOCKED },
            to: { ...owner, currency: sub.abbreviation, kind: SPOT.available },
            amount: placement.quantity,
          });
          await repo.markReleased(tx, placement.id, clock.now());
          return true;
        });
        if (done) released += 1;
      }
      return released;
    },

    async adminProjects(query: { page: number; size: number }): Promise<Page<PresaleProject>> {
      const now = clock.now();
      const { rows, total } = await repo.listProjects(db, { ...pageWindow(query), includeRemoved: true });
      return { content: rows.map((row) => toProject(row, now)), total, page: query.page, size: query.size };
    },

    /** Creates a project, or changes one that has not started and has no subscription; audited. */
    async save(staff: AuthContext, input: SavePresaleProject): Promise<PresaleProject> {
      checkProject(input);
      const { projectId, startTime, endTime, ...fields } = input;
      return withTransaction(db, async (tx) => {
        const now = clock.now();
        const values = { ...fields, startTime: new Date(startTime), endTime: new Date(endTime), unlockStages: input.lockupRule === 'stages' ? input.unlockStages : [], updatedAt: now };
        let row: repo.ProjectRow | undefined;
        if (projectId) {
          const existing = await repo.findProject(tx, Number(projectId), true);
          if (!existing) throw new ProjectNotFoundError();
          if (now >= existing.startTime || !Decimal.parse(existing.subscribedAmount).isZero()) throw new ConflictError(PRESALE_MESSAGES.started);
          row = await repo.updateProject(tx, existing.id, { ...values, remainingAmount: fields.amount });
        } else {
          row = await repo.insertProject(tx, { ...values, remainingAmount: fields.amount, subscribedAmount: '0', saleStatus: 'running', createdBy: staff.userId, createdAt: now });
          await history(tx, 'project', row.id, '', 'running', staff.userId);
        }
        if (!row) throw new ProjectNotFoundError();
        await appendAudit(tx, {
          at: now,
          actorKind: 'staff',
          actorId: staff.userId,
          action: projectId ? 'presale.project.update' : 'presale.project.create',
          objectType: 'presale_project',
          objectId: String(row.id),
          detail: { name: row.name, amount: row.amount, price: row.price, allocation: row.allocation },
        });
        return toProject(row, now);
      });
    },

    /** Takes a project off sale before its allocation: every subscription is refunded in full; audited. */
    async remove(staff: AuthContext, projectId: string, reason: string): Promise<PresaleProject> {
      return withTransaction(db, async (tx) => {
        const now = clock.now();
        const project = await repo.findProject(tx, Number(projectId), true);
        if (!project) throw new ProjectNotFoundError();
        if (project.allocatedAt) throw new ConflictError(PRESALE_MESSAGES.allocated);
        if (project.saleStatus === 'removed') return toProject(project, now);
        for (const sub of await repo.tradingSubscriptions(tx, project.id)) {
          const owner = userOwner(sub.userId);
          await ledger.transfer(tx, {
            idempotencyKey: `presale.refund:${sub.id}`,
            type: 'presale.refund',
            businessRef: `presale:${project.id}`,
            initiator: PLATFORM_OWNER,
            from: { ...owner, currency: sub.paymentCurrency, kind: SPOT.frozen },
            to: { ...owner, currency: sub.paymentCurrency, kind: SPOT.available },
            amount: sub.amountPaid,
          });
          await repo.updateSubscription(tx, sub.id, { status: 'withdrawn', refund: sub.amountPaid, updatedAt: now });
          await history(tx, 'subscription', sub.id, 'trading', 'withdrawn', staff.userId, reason);
        }
        const row = await repo.updateProject(tx, project.id, { saleStatus: 'removed', updatedAt: now });
        await history(tx, 'project', project.id, project.saleStatus, 'removed', staff.userId, reason);
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: staff.userId, action: 'presale.project.remove', objectType: 'presale_project', objectId: projectId, detail: { reason } });
        return toProject(row ?? project, now);
      });
    },
  };
}

export type PresaleService = ReturnType<typeof createPresaleService>;
