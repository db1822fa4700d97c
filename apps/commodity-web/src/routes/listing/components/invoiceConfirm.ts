import type { TFunction } from 'i18next';
import type { ListingPickDetail } from '@tp/contract';
import { formatMoney } from '@tp/web-kit';

/**
 * Whether confirming this pick's invoice moves money. Margin picks (`B`, and `Q` paid by margin)
 * pay the seller only then (event 6: the buyer's frozen amount less the fee, and the seller's margin
 * released); spot and full-payment picks paid the seller at confirmation, so the invoice only records
 * that it arrived.
 */
export function invoiceConfirmationPaysSeller(pick: Pick<ListingPickDetail, 'marginPay'>): boolean {
  return pick.marginPay;
}

/** The question the buyer answers before confirming an invoice: only what confirming actually does. */
export function invoiceConfirmText(t: TFunction, pick: Pick<ListingPickDetail, 'pickId' | 'amount' | 'marginPay' | 'sellerDefault'>): string {
  const values = { pickId: pick.pickId, amount: formatMoney(pick.amount) };
  if (!invoiceConfirmationPaysSeller(pick)) return t('listing.confirm.confirmInvoicePaid', values);
  // A seller that defaulted on the invoice already forfeited its margin to the buyer: nothing is left to release.
  return t(pick.sellerDefault === 'F' ? 'listing.confirm.confirmInvoiceForfeited' : 'listing.confirm.confirmInvoice', values);
}
