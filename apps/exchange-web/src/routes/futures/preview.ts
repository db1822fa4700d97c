import { Decimal } from '@tp/decimal';
import type { FuturesListing } from '@tp/contract';

/** Places an estimate is shown to; the server's figures (to the currency's places) are what is charged. */
const SHOWN_PLACES = 6;

interface Draft {
  side: 'long' | 'short';
  action: 'open' | 'close';
  type: 'market' | 'limit';
  lots: number;
  price?: string | undefined;
}

/**
 * What an opening order will likely cost, before it is sent: the price it fills at (the mark ±
 * the price difference for a market order, its own price for a limit one), the margin held and
 * the opening fee. Undefined until there is a price and a quantity.
 */
export function preview(listing: FuturesListing, draft: Draft): { price: string; margin: string; fee: string } | undefined {
  if (!draft.lots || draft.lots <= 0 || !Number.isInteger(draft.lots)) return undefined;
  let price: Decimal;
  if (draft.type === 'limit') {
    if (!draft.price || !/^\d+(?:\.\d+)?$/.test(draft.price)) return undefined;
    price = Decimal.parse(draft.price);
  } else {
    if (!listing.mark) return undefined;
    const buying = (draft.side === 'long') === (draft.action === 'open');
    price = buying ? Decimal.parse(listing.mark).add(listing.priceDifference) : Decimal.parse(listing.mark).sub(listing.priceDifference);
  }
  const lots = String(draft.lots);
  const notional = price.mul(lots).mul(listing.unit);
  const by = (algorithm: 'fixed' | 'percent', coefficient: string) => (algorithm === 'fixed' ? Decimal.parse(coefficient).mul(lots) : notional.mul(coefficient)).quantize(SHOWN_PLACES, 'ceil');
  return { price: price.toString(), margin: by(listing.marginAlgorithm, listing.marginCoefficient).toString(), fee: by(listing.feeAlgorithm, listing.openFee).toString() };
}
