import { Decimal, toChineseUppercase } from '@tp/decimal';
import type { AdminLoanListRequest, ManualPaybackRequest, PledgeListRequest, PledgeQuoteRequest, SaveFunderRequest, SavePledgeProductRequest } from '@tp/contract';
import {
  FinanceStatus,
  JournalType,
  PledgeStatus,
  RepaymentStatus,
  WsTopic,
  type FinancialWarehouse,
  type Funder,
  type Page,
  type PledgeApplyRequest,
  type PledgeBill,
  type PledgeDetail,
  type PledgeDisposeRequest,
  type PledgeFinance,
  type PledgeNotice,
  type PledgeProduct,
  type PledgeRepayment,
} from '@tp/contract';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock';
import { pageOf, pageWindow, withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { appendAudit } from '../../platform/audit/index';
import { appendEvent } from '../../platform/events/index';
import { ForbiddenError, requireStaff, type AuthContext } from '../../platform/http/index';
import { DAY_MS, shanghaiDay } from '../../platform/time';
import { loadCommodityTypes } from '../catalog/index';
import type { SigningKey } from '../contract/index';
import type { PledgedGoods } from '../listing/index';
import { requireFirmRight, type FirmService } from '../firm/index';
import { firmFund, type LedgerService, type PostingInput } from '../ledger/index';
import type { WarehouseService } from '../warehouse/index';
import { renderPledgeContract, signDocument } from './pledge.contract';
import { MESSAGES, badRequest, conflict, notFound } from './pledge.errors';
import { addDays, allocate } from './pledge.interest';
import * as repo from './pledge.repo';
import { pendingDays, toBillDay, toFinance, toNotice, toProduct, toRepayment, type Names } from './pledge.views';

export const PledgeJobs = { daily: 'pledge.daily' } as const;
export const PledgeEvents = { marginCall: 'pledge.marginCall' } as const;

export interface PledgeServiceDeps {
  db: Db;
  /** Trading time: the sandbox clock moves loans through their days. */
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight' | 'getFirms'>;
  warehouse: Pick<WarehouseService, 'freezeHolding' | 'releaseHolding' | 'moveFrozen' | 'holdings'>;
  /** A firm's credit code once its enterprise certification is approved: only such firms may lend. */
  certifiedRegisterNo(firmId: number): Promise<string | undefined>;
  signingKey: SigningKey;
}

type ListQuery = z.output<typeof PledgeListRequest>;
type AdminListQuery = z.output<typeof AdminLoanListRequest>;
type PaybackInput = z.output<typeof ManualPaybackRequest>;
type QuoteInput = z.output<typeof PledgeQuoteRequest>;
type FunderInput = z.output<typeof SaveFunderRequest>;
type ProductInput = z.output<typeof SavePledgeProductRequest>;

/** The three codes together, as history rows record them: `pledge/finance/repayment`. */
const stateOf = (r: Pick<repo.FinanceRow, 'pledgeStatus' | 'financeStatus' | 'repaymentStatus'>) => `${r.pledgeStatus}/${r.financeStatus}/${r.repaymentStatus}`;
const RUNNING: readonly FinanceStatus[] = [FinanceStatus.financing, FinanceStatus.overdue];
const actorOf = (auth: AuthContext) => `${auth.kind}:${auth.userId}`;
const SYSTEM_ACTOR = 'system:pledge';

/**
 * Pledge financing: the borrower's flow (apply, accept or decline, repay), the funder's (quote,
 * reject, take the collateral of an overdue loan), the warehouse's confirmation, staff set-up, and
 * the daily job (interest, overdue, margin calls). Every change of a loan is one transaction with
 * the loan row locked first, then the holding, then the ledger accounts.
 */
export function createPledgeService(deps: PledgeServiceDeps) {
  const { db, clock, ledger, warehouse } = deps;
  const today = () => shanghaiDay(clock.now());

  async function names(rows: repo.FinanceRow[]): Promise<Names> {
    const funders = new Map((await repo.funders(db)).map((f) => [f.id, f.name]));
    const firms = await deps.firm.getFirms([...new Set(rows.map((r) => String(r.firmId)))]);
    return { funders, firms: new Map([...firms].map(([id, f]) => [id, f.name])) };
  }

  async function views(rows: repo.FinanceRow[]): Promise<PledgeFinance[]> {
    const n = await names(rows);
    const day = today();
    return rows.map((r) => toFinance(r, n, day));
  }

  const view = async (row: repo.FinanceRow) => (await views([row]))[0]!;

  async function history(tx: DbOrTx, before: repo.FinanceRow, after: Partial<repo.FinanceRow>, actor: string, reason = '', journalId: string | null = null) {
    await repo.insertHistory(tx, { financeId: before.id, fromStatus: stateOf(before), toStatus: stateOf({ ...before, ...after }), actor, reason, journalId, createdAt: clock.now() });
  }

  /** Moves the loan to new states (and fields), with its history row. */
  async function change(tx: DbOrTx, row: repo.FinanceRow, set: Partial<repo.FinanceInsert>, actor: string, reason = '', journalId: string | null = null): Promise<repo.FinanceRow> {
    const next = { ...row, ...set, updatedAt: clock.now() } as repo.FinanceRow;
    await repo.updateFinance(tx, row.id, { ...set, updatedAt: next.updatedAt });
    await history(tx, row, next, actor, reason, journalId);
    return next;
  }

  async function post(tx: DbOrTx, type: JournalType, key: string, ref: number, postings: PostingInput[]): Promise<string> {
    return (await ledger.post(tx, { idempotencyKey: key, type, businessRef: String(ref), postings })).id;
  }

  /** From one firm's available funds to another's: one balanced journal. */
  const transfer = (fromFirmId: number, toFirmId: number, amount: Decimal): PostingInput[] => [
    { account: firmFund(fromFirmId), amount: amount.neg().toString() },
    { account: firmFund(toFirmId), amount: amount.toString() },
  ];

  /** The caller's funder, when its firm is an active funder and the caller holds the pledge right. */
  async function funderOf(auth: AuthContext): Promise<repo.FunderRow> {
    const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
    const funder = await repo.funderOfFirm(db, firmId);
    if (!funder || !funder.active) throw new ForbiddenError(MESSAGES.notFunder);
    return funder;
  }

  /** Ends an application: rejected (`finance 2`) with its reason, the goods released. */
  async function rejectLocked(tx: DbOrTx, row: repo.FinanceRow, reason: string, actor: string) {
    if (row.holdId !== null) await warehouse.releaseHolding(tx, { holdId: row.holdId, actor });
    return change(tx, row, { financeStatus: FinanceStatus.rejected, reason }, actor, reason);
  }

  /** Writes the bill days up to today onto the loan (idempotent per day), so money moves on today's figures. */
  async function accrueLocked(tx: DbOrTx, row: repo.FinanceRow): Promise<repo.FinanceRow> {
    const days = pendingDays(row, today());
    if (days.length === 0) return row;
    await repo.insertBillDays(
      tx,
      days.map((d) => ({ financeId: row.id, day: d.day, principal: d.principal.toString(), interest: d.interest.toString(), penalty: d.penalty.toString(), createdAt: clock.now() })),
    );
    const set = {
      interest: days.reduce((s, d) => s.add(d.interest), Decimal.parse(row.interest)).toString(),
      penalty: days.reduce((s, d) => s.add(d.penalty), Decimal.parse(row.penalty)).toString(),
      accruedThrough: days[days.length - 1]!.day,
      updatedAt: clock.now(),
    };
    await repo.updateFinance(tx, row.id, set);
    return { ...row, ...set };
  }

  const owedOf = (row: repo.FinanceRow) => ({ penalty: Decimal.parse(row.penalty), interest: Decimal.parse(row.interest), principal: Decimal.parse(row.principal) });
  const totalOf = (o: ReturnType<typeof owedOf>) => o.penalty.add(o.interest).add(o.principal);

  /** Locks a loan of the borrower's firm, or refuses as not found. */
  async function borrowerLoan(tx: DbOrTx, firmId: number, financeId: number) {
    const row = await repo.financeForUpdate(tx, financeId, { firmId });
    if (!row) throw notFound(MESSAGES.financeNotFound);
    return row;
  }

  async function funderLoan(tx: DbOrTx, funderId: number, financeId: number) {
    const row = await repo.financeForUpdate(tx, financeId, { funderId });
    if (!row) throw notFound(MESSAGES.financeNotFound);
    return row;
  }

  /** A loan either party may read: the borrower's firm, or the funder's. */
  async function partyLoan(auth: AuthContext, financeId: number): Promise<repo.FinanceRow> {
    const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
    const row = await repo.financeById(db, financeId);
    const funder = await repo.funderOfFirm(db, firmId);
    if (!row || (row.firmId !== firmId && row.funderId !== funder?.id)) throw notFound(MESSAGES.financeNotFound);
    return row;
  }

  function assertState(row: repo.FinanceRow, pledge: readonly PledgeStatus[] | null, finance: readonly FinanceStatus[]) {
    if ((pledge && !pledge.includes(row.pledgeStatus)) || !finance.includes(row.financeStatus)) throw conflict(MESSAGES.state);
  }

  async function commodityNames(): Promise<Map<string, { id: string; name: string; weightUnit: string }>> {
    return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, { id: t.commodityTypeId, name: t.name, weightUnit: t.weightUnit }]));
  }

  async function billOf(row: repo.FinanceRow): Promise<PledgeBill> {
    const written = await repo.billDays(db, row.id);
    const days = [...written.map(toBillDay), ...pendingDays(row, today()).map(toBillDay)];
    const totalInterest = days.reduce((s, d) => s.add(d.interest), Decimal.ZERO);
    const totalPenalty = days.reduce((s, d) => s.add(d.penalty), Decimal.ZERO);
    return {
      finance: await view(row),
      days,
      repayments: (await repo.repayments(db, [row.id])).map(toRepayment),
      totalInterest: totalInterest.toFixed(2),
      totalInterestUppercase: toChineseUppercase(totalInterest),
      totalPenalty: totalPenalty.toFixed(2),
    };
  }

  /** Overdue after the due day and the funder's grace days, or when a margin call's deadline passed unanswered. */
  async function overdueCheck(tx: DbOrTx, row: repo.FinanceRow): Promise<repo.FinanceRow> {
    if (row.financeStatus !== FinanceStatus.financing || !row.dueDay) return row;
    const funder = await repo.funderById(tx, row.funderId);
    const lateDay = addDays(row.dueDay, funder?.graceDays ?? 0);
    const reason = today() > lateDay ? `unpaid after ${lateDay}` : row.marginCallDeadline && clock.now() > row.marginCallDeadline ? 'margin call not answered' : null;
    if (reason === null) return row;
    const next = await change(tx, row, { financeStatus: FinanceStatus.overdue }, SYSTEM_ACTOR, reason);
    await notify(tx, next, 'overdue', Decimal.parse(row.principal).add(row.interest).add(row.penalty), Decimal.ZERO, row.marginCallDeadline);
    return next;
  }

  /** A margin call when the principal exceeds the maintenance ratio of the goods' current reference value; lifted when it no longer does. */
  async function marginCheck(tx: DbOrTx, row: repo.FinanceRow): Promise<repo.FinanceRow> {
    if (row.financeStatus !== FinanceStatus.financing) return row;
    const product = await repo.productById(tx, row.productId);
    if (!product) return row;
    const limit = Decimal.parse(product.referencePrice).mul(row.weight).mul(row.maintenanceRatio).truncate(2);
    const short = Decimal.parse(row.principal).gt(limit);
    if (short && !row.marginCallDeadline) {
      const deadline = new Date(clock.now().getTime() + product.marginCallDays * DAY_MS);
      const next = await change(tx, row, { marginCallDeadline: deadline }, SYSTEM_ACTOR, `margin call: principal above ${limit.toFixed(2)}`);
      // The notice stays in the firm's notice list; the push tells a signed-in user at once.
      const notice = await notify(tx, next, 'marginCall', Decimal.parse(row.principal).sub(limit), limit, deadline);
      await appendEvent(tx, {
        type: PledgeEvents.marginCall,
        topic: WsTopic.firm(String(row.firmId)),
        push: 'checkList',
        payload: { ...notice, kind: 'pledge.marginCall' },
      });
      return next;
    }
    if (!short && row.marginCallDeadline) {
      const next = await change(tx, row, { marginCallDeadline: null }, SYSTEM_ACTOR, 'margin call lifted');
      await notify(tx, next, 'marginCallLifted', Decimal.ZERO, limit, null);
      return next;
    }
    return row;
  }

  /** A notice in the borrower firm's list: what to repay (or the debt now due) and by when. */
  async function notify(tx: DbOrTx, row: repo.FinanceRow, kind: PledgeNotice['kind'], amount: Decimal, limit: Decimal, deadline: Date | null): Promise<PledgeNotice> {
    const created = await repo.insertNotice(tx, {
      firmId: row.firmId,
      financeId: row.id,
      kind,
      amount: amount.toString(),
      principal: row.principal,
      limit: limit.toString(),
      deadline,
      createdAt: clock.now(),
    });
    return toNotice(created);
  }

  /**
   * Keeps `keep` of the pledged part frozen (nothing when zero) and gives the rest back to the
   * borrower's held stock; returns the loan's new goods figures.
   */
  async function keepPledged(tx: DbOrTx, row: repo.FinanceRow, keep: Decimal, actor: string): Promise<Partial<repo.FinanceInsert>> {
    if (row.holdId === null) return {};
    const quantity = Decimal.parse(row.quantity);
    if (keep.eq(quantity)) return {};
    if (keep.isPositive()) return releasePart(tx, row, quantity.sub(keep), actor);
    await warehouse.releaseHolding(tx, { holdId: row.holdId, actor });
    return { holdId: null, quantity: '0', weight: '0' };
  }

  /** Re-cuts the pledged part so it keeps `keep` of its quantity; the rest goes back to the borrower's held stock. */
  async function releasePart(tx: DbOrTx, row: repo.FinanceRow, release: Decimal, actor: string): Promise<Partial<repo.FinanceInsert>> {
    const quantity = Decimal.parse(row.quantity);
    const weight = Decimal.parse(row.weight);
    const keep = quantity.sub(release);
    const keepWeight = weight.mul(keep).div(quantity, 3, 'truncate');
    const held = await warehouse.releaseHolding(tx, { holdId: row.holdId!, actor });
    const part = await warehouse.freezeHolding(tx, { firmId: row.firmId, holdId: held.id, quantity: keep.toString(), weight: keepWeight.toString(), actor });
    return { holdId: part.id, quantity: part.quantity, weight: part.weight };
  }

  /**
   * Selling while pledged. The funder consents through the price: a listing of pledged goods is
   * accepted only while the loan is financing (`1`, not overdue, when the funder's own remedy is to
   * take the goods) and only when its proceeds after the platform's fee repay at least the share of
   * today's debt those goods secure: net proceeds × pledged goods not yet listed ≥ debt × listed
   * quantity. So every sale repays the funder first at least pro rata, and the goods left in pledge
   * keep securing the rest at the ratio the funder lent at; listing all of them needs the whole debt.
   * The goods stay in the loan's pledged part until the buyer pays; only then do they leave the pledge.
   */
  const pledgedGoods: PledgedGoods = {
    async list(tx, input) {
      const locked = await repo.financeForUpdate(tx, input.financeId, { firmId: input.firmId });
      if (!locked) throw notFound(MESSAGES.financeNotFound);
      if (locked.holdId !== input.holdId) throw notFound(MESSAGES.holdingNotFound);
      if (locked.commodityTypeId !== input.commodityTypeId) throw conflict(MESSAGES.saleCommodity);
      const loan = await overdueCheck(tx, await accrueLocked(tx, locked));
      if (loan.financeStatus !== FinanceStatus.financing) throw conflict(MESSAGES.saleState);
      const quantity = Decimal.parse(input.quantity);
      const unlisted = Decimal.parse(loan.quantity).sub(loan.listedQuantity);
      if (quantity.gt(unlisted)) throw conflict(MESSAGES.saleQuantity);
      const amount = Decimal.parse(input.price).mul(quantity).truncate(2);
      const net = amount.sub(amount.mul(input.feeRate).truncate(2));
      if (net.mul(unlisted).lt(totalOf(owedOf(loan)).mul(quantity))) throw badRequest(MESSAGES.salePrice);
      const weight = quantity.eq(loan.quantity) ? Decimal.parse(loan.weight) : Decimal.parse(loan.weight).mul(quantity).div(loan.quantity, 3, 'truncate');
      const now = clock.now();
      await repo.insertSale(tx, { financeId: loan.id, listingId: input.listingId, quantity: quantity.toString(), open: quantity.toString(), createdAt: now, updatedAt: now });
      await change(tx, loan, { listedQuantity: Decimal.parse(loan.listedQuantity).add(quantity).toString() }, input.actor, `listed ${quantity.toFixed(3)} for sale (listing ${input.listingId})`);
      return { weight: weight.toString(), storageId: loan.storageId, storageName: loan.storageName };
    },

    async deliver(tx, input) {
      const sale = await repo.saleOfListingForUpdate(tx, input.listingId);
      if (!sale) return undefined;
      const loan = await repo.financeForUpdate(tx, sale.financeId);
      if (!loan || loan.holdId === null) throw conflict(MESSAGES.state);
      const quantity = Decimal.parse(input.quantity);
      const have = Decimal.parse(loan.quantity);
      const weight = Decimal.parse(loan.weight);
      const soldWeight = quantity.eq(have) ? weight : weight.mul(quantity).div(have, 3, 'truncate');
      const keep = have.sub(quantity);
      // Cut the sold goods off the pledged part for the buyer; the rest stays frozen in pledge.
      const held = await warehouse.releaseHolding(tx, { holdId: loan.holdId, actor: input.actor });
      const sold = await warehouse.freezeHolding(tx, { firmId: loan.firmId, holdId: held.id, quantity: quantity.toString(), weight: soldWeight.toString(), actor: input.actor });
      const bought = await warehouse.moveFrozen(tx, { holdId: sold.id, toFirmId: input.toFirmId, actor: input.actor });
      const part = keep.isPositive()
        ? await warehouse.freezeHolding(tx, { firmId: loan.firmId, holdId: held.id, quantity: keep.toString(), weight: weight.sub(soldWeight).toString(), actor: input.actor })
        : null;
      await repo.updateSale(tx, sale.id, { open: Decimal.parse(sale.open).sub(quantity).toString(), sold: Decimal.parse(sale.sold).add(quantity).toString(), updatedAt: clock.now() });
      const running = RUNNING.includes(loan.financeStatus);
      await change(
        tx,
        loan,
        {
          holdId: part?.id ?? null,
          quantity: keep.toString(),
          weight: part?.weight ?? '0',
          listedQuantity: Decimal.parse(loan.listedQuantity).sub(quantity).toString(),
          soldQuantity: Decimal.parse(loan.soldQuantity).add(quantity).toString(),
          soldWeight: Decimal.parse(loan.soldWeight).add(soldWeight).toString(),
          ...(running ? { pledgeStatus: keep.isPositive() ? PledgeStatus.partlySold : PledgeStatus.allSold } : {}),
        },
        input.actor,
        `sold ${quantity.toFixed(3)} (listing ${input.listingId})`,
      );
      return { bought: bought.id, weight: soldWeight.toString() };
    },

    async paid(tx, input) {
      const sale = await repo.saleOfListingForUpdate(tx, input.listingId);
      if (!sale) return;
      const locked = await repo.financeForUpdate(tx, sale.financeId);
      // A loan already repaid leaves the whole proceeds to the borrower.
      if (!locked || !RUNNING.includes(locked.financeStatus)) return;
      const loan = await overdueCheck(tx, await accrueLocked(tx, locked));
      const proceeds = Decimal.parse(input.proceeds);
      const owed = owedOf(loan);
      const debt = totalOf(owed);
      const paid = proceeds.lt(debt) ? proceeds : debt;
      if (!paid.isPositive()) return;
      const split = allocate(paid, owed);
      const funder = await repo.funderById(tx, loan.funderId);
      const journalId = await post(tx, JournalType.pledgeRepay, `pledge.sale:${input.pickId}`, loan.id, transfer(loan.firmId, funder!.firmId, paid));
      const left = { penalty: owed.penalty.sub(split.penalty), interest: owed.interest.sub(split.interest), principal: owed.principal.sub(split.principal) };
      const settled = totalOf(left).isZero();
      const money = { penalty: left.penalty.toString(), interest: left.interest.toString(), principal: left.principal.toString(), repaid: Decimal.parse(loan.repaid).add(paid).toString() };
      // Repaid in full: the goods still pledged and not listed go back to the borrower.
      const listed = Decimal.parse(loan.listedQuantity);
      const goods = settled ? await keepPledged(tx, loan, listed, input.actor) : {};
      const released = settled ? Decimal.parse(loan.quantity).sub(listed) : Decimal.ZERO;
      const next = await change(
        tx,
        loan,
        {
          ...money,
          ...goods,
          repaymentStatus: settled ? RepaymentStatus.fully : RepaymentStatus.partly,
          ...(settled ? { financeStatus: FinanceStatus.done, marginCallDeadline: null } : {}),
        },
        input.actor,
        `sale proceeds ${proceeds.toFixed(2)}: repaid ${paid.toFixed(2)}, to the borrower ${proceeds.sub(paid).toFixed(2)}`,
        journalId,
      );
      // A sale that brought the principal back within the maintenance ratio lifts a margin call.
      if (!settled) await marginCheck(tx, next);
      await repo.insertRepayment(tx, {
        financeId: loan.id,
        kind: 'sale',
        pickId: input.pickId,
        amount: paid.toString(),
        principal: split.principal.toString(),
        interest: split.interest.toString(),
        penalty: split.penalty.toString(),
        releasedQuantity: released.toString(),
        surplus: proceeds.sub(paid).toString(),
        journalId,
        createdAt: clock.now(),
      });
    },

    async unlisted(tx, input) {
      const sale = await repo.saleOfListingForUpdate(tx, input.listingId);
      if (!sale) return;
      const loan = await repo.financeForUpdate(tx, sale.financeId);
      if (!loan) return;
      const quantity = Decimal.parse(input.quantity);
      await repo.updateSale(tx, sale.id, { open: Decimal.parse(sale.open).sub(quantity).toString(), updatedAt: clock.now() });
      const listed = Decimal.parse(loan.listedQuantity).sub(quantity);
      // Still pledged while the loan runs; once it is repaid the goods are the borrower's again.
      const goods = RUNNING.includes(loan.financeStatus) ? {} : await keepPledged(tx, loan, Decimal.parse(loan.quantity).sub(quantity), input.actor);
      await change(tx, loan, { ...goods, listedQuantity: listed.toString() }, input.actor, `${quantity.toFixed(3)} no longer listed (listing ${input.listingId})`);
    },
  };

  return {
    pledgedGoods,

    /** The firm's pledge notices (margin calls and what followed), newest first. */
    async notices(auth: AuthContext, query: { page: number; size: number }): Promise<Page<PledgeNotice>> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await repo.listNotices(db, firmId, offset, limit);
      return pageOf(rows.map(toNotice), total, query);
    },

    /** The active funders' products (rate info). */
    async rateInfo(auth: AuthContext): Promise<{ products: PledgeProduct[] }> {
      await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const funders = new Map((await repo.funders(db)).filter((f) => f.active).map((f) => [f.id, f]));
      const commodities = await commodityNames();
      const products = (await repo.products(db)).filter((p) => funders.has(p.funderId));
      return { products: products.map((p) => toProduct(p, funders.get(p.funderId)!.name, commodities.get(String(p.commodityTypeId))?.name ?? '')) };
    },

    /** Pledges a held holding (or part of it): the goods are frozen (holding `1`), pledge `1` applying, finance `0`. */
    async apply(auth: AuthContext, input: PledgeApplyRequest): Promise<PledgeFinance> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const funder = await repo.funderById(db, Number(input.factorId));
      if (!funder || !funder.active) throw notFound(MESSAGES.funderNotFound);
      if (funder.firmId === firmId) throw badRequest(MESSAGES.ownFunder);
      const held = (await warehouse.holdings(auth, { status: '0', page: 0, size: 1000 })).content.find((h) => h.holdId === input.holdId);
      if (!held) throw notFound(MESSAGES.holdingNotFound);
      const commodity = [...(await commodityNames()).values()].find((c) => c.name === held.commodityName);
      const product = commodity ? await repo.productOf(db, funder.id, Number(commodity.id)) : undefined;
      if (!commodity || !product) throw conflict(MESSAGES.productMissing);
      if (!product.terms.includes(input.paybackTimeId)) throw badRequest(MESSAGES.termNotOffered);
      const row = await withTransaction(db, async (tx) => {
        const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity ?? held.quantity, actor: actorOf(auth) });
        const now = clock.now();
        const created = await repo.insertFinance(tx, {
          firmId,
          funderId: funder.id,
          productId: product.id,
          commodityTypeId: Number(commodity.id),
          commodityName: commodity.name,
          weightUnit: commodity.weightUnit,
          holdId: part.id,
          storageId: Number(held.storageId),
          storageName: held.storageName,
          quantity: part.quantity,
          weight: part.weight,
          paybackTimeId: input.paybackTimeId,
          pledgeStatus: PledgeStatus.applying,
          financeStatus: FinanceStatus.applying,
          repaymentStatus: RepaymentStatus.none,
          referencePrice: product.referencePrice,
          annualRate: product.annualRate,
          penaltyRate: product.penaltyRate,
          maintenanceRatio: product.maintenanceRatio,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertHistory(tx, { financeId: created.id, fromStatus: '', toStatus: stateOf(created), actor: actorOf(auth), reason: '', createdAt: now });
        return created;
      });
      return view(row);
    },

    async mine(auth: AuthContext, query: ListQuery): Promise<Page<PledgeFinance>> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const { rows, total } = await repo.listFinances(db, { firmId, financeStatus: query.financeStatus, pledgeStatus: query.pledgeStatus, ...pageWindow(query) });
      return pageOf(await views(rows), total, query);
    },

    async detail(auth: AuthContext, financeId: number): Promise<PledgeDetail> {
      const row = await partyLoan(auth, financeId);
      const rows = await repo.history(db, row.id);
      return { finance: await view(row), history: rows.map((h) => ({ from: h.fromStatus, to: h.toStatus, actor: h.actor.startsWith('staff:') ? 'staff' : h.actor.startsWith('system:') ? 'system' : 'user', reason: h.reason, at: h.createdAt.toISOString() })) };
    },

    async bill(auth: AuthContext, financeId: number): Promise<PledgeBill> {
      return billOf(await partyLoan(auth, financeId));
    },

    /** The signed pledge contract's PDF, for either party. */
    async contract(auth: AuthContext, financeId: number): Promise<{ pdf: Buffer; contractNo: string }> {
      const row = await partyLoan(auth, financeId);
      if (!row.contractPdf) throw notFound(MESSAGES.contractMissing);
      return { pdf: row.contractPdf, contractNo: row.contractNo };
    },

    /** The borrower withdraws an application nobody quoted yet. */
    async withdraw(auth: AuthContext, financeId: number): Promise<PledgeFinance> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      return view(
        await withTransaction(db, async (tx) => {
          const row = await borrowerLoan(tx, firmId, financeId);
          assertState(row, [PledgeStatus.applying], [FinanceStatus.applying]);
          return rejectLocked(tx, row, 'withdrawn by the borrower', actorOf(auth));
        }),
      );
    },

    /** The borrower declines a quote (finance `2`, with the reason); the goods are released. */
    async decline(auth: AuthContext, financeId: number, reason: string): Promise<PledgeFinance> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      return view(
        await withTransaction(db, async (tx) => {
          const row = await borrowerLoan(tx, firmId, financeId);
          assertState(row, [PledgeStatus.quoted], [FinanceStatus.applying]);
          return rejectLocked(tx, row, reason, actorOf(auth));
        }),
      );
    },

    /**
     * The borrower accepts the quote: the pledge contract is rendered and signed, and the loan is paid
     * from the funder's available funds to the borrower's in one journal (finance `1` financing).
     */
    async accept(auth: AuthContext, financeId: number): Promise<PledgeFinance> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const row = await withTransaction(db, async (tx) => {
        const loan = await borrowerLoan(tx, firmId, financeId);
        assertState(loan, [PledgeStatus.quoted], [FinanceStatus.applying]);
        const funder = await repo.funderById(tx, loan.funderId);
        if (!funder || !funder.active) throw notFound(MESSAGES.funderNotFound);
        const now = clock.now();
        const startDay = shanghaiDay(now);
        const dueDay = addDays(startDay, Number(loan.paybackTimeId));
        const amount = Decimal.parse(loan.amount);
        const journalId = await post(tx, JournalType.pledgeDisburse, `pledge.disburse:${loan.id}`, loan.id, transfer(funder.firmId, loan.firmId, amount));
        // Inside the transaction every read goes through it (PGlite has one connection).
        const borrower = (await deps.firm.getFirms([String(loan.firmId)], tx)).get(String(loan.firmId));
        const contractNo = `ZY${startDay.replaceAll('-', '')}${loan.id}`;
        const pdf = await renderPledgeContract({
          contractNo,
          financeId: loan.id,
          borrowerName: borrower?.name ?? '',
          funderName: funder.name,
          commodityName: loan.commodityName,
          storageName: loan.storageName,
          quantity: Decimal.parse(loan.quantity).toFixed(3),
          weight: Decimal.parse(loan.weight).toFixed(3),
          weightUnit: loan.weightUnit,
          referencePrice: loan.referencePrice,
          valuation: loan.valuation,
          amount: loan.amount,
          annualRate: loan.annualRate,
          penaltyRate: loan.penaltyRate,
          maintenanceRatio: loan.maintenanceRatio,
          termDays: loan.paybackTimeId,
          startDay,
          dueDay,
          signedAt: now.toISOString(),
        });
        const signed = signDocument(pdf, deps.signingKey);
        return change(
          tx,
          loan,
          {
            financeStatus: FinanceStatus.financing,
            principal: amount.toString(),
            disbursedAt: now,
            startDay,
            accruedThrough: startDay,
            dueDay,
            contractNo,
            contractHash: signed.hash,
            contractSignature: signed.signature,
            contractPdf: pdf,
          },
          actorOf(auth),
          `contract ${contractNo}`,
          journalId,
        );
      });
      return view(row);
    },

    /**
     * Manual payback: penalty, then interest, then principal. Paying everything ends the loan
     * (repayment `2`, finance `3`, pledge `11`, goods released); less is `15` partly repaid, and may
     * release the share of the goods the repaid principal covers.
     */
    async manualPayback(auth: AuthContext, input: PaybackInput): Promise<PledgeFinance> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.repay');
      const row = await withTransaction(db, async (tx) => {
        const locked = await borrowerLoan(tx, firmId, Number(input.financeId));
        assertState(locked, null, RUNNING);
        const loan = await overdueCheck(tx, await accrueLocked(tx, locked));
        const owed = owedOf(loan);
        const amount = Decimal.parse(input.amount);
        if (amount.gt(totalOf(owed))) throw badRequest(MESSAGES.overPayoff);
        const funder = await repo.funderById(tx, loan.funderId);
        const split = allocate(amount, owed);
        const repaid = Decimal.parse(loan.repaid).add(amount);
        const journalId = await post(tx, JournalType.pledgeRepay, `pledge.repay:${loan.id}:${repaid.toFixed(2)}`, loan.id, transfer(loan.firmId, funder!.firmId, amount));
        const left = { penalty: owed.penalty.sub(split.penalty), interest: owed.interest.sub(split.interest), principal: owed.principal.sub(split.principal) };
        const money = { penalty: left.penalty.toString(), interest: left.interest.toString(), principal: left.principal.toString(), repaid: repaid.toString() };
        const actor = actorOf(auth);
        let released = Decimal.ZERO;
        let next: repo.FinanceRow;
        if (totalOf(left).isZero()) {
          // Goods on an open listing stay behind it (no longer pledged); everything else is released.
          const listed = Decimal.parse(loan.listedQuantity);
          const goods = await keepPledged(tx, loan, listed, actor);
          released = Decimal.parse(loan.quantity).sub(listed);
          // Nothing left to redeem when every pledged good was sold: the pledge stays `13` all sold.
          const pledgeStatus = Decimal.parse(loan.quantity).isZero() ? loan.pledgeStatus : PledgeStatus.redeemed;
          next = await change(
            tx,
            loan,
            { ...money, ...goods, pledgeStatus, financeStatus: FinanceStatus.done, repaymentStatus: RepaymentStatus.fully, marginCallDeadline: null },
            actor,
            `repaid ${amount.toFixed(2)}`,
            journalId,
          );
        } else {
          let goods: Partial<repo.FinanceInsert> = {};
          if (input.release && split.principal.isPositive() && loan.holdId !== null) {
            released = Decimal.parse(loan.quantity).mul(split.principal).div(owed.principal, 3, 'truncate');
            // Goods on an open listing are not released.
            const unlisted = Decimal.parse(loan.quantity).sub(loan.listedQuantity);
            if (released.gt(unlisted)) released = unlisted;
            if (released.isPositive() && released.lt(loan.quantity)) goods = await releasePart(tx, loan, released, actor);
            else released = Decimal.ZERO;
          }
          // A loan whose goods were partly or all sold keeps that state (`12`/`13`); else `15` partly repaid.
          const sold = loan.pledgeStatus === PledgeStatus.partlySold || loan.pledgeStatus === PledgeStatus.allSold;
          next = await change(tx, loan, { ...money, ...goods, pledgeStatus: sold ? loan.pledgeStatus : PledgeStatus.partlyRepaid, repaymentStatus: RepaymentStatus.partly }, actor, `repaid ${amount.toFixed(2)}`, journalId);
          next = await marginCheck(tx, next);
        }
        await repo.insertRepayment(tx, {
          financeId: loan.id,
          kind: 'manual',
          amount: amount.toString(),
          principal: split.principal.toString(),
          interest: split.interest.toString(),
          penalty: split.penalty.toString(),
          releasedQuantity: released.toString(),
          journalId,
          createdAt: clock.now(),
        });
        return next;
      });
      return view(row);
    },

    // ---- the funder's portal ----

    /** The caller's firm as a funder, or null: the portal's link shows only to funders. */
    async funderMe(auth: AuthContext): Promise<Funder | null> {
      const firmId = await requireFirmRight(deps.firm, auth, 'pledge.apply');
      const f = await repo.funderOfFirm(db, firmId);
      return f && f.active ? { factorId: String(f.id), firmId: String(f.firmId), name: f.name, graceDays: f.graceDays, active: f.active } : null;
    },

    async funderOrders(auth: AuthContext, query: ListQuery): Promise<Page<PledgeFinance>> {
      const funder = await funderOf(auth);
      const { rows, total } = await repo.listFinances(db, { funderId: funder.id, financeStatus: query.financeStatus, pledgeStatus: query.pledgeStatus, ...pageWindow(query) });
      return pageOf(await views(rows), total, query);
    },

    /** The funder's quote on warehouse-confirmed goods: valuation, amount within the LTV, rate (pledge `2`). */
    async quote(auth: AuthContext, input: QuoteInput): Promise<PledgeFinance> {
      const funder = await funderOf(auth);
      const row = await withTransaction(db, async (tx) => {
        const loan = await funderLoan(tx, funder.id, Number(input.financeId));
        assertState(loan, [PledgeStatus.applying], [FinanceStatus.applying]);
        if (!loan.warehouseConfirmedAt) throw conflict(MESSAGES.awaitingWarehouse);
        const product = await repo.productById(tx, loan.productId);
        if (!product) throw conflict(MESSAGES.productMissing);
        const reference = Decimal.parse(input.referencePrice ?? product.referencePrice);
        if (!reference.eq(product.referencePrice) && input.reason === '') throw badRequest(MESSAGES.valueReason);
        const valuation = reference.mul(loan.weight).truncate(2);
        const amount = Decimal.parse(input.amount);
        if (amount.gt(valuation.mul(product.ltv).truncate(2))) throw badRequest(MESSAGES.overLtv);
        return change(
          tx,
          loan,
          {
            pledgeStatus: PledgeStatus.quoted,
            referencePrice: reference.toString(),
            valuation: valuation.toString(),
            valueReason: reference.eq(product.referencePrice) ? '' : input.reason,
            amount: amount.toString(),
            annualRate: input.annualRate ?? product.annualRate,
          },
          actorOf(auth),
          input.reason,
        );
      });
      return view(row);
    },

    /** The funder turns an application down (finance `2`, with the reason); the goods are released. */
    async funderReject(auth: AuthContext, financeId: number, reason: string): Promise<PledgeFinance> {
      const funder = await funderOf(auth);
      return view(
        await withTransaction(db, async (tx) => {
          const row = await funderLoan(tx, funder.id, financeId);
          assertState(row, [PledgeStatus.applying, PledgeStatus.quoted], [FinanceStatus.applying]);
          return rejectLocked(tx, row, reason, actorOf(auth));
        }),
      );
    },

    /**
     * The funder takes an overdue loan's collateral at `salePrice` per weight unit (pledge `14`
     * recovered): the goods become the funder's holding, the sale value settles penalty, interest
     * and principal, and any surplus is paid to the borrower in one journal.
     */
    async dispose(auth: AuthContext, input: PledgeDisposeRequest): Promise<PledgeFinance> {
      const funder = await funderOf(auth);
      const row = await withTransaction(db, async (tx) => {
        const locked = await funderLoan(tx, funder.id, Number(input.financeId));
        assertState(locked, null, RUNNING);
        // The daily job may not have run since the loan fell due: the funder acts on today's state.
        const loan = await overdueCheck(tx, await accrueLocked(tx, locked));
        assertState(loan, null, [FinanceStatus.overdue]);
        if (loan.holdId === null || loan.pledgeStatus === PledgeStatus.recovered) throw conflict(MESSAGES.state);
        if (Decimal.parse(loan.listedQuantity).isPositive()) throw conflict(MESSAGES.listedGoods);
        const owed = owedOf(loan);
        const sale = Decimal.parse(input.salePrice).mul(loan.weight).truncate(2);
        const debt = totalOf(owed);
        const paid = sale.lt(debt) ? sale : debt;
        const split = allocate(paid, owed);
        const surplus = sale.sub(paid);
        const actor = actorOf(auth);
        await warehouse.moveFrozen(tx, { holdId: loan.holdId!, toFirmId: funder.firmId, actor });
        const journalId = surplus.isPositive() ? await post(tx, JournalType.pledgeSurplus, `pledge.surplus:${loan.id}`, loan.id, transfer(funder.firmId, loan.firmId, surplus)) : null;
        const left = { penalty: owed.penalty.sub(split.penalty), interest: owed.interest.sub(split.interest), principal: owed.principal.sub(split.principal) };
        const settled = totalOf(left).isZero();
        const next = await change(
          tx,
          loan,
          {
            penalty: left.penalty.toString(),
            interest: left.interest.toString(),
            principal: left.principal.toString(),
            repaid: Decimal.parse(loan.repaid).add(paid).toString(),
            pledgeStatus: PledgeStatus.recovered,
            repaymentStatus: settled ? RepaymentStatus.fully : RepaymentStatus.partly,
            financeStatus: settled ? FinanceStatus.done : FinanceStatus.overdue,
            marginCallDeadline: null,
          },
          actor,
          `${input.reason}; sale ${sale.toFixed(2)}, surplus ${surplus.toFixed(2)}`,
          journalId,
        );
        await repo.insertRepayment(tx, {
          financeId: loan.id,
          kind: 'disposal',
          amount: paid.toString(),
          principal: split.principal.toString(),
          interest: split.interest.toString(),
          penalty: split.penalty.toString(),
          releasedQuantity: '0',
          surplus: surplus.toString(),
          journalId,
          createdAt: clock.now(),
        });
        return next;
      });
      return view(row);
    },

    /** Receivables: every repayment (and disposal) on the funder's loans. */
    async funderRepayments(auth: AuthContext, query: { page: number; size: number }): Promise<Page<PledgeRepayment>> {
      const funder = await funderOf(auth);
      const { rows: loans } = await repo.listFinances(db, { funderId: funder.id, offset: 0, limit: 10_000 });
      const all = (await repo.repayments(db, loans.map((l) => l.id))).map(toRepayment);
      const { offset, limit } = pageWindow(query);
      return pageOf(all.slice(offset, offset + limit), all.length, query);
    },

    /** The goods pledged to the funder and still in the warehouse, by warehouse. */
    async funderWarehouses(auth: AuthContext): Promise<FinancialWarehouse[]> {
      const funder = await funderOf(auth);
      const { rows } = await repo.listFinances(db, { funderId: funder.id, financeStatuses: [FinanceStatus.applying, ...RUNNING], offset: 0, limit: 10_000 });
      const byStorage = new Map<number, FinancialWarehouse>();
      for (const r of rows.filter((l) => l.pledgeStatus !== PledgeStatus.recovered)) {
        const w = byStorage.get(r.storageId) ?? { warehousId: String(r.storageId), storageName: r.storageName, loans: 0, quantity: '0', weight: '0', principal: '0' };
        byStorage.set(r.storageId, {
          ...w,
          loans: w.loans + 1,
          quantity: Decimal.parse(w.quantity).add(r.quantity).toFixed(3),
          weight: Decimal.parse(w.weight).add(r.weight).toFixed(3),
          principal: Decimal.parse(w.principal).add(r.principal).toFixed(2),
        });
      }
      return [...byStorage.values()];
    },

    async funderBill(auth: AuthContext, financeId: number): Promise<PledgeBill> {
      const funder = await funderOf(auth);
      const row = await repo.financeById(db, financeId, { funderId: funder.id });
      if (!row) throw notFound(MESSAGES.financeNotFound);
      return billOf(row);
    },

    // ---- back office ----

    async adminFunders(auth: AuthContext): Promise<{ funders: Funder[] }> {
      requireStaff(auth);
      return { funders: (await repo.funders(db)).map((f) => ({ factorId: String(f.id), firmId: String(f.firmId), name: f.name, graceDays: f.graceDays, active: f.active })) };
    },

    /** Sets a certified enterprise up as a funder (or changes it); audited. */
    async saveFunder(auth: AuthContext, input: FunderInput): Promise<Funder> {
      requireStaff(auth);
      const firmId = Number(input.firmId);
      if (!(await deps.certifiedRegisterNo(firmId))) throw badRequest(MESSAGES.firmNotCertified);
      const row = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const saved = await repo.upsertFunder(tx, { firmId, name: input.name, graceDays: input.graceDays, active: input.active, createdAt: now, updatedAt: now });
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'pledge.funder.save', objectType: 'pledge_funder', objectId: String(saved.id), detail: input });
        return saved;
      });
      return { factorId: String(row.id), firmId: String(row.firmId), name: row.name, graceDays: row.graceDays, active: row.active };
    },

    async adminProducts(auth: AuthContext): Promise<{ products: PledgeProduct[] }> {
      requireStaff(auth);
      const funders = new Map((await repo.funders(db)).map((f) => [f.id, f.name]));
      const commodities = await commodityNames();
      return { products: (await repo.products(db)).map((p) => toProduct(p, funders.get(p.funderId) ?? '', commodities.get(String(p.commodityTypeId))?.name ?? '')) };
    },

    /** A funder's product for one commodity (LTV, rates, terms, reference price); audited. */
    async saveProduct(auth: AuthContext, input: ProductInput): Promise<PledgeProduct> {
      requireStaff(auth);
      const funder = await repo.funderById(db, Number(input.factorId));
      if (!funder) throw notFound(MESSAGES.funderNotFound);
      const commodity = (await commodityNames()).get(input.commodityTypeId);
      if (!commodity) throw badRequest(MESSAGES.commodityNotFound);
      const row = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const saved = await repo.upsertProduct(tx, {
          funderId: funder.id,
          commodityTypeId: Number(input.commodityTypeId),
          ltv: input.ltv,
          annualRate: input.annualRate,
          penaltyRate: input.penaltyRate,
          maintenanceRatio: input.maintenanceRatio,
          referencePrice: input.referencePrice,
          terms: [...new Set(input.terms)],
          marginCallDays: input.marginCallDays,
          createdAt: now,
          updatedAt: now,
        });
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'pledge.product.save', objectType: 'pledge_product', objectId: String(saved.id), detail: input });
        return saved;
      });
      return toProduct(row, funder.name, commodity.name);
    },

    async adminLoans(auth: AuthContext, query: AdminListQuery): Promise<Page<PledgeFinance>> {
      requireStaff(auth);
      const { rows, total } = await repo.listFinances(db, { financeStatus: query.financeStatus, awaitingWarehouse: query.awaitingWarehouse, ...pageWindow(query) });
      return pageOf(await views(rows), total, query);
    },

    /** The warehouse confirms the pledged goods are in store and frozen; only then may the funder quote. Audited. */
    async warehouseConfirm(auth: AuthContext, financeId: number): Promise<PledgeFinance> {
      requireStaff(auth);
      const row = await withTransaction(db, async (tx) => {
        const loan = await repo.financeForUpdate(tx, financeId);
        if (!loan) throw notFound(MESSAGES.financeNotFound);
        assertState(loan, [PledgeStatus.applying], [FinanceStatus.applying]);
        if (loan.warehouseConfirmedAt) throw conflict(MESSAGES.state);
        const next = await change(tx, loan, { warehouseConfirmedAt: clock.now() }, actorOf(auth), 'warehouse confirmed the goods');
        await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action: 'pledge.warehouse.confirm', objectType: 'pledge_finance', objectId: String(loan.id), detail: {} });
        return next;
      });
      return view(row);
    },

    async warehouseReject(auth: AuthContext, financeId: number, reason: string): Promise<PledgeFinance> {
      requireStaff(auth);
      const row = await withTransaction(db, async (tx) => {
        const loan = await repo.financeForUpdate(tx, financeId);
        if (!loan) throw notFound(MESSAGES.financeNotFound);
        assertState(loan, [PledgeStatus.applying], [FinanceStatus.applying]);
        const next = await rejectLocked(tx, loan, reason, actorOf(auth));
        await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action: 'pledge.warehouse.reject', objectType: 'pledge_finance', objectId: String(loan.id), detail: { reason } });
        return next;
      });
      return view(row);
    },

    /**
     * The daily job (run hourly, idempotent): writes each running loan's bill days, moves loans past
     * their due day and grace days to overdue, and issues or lifts margin calls. Returns how many loans changed.
     */
    async daily(): Promise<number> {
      let changed = 0;
      for (const id of await repo.runningFinanceIds(db)) {
        const moved = await withTransaction(db, async (tx) => {
          const locked = await repo.financeForUpdate(tx, id);
          if (!locked || !RUNNING.includes(locked.financeStatus)) return false;
          const accrued = await accrueLocked(tx, locked);
          const checked = await marginCheck(tx, await overdueCheck(tx, accrued));
          return accrued !== locked || checked !== accrued;
        });
        if (moved) changed += 1;
      }
      return changed;
    },
  };
}

export type PledgeService = ReturnType<typeof createPledgeService>;
