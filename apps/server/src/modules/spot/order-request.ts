import { Decimal } from '@tp/decimal';
import type { OrderRequest, StpMode as EngineStp } from '@tp/matching';
import type { StpMode } from '@tp/contract';
import type { MarketState } from './market-state';
import type * as repo from './spot.repo';

/** Binance's self-trade prevention modes in the engine's terms. */
export const ENGINE_STP: Record<StpMode, EngineStp> = {
  EXPIRE_TAKER: 'cancel_newest',
  EXPIRE_MAKER: 'cancel_oldest',
  EXPIRE_BOTH: 'cancel_both',
  NONE: 'none',
};

/**
 * A stop-market buy sized in the base asset does not know its price until it fires: it reserves
 * its quantity at the stop price plus this share, and spends no more than that once it fires
 * (what it cannot buy within it is cancelled as price protection).
 */
export const STOP_MARKET_HEADROOM = '0.05';

/** The higher of the market's two fee rates: what a buy reserves on top of its value. */
export function maxFeeRate(market: repo.MarketRow): string {
  return Decimal.parse(market.takerFee).gt(market.makerFee) ? market.takerFee : market.makerFee;
}

const units = (value: string, step: Decimal) => Number(Decimal.parse(value).div(step, 0, 'floor').toString());

/**
 * The engine's request for a stored order: the same at placement and when the book is rebuilt
 * at start, so a held stop order fires after a restart exactly as it would have before.
 */
export function engineRequest(row: repo.OrderRow, state: MarketState): OrderRequest {
  const { tick, lot } = state;
  const unit = tick.mul(lot);
  const base = { orderId: row.id, ownerId: row.userId, side: row.side, stp: ENGINE_STP[row.stpMode] };
  const stop = row.trigger !== null && row.triggeredAt === null ? { stopPrice: units(row.stopPrice, tick), trigger: row.trigger } : {};
  if (row.type === 'limit' || row.type === 'stop_limit') {
    const qty = Decimal.parse(row.quantity).sub(row.filledQuantity).toString();
    return { ...base, ...stop, type: 'limit', price: units(row.price, tick), qty: units(qty, lot), tif: row.timeInForce, postOnly: row.postOnly };
  }
  const tif = row.timeInForce === 'FOK' ? 'FOK' : 'IOC';
  if (!Decimal.parse(row.quantity).isPositive()) return { ...base, ...stop, type: 'market', quoteQty: units(row.quoteAmount, unit), tif };
  const qty = units(row.quantity, lot);
  // A stop-market buy in the base asset spends at most what it reserved, fees aside.
  if (row.type === 'stop_market' && row.side === 'buy') {
    const cap = Decimal.parse(row.reserved).div(Decimal.parse('1').add(maxFeeRate(state.row)), 18, 'floor');
    return { ...base, ...stop, type: 'market', qty, quoteQty: units(cap.toString(), unit), tif: 'IOC' };
  }
  return { ...base, ...stop, type: 'market', qty, tif };
}
