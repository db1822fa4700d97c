import { Decimal, toChineseUppercase } from '@tp/decimal';
import type { PledgeBillDay, PledgeFinance, PledgeNotice, PledgeProduct, PledgeRepayment } from '@tp/contract';
import { toMoney } from '../../platform/money';
import { accrue, type AccruedDay } from './pledge.interest';
import type * as repo from './pledge.repo';

const iso = (v: Date | null) => (v ? v.toISOString() : null);
const share = (v: string) => Decimal.parse(v).toString();

/** The days not on the bill yet (the daily job writes them), so what a party reads is always today's figure. */
export function pendingDays(row: repo.FinanceRow, today: string): AccruedDay[] {
  if (!row.accruedThrough || !row.dueDay || (row.financeStatus !== '1' && row.financeStatus !== '4')) return [];
  return accrue({ principal: Decimal.parse(row.principal), annualRate: row.annualRate, penaltyRate: row.penaltyRate, accruedThrough: row.accruedThrough, dueDay: row.dueDay }, today);
}

export interface Names {
  funders: Map<number, string>;
  firms: Map<string, string>;
}

export function toFinance(row: repo.FinanceRow, names: Names, today: string): PledgeFinance {
  const pending = pendingDays(row, today);
  const interest = pending.reduce((s, d) => s.add(d.interest), Decimal.parse(row.interest));
  const penalty = pending.reduce((s, d) => s.add(d.penalty), Decimal.parse(row.penalty));
  const payoff = Decimal.parse(row.principal).add(interest).add(penalty);
  return {
    financeId: String(row.id),
    factorId: String(row.funderId),
    funderName: names.funders.get(row.funderId) ?? '',
    borrowerName: names.firms.get(String(row.firmId)) ?? '',
    commodityTypeId: String(row.commodityTypeId),
    commodityName: row.commodityName,
    holdId: row.holdId === null ? '' : String(row.holdId),
    warehousId: String(row.storageId),
    storageName: row.storageName,
    quantity: Decimal.parse(row.quantity).toFixed(3),
    weight: Decimal.parse(row.weight).toFixed(3),
    weightUnit: row.weightUnit,
    paybackTimeId: row.paybackTimeId,
    pledgeStatus: row.pledgeStatus,
    financeStatus: row.financeStatus,
    repaymentStatus: row.repaymentStatus,
    warehouseConfirmed: row.warehouseConfirmedAt !== null,
    referencePrice: toMoney(row.referencePrice),
    valuation: toMoney(row.valuation),
    valueReason: row.valueReason,
    amount: toMoney(row.amount),
    amountUppercase: toChineseUppercase(row.amount),
    annualRate: share(row.annualRate),
    penaltyRate: share(row.penaltyRate),
    maintenanceRatio: share(row.maintenanceRatio),
    principal: toMoney(row.principal),
    interest: toMoney(interest),
    penalty: toMoney(penalty),
    payoff: toMoney(payoff),
    payoffUppercase: toChineseUppercase(payoff),
    repaid: toMoney(row.repaid),
    disbursedAt: iso(row.disbursedAt),
    dueDay: row.dueDay,
    marginCallDeadline: iso(row.marginCallDeadline),
    listedQuantity: Decimal.parse(row.listedQuantity).toFixed(3),
    soldQuantity: Decimal.parse(row.soldQuantity).toFixed(3),
    soldWeight: Decimal.parse(row.soldWeight).toFixed(3),
    contractNo: row.contractNo,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export const toBillDay = (d: { day: string; principal: Decimal | string; interest: Decimal | string; penalty: Decimal | string }): PledgeBillDay => ({
  day: d.day,
  principal: toMoney(d.principal),
  interest: toMoney(d.interest),
  penalty: toMoney(d.penalty),
});

export const toRepayment = (r: repo.RepaymentRow): PledgeRepayment => ({
  repaymentId: String(r.id),
  financeId: String(r.financeId),
  kind: r.kind,
  amount: toMoney(r.amount),
  principal: toMoney(r.principal),
  interest: toMoney(r.interest),
  penalty: toMoney(r.penalty),
  releasedQuantity: Decimal.parse(r.releasedQuantity).toFixed(3),
  surplus: toMoney(r.surplus),
  createdAt: r.createdAt.toISOString(),
});

export const toProduct = (p: repo.ProductRow, funderName: string, commodityName: string): PledgeProduct => ({
  productId: String(p.id),
  factorId: String(p.funderId),
  funderName,
  commodityTypeId: String(p.commodityTypeId),
  commodityName,
  ltv: share(p.ltv),
  annualRate: share(p.annualRate),
  penaltyRate: share(p.penaltyRate),
  maintenanceRatio: share(p.maintenanceRatio),
  referencePrice: toMoney(p.referencePrice),
  terms: p.terms,
  marginCallDays: p.marginCallDays,
});

export const toNotice = (n: repo.NoticeRow): PledgeNotice => ({
  noticeId: String(n.id),
  financeId: String(n.financeId),
  kind: n.kind,
  amount: toMoney(n.amount),
  principal: toMoney(n.principal),
  limit: toMoney(n.limit),
  deadline: iso(n.deadline),
  createdAt: n.createdAt.toISOString(),
});
