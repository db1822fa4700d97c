import { Decimal } from '@tp/decimal';
import { DefaultStatus, InvoiceStatus, MarginEventType, PickPayStatus, PickStatus, type InvoiceUpload, type OpenInvoiceRequest, type PickInvoice } from '@tp/contract';
import { withTransaction } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { findReadableUpload, type OpenedFile } from '../../platform/uploads/index';
import { marginMode, type ListingContext } from './context';
import type { ListingGoods } from './goods';
import { MESSAGES, badRequest, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import { payFromFrozen, releaseFunds, type ListingMargins } from './margins';
import type { ListingRights } from './rights';
import type { ListingViews } from './views';

/** The file extension an invoice keeps, by the stored file's type. */
const extensionOf = (mime: string) => (mime === 'application/pdf' ? 'pdf' : mime === 'image/png' ? 'png' : 'jpg');

/** Invoices (开票): the seller uploads and opens the ticket of a paid pick, the buyer confirms it, and a margin pick's seller is paid then. */
export function createInvoices(ctx: ListingContext, parts: { rights: ListingRights; views: ListingViews; goods: ListingGoods; margins: ListingMargins }) {
  const { db, clock, deps } = ctx;
  const { rights, views, goods, margins } = parts;

  async function invoiceOf(auth: AuthContext, pickId: number): Promise<PickInvoice> {
    const pick = await repo.pickOfFirm(db, pickId, Number(auth.firmId), 'either', false);
    if (!pick) throw notFound(MESSAGES.pickNotFound);
    await rights.allowParty(auth, pick);
    return views.invoiceView(pick);
  }

  return {
    async uploadInvoice(auth: AuthContext, buffer: Buffer): Promise<InvoiceUpload> {
      await rights.allow(auth, 'trade.invoice');
      if (!deps.uploads) throw conflict(MESSAGES.fileRequired);
      const pdf = buffer.subarray(0, 5).toString('latin1') === '%PDF-';
      const stored = pdf ? await deps.uploads.storeDocument(auth, buffer) : await deps.uploads.storeImage(auth, buffer);
      return { fileId: stored.id, fileName: `invoice-${stored.id.slice(0, 8)}${pdf ? '.pdf' : ''}`, size: buffer.length };
    },

    /** The seller opens the ticket of a paid pick: `W` → `O` (event 4, no money moves). */
    async openInvoice(auth: AuthContext, input: OpenInvoiceRequest): Promise<PickInvoice> {
      const firmId = await rights.allow(auth, 'trade.invoice');
      const pickId = Number(input.pickId);
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'seller', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await withTransaction(db, async (tx) => {
        const { pick } = await rights.lockPick(tx, pickId, firmId, 'seller');
        if (pick.status !== PickStatus.confirmed || pick.payStatus !== PickPayStatus.fullyPaid) throw conflict(MESSAGES.payState);
        if (pick.invoiceStatus !== InvoiceStatus.notIssued) throw conflict(MESSAGES.invoiceState);
        if (!Decimal.parse(input.amount).eq(pick.amount)) throw badRequest(MESSAGES.invoiceAmount);
        const file = await findReadableUpload(tx, auth, input.fileId);
        const now = clock.now();
        await margins.noteEvent(tx, MarginEventType.openInvoice, pick, `invoice ${input.invoiceTitle}`);
        await repo.updatePick(tx, pick.id, {
          invoiceStatus: InvoiceStatus.issued,
          invoiceTitle: input.invoiceTitle,
          taxpayerId: input.taxpayerId,
          invoiceAmount: input.amount,
          invoiceFileId: file.id,
          invoiceFileName: `invoice-${pick.id}.${extensionOf(file.mime)}`,
          invoiceOpenedAt: now,
          updatedAt: now,
        });
      });
      return invoiceOf(auth, pickId);
    },

    invoice: (auth: AuthContext, pickId: number) => invoiceOf(auth, pickId),

    /** The invoice file, to the pick's buyer and seller only. */
    async invoiceFile(auth: AuthContext, pickId: number): Promise<OpenedFile> {
      const pick = await repo.pickOfFirm(db, pickId, Number(auth.firmId), 'either', false);
      if (!pick || !pick.invoiceFileId || !deps.uploads) throw notFound(MESSAGES.pickNotFound);
      // The pick's party check above stands in for the upload's owner check: the file is the seller firm's.
      return deps.uploads.open({ ...auth, kind: 'user', firmId: String(pick.sellerFirmId) }, pick.invoiceFileId, 'file');
    },

    /**
     * The buyer confirms the invoice: `O` → `T` (event 5). For margin picks the seller's margin is
     * released and the seller is paid the amount less the platform fee (event 6); spot and
     * full-payment picks were paid at confirmation, so nothing more moves.
     */
    async confirmInvoice(auth: AuthContext, pickId: number): Promise<PickInvoice> {
      const firmId = await rights.allow(auth, 'trade.confirmInvoice');
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'buyer', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await rights.lockPick(tx, pickId, firmId, 'buyer');
        if (pick.invoiceStatus !== InvoiceStatus.issued) throw conflict(MESSAGES.invoiceState);
        const now = clock.now();
        await margins.noteEvent(tx, MarginEventType.confirmInvoice, pick, 'invoice confirmed');
        let fee = Decimal.parse(pick.fee);
        if (marginMode(listing)) {
          const s = await ctx.settings(tx);
          const amount = Decimal.parse(pick.amount);
          fee = amount.mul(s.feeRate).truncate(2);
          const sellerMargin = pick.sellerDefault === DefaultStatus.defaulted ? Decimal.ZERO : Decimal.parse(pick.sellerMargin);
          await margins.marginEvent(tx, {
            event: MarginEventType.paySeller,
            listingId: listing.id,
            pickId: pick.id,
            key: `pick:${pick.id}`,
            amount: amount.sub(fee).add(sellerMargin),
            postings: [...payFromFrozen(pick.buyerFirmId, pick.sellerFirmId, amount, fee), ...releaseFunds(pick.sellerFirmId, sellerMargin)],
            note: 'seller paid less the fee, seller margin released',
          });
        }
        await repo.updatePick(tx, pick.id, { invoiceStatus: InvoiceStatus.confirmed, invoiceConfirmedAt: now, settledAt: pick.settledAt ?? now, fee: fee.toString(), updatedAt: now });
        await goods.maybeComplete(tx, listing.id);
      });
      return invoiceOf(auth, pickId);
    },
  };
}
