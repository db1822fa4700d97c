import { Decimal } from '@tp/decimal';
import { EnrolStatus, type AuctionItem, type AuctionOrder, type Enrolment } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { toMoney, toQuantity } from '../../platform/money';
import { isReverse, nextPriceOf, reserveMet, type AuctionContext } from './context';
import * as repo from './auction.repo';

const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** Lots, enrolments and orders as the wire shows them; the reserve price and other firms' identities never leave the server. */
export function createViews(ctx: AuctionContext) {
  const { db, clock } = ctx;

  function itemView(item: repo.ItemRow, viewer: number | undefined, enrolment: repo.EnrolmentRow | undefined): AuctionItem {
    return {
      itemId: String(item.id),
      kind: item.kind,
      bsFlag: isReverse(item) ? 'B' : 'S',
      source: 'J',
      sellerFirmId: String(item.firmId),
      commodityName: item.commodityName,
      gradeName: item.gradeName,
      quantity: toQuantity(item.quantity),
      weight: toQuantity(item.weight),
      startingUnitPrice: toMoney(item.startingUnitPrice),
      addPrice: toMoney(item.addPrice),
      currentPrice: toMoney(item.currentPrice),
      nextPrice: toMoney(nextPriceOf(item)),
      bidCount: item.bidCount,
      leader: item.leaderNo === null ? null : String(item.leaderNo),
      deposit: toMoney(item.deposit),
      hasReserve: item.reservePrice !== null,
      reserveMet: reserveMet(item),
      showTime: item.showTime.toISOString(),
      startTime: item.startTime.toISOString(),
      endTime: item.endTime.toISOString(),
      status: item.status,
      auditStatus: item.auditStatus,
      unsold: item.unsold,
      reason: item.reason,
      memo: item.memo,
      contactName: item.contactName,
      contactPhone: item.contactPhone,
      image: item.image,
      bankIdList: item.bankIdList,
      warehousId: item.storageId === null ? '' : String(item.storageId),
      storageName: item.storageName,
      mine: viewer !== undefined && item.firmId === viewer,
      enrolStatus: enrolment?.status ?? EnrolStatus.none,
      bidderNo: enrolment?.bidderNo ?? null,
      leading: viewer !== undefined && item.leaderFirmId === viewer,
      serverTime: clock.now().toISOString(),
    };
  }

  async function toItems(rows: repo.ItemRow[], viewer: number | undefined, tx: DbOrTx = db): Promise<AuctionItem[]> {
    const enrolments = viewer === undefined ? [] : await repo.enrolmentsOfFirm(tx, viewer, rows.map((r) => r.id));
    return rows.map((r) => itemView(r, viewer, enrolments.find((e) => e.itemId === r.id)));
  }

  function enrolmentView(e: repo.EnrolmentRow, item: repo.ItemRow): Enrolment {
    return {
      itemId: String(item.id),
      commodityName: item.commodityName,
      status: e.status,
      channel: e.channel,
      bidderNo: e.bidderNo,
      deposit: toMoney(e.deposit),
      depositState: e.depositState,
      auctionStatus: item.status,
      endTime: item.endTime.toISOString(),
      won: item.status === '2' && !item.unsold && item.leaderFirmId === e.firmId,
      createdAt: e.createdAt.toISOString(),
    };
  }

  function orderView(o: repo.OrderRow, item: repo.ItemRow, firmId: number): AuctionOrder {
    return {
      orderId: String(o.id),
      itemId: String(item.id),
      kind: item.kind,
      side: o.buyerFirmId === firmId ? 'buyer' : 'seller',
      commodityName: item.commodityName,
      gradeName: item.gradeName,
      quantity: toQuantity(item.quantity),
      weight: toQuantity(item.weight),
      price: toMoney(o.price),
      amount: toMoney(o.amount),
      firstPayment: toMoney(o.firstPayment),
      balance: toMoney(Decimal.parse(o.amount).sub(o.firstPayment)),
      fee: toMoney(o.fee),
      status: o.status,
      payStatus: o.payStatus,
      buyerDefault: o.buyerDefault,
      sellerDefault: o.sellerDefault,
      confirmDueAt: iso(o.confirmDueAt),
      balanceDueAt: iso(o.balanceDueAt),
      contractId: o.contractId,
      createdAt: o.createdAt.toISOString(),
    };
  }

  return { itemView, toItems, enrolmentView, orderView };
}

export type AuctionViews = ReturnType<typeof createViews>;
