import { Decimal, normalize } from '@tp/decimal';
import type { FuturesDeal, FuturesLiquidation, FuturesListing, FuturesOrder, FuturesPosition, FuturesSettlement } from '@tp/contract';
import { pnlOf } from './futures.math';
import type * as repo from './futures.repo';

/** Rows as the API shows them: decimal strings without trailing zeros, ids as strings. */

export function toListing(row: repo.ListingRow, mark: Decimal | undefined): FuturesListing {
  return {
    listingId: String(row.id),
    code: row.code,
    name: row.name,
    symbol: row.symbol,
    currency: row.currency,
    status: row.status,
    tickSize: normalize(row.tickSize),
    unit: normalize(row.unit),
    marginAlgorithm: row.marginAlgorithm,
    marginCoefficient: normalize(row.marginCoefficient),
    maintenanceRate: normalize(row.maintenanceRate),
    feeAlgorithm: row.feeAlgorithm,
    openFee: normalize(row.openFee),
    closeFee: normalize(row.closeFee),
    minLots: row.minLots,
    maxLots: row.maxLots,
    maxPosition: row.maxPosition,
    priceDifference: normalize(row.priceDifference),
    overnightFee: normalize(row.overnightFee),
    allowMarketOpen: row.allowMarketOpen,
    allowMarketClose: row.allowMarketClose,
    allowStops: row.allowStops,
    mark: mark?.toString() ?? '',
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrder(row: repo.OrderRow, code: string): FuturesOrder {
  return {
    orderId: String(row.id),
    listingId: String(row.listingId),
    code,
    side: row.side,
    action: row.action,
    type: row.type,
    lots: row.lots,
    filledLots: row.filledLots,
    price: normalize(row.price),
    fillPrice: normalize(row.fillPrice),
    frozenMargin: normalize(row.frozenMargin),
    frozenFee: normalize(row.frozenFee),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPosition(row: repo.PositionRow, listing: repo.ListingRow, mark: Decimal | undefined, places: number): FuturesPosition {
  return {
    positionId: String(row.id),
    listingId: String(row.listingId),
    code: listing.code,
    side: row.side,
    lots: row.lots,
    averagePrice: normalize(row.averagePrice),
    openPrice: normalize(row.openPrice),
    openedAt: row.openedAt.toISOString(),
    margin: normalize(row.margin),
    mark: mark?.toString() ?? '',
    floatingPnl: mark ? pnlOf(listing, row.side, Decimal.parse(row.averagePrice), mark, row.lots, places).toString() : '',
    stopProfit: row.stopProfit,
    stopLoss: row.stopLoss,
    mode: row.mode,
  };
}

export function toDeal(row: repo.DealRow, code: string): FuturesDeal {
  return {
    dealId: String(row.id),
    orderId: row.orderId === null ? '' : String(row.orderId),
    positionId: String(row.positionId),
    code,
    side: row.side,
    action: row.action,
    dealType: row.dealType,
    price: normalize(row.price),
    lots: row.lots,
    fee: normalize(row.fee),
    realizedPnl: normalize(row.realizedPnl),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toLiquidation(row: repo.DealRow, code: string): FuturesLiquidation {
  return {
    dealId: String(row.id),
    userId: String(row.userId),
    code,
    side: row.side,
    lots: row.lots,
    price: normalize(row.price),
    realizedPnl: normalize(row.realizedPnl),
    shortfall: normalize(row.shortfall),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSettlement(row: repo.SettlementRow): FuturesSettlement {
  return {
    settlementId: String(row.id),
    day: row.day,
    currency: row.currency,
    positions: row.positions,
    overnightFee: normalize(row.overnightFee),
    realizedPnl: normalize(row.realizedPnl),
    fees: normalize(row.fees),
    balance: normalize(row.balance),
    createdAt: row.createdAt.toISOString(),
  };
}
