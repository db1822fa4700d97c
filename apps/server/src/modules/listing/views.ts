import { Decimal } from '@tp/decimal';
import { BsFlag, ListingType, PickPayStatus, PickStatus, type Bargain, type CommodityType, type ListingDetail, type ListingPickDetail, type PickInvoice } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { loadCommodityTypes } from '../catalog/index';
import { toMoney, toQuantity } from '../../platform/money';
import { iso, marginMode, type ListingContext } from './context';
import { MESSAGES, notFound } from './listing.errors';
import * as repo from './listing.repo';

const NO_NAMES = { commodityName: '', gradeName: '', unit: '', weightUnit: '' };

/** How listings, picks, offers and invoices read on the wire, from their rows. */
export function createViews(ctx: ListingContext) {
  const { db } = ctx;

  /** Inside a transaction pass it: PGlite has one connection, so a query beside the transaction would wait on it. */
  async function catalogue(tx: DbOrTx = db): Promise<Map<string, CommodityType>> {
    return new Map((await loadCommodityTypes(tx)).map((t) => [t.commodityTypeId, t]));
  }

  function names(types: Map<string, CommodityType>, commodityTypeId: number, gradeId: number) {
    const type = types.get(String(commodityTypeId));
    return {
      commodityName: type?.name ?? '',
      gradeName: type?.grades.find((g) => g.gradeId === String(gradeId))?.gradeName ?? '',
      unit: type?.unit ?? '',
      weightUnit: type?.weightUnit ?? '',
    };
  }

  /** The listings the rows belong to, by id, with the catalogue to name them. */
  async function listingsOf(rows: { listingId: number }[]) {
    const types = await catalogue();
    const listings = new Map((await repo.listingsByIds(db, [...new Set(rows.map((r) => r.listingId))])).map((l) => [l.id, l]));
    const namesOf = (listing: repo.ListingRow | undefined) => (listing ? names(types, listing.commodityTypeId, listing.gradeId) : NO_NAMES);
    return { listings, namesOf };
  }

  async function toListings(rows: repo.ListingRow[], viewerFirmId: number | undefined, staff = false): Promise<ListingDetail[]> {
    const types = await catalogue();
    const fees = await ctx.settings();
    return rows.map((row) => ({
      listingId: String(row.id),
      type: row.type,
      source: row.source,
      commodityTypeId: String(row.commodityTypeId),
      gradeId: String(row.gradeId),
      ...names(types, row.commodityTypeId, row.gradeId),
      price: toMoney(row.price),
      quantity: toQuantity(row.quantity),
      weight: toQuantity(row.weight),
      remaining: toQuantity(row.remaining),
      openTicketDay: row.openTicketDay,
      autoRevoke: row.autoRevoke,
      status: row.status,
      mine: viewerFirmId !== undefined && row.firmId === viewerFirmId,
      createdAt: row.createdAt.toISOString(),
      bsFlag: row.bsFlag,
      bankId: row.bankId,
      origin: row.origin,
      packagId: row.packagId === null ? null : String(row.packagId),
      poundsPoor: Decimal.parse(row.poundsPoor).toString(),
      putWarehousDay: row.putWarehousDay,
      specifications: row.specifications,
      isMarginPay: row.isMarginPay,
      contentSpecificationId: row.contentSpecificationId === null ? null : String(row.contentSpecificationId),
      storageId: row.storageId === null ? null : String(row.storageId),
      storageName: row.storageName,
      margin: toMoney(row.margin),
      // Only a margin sell order freezes a share from its buyers; a pick of anything else pays or delivers in full.
      buyerMarginRatio: row.type === ListingType.margin && row.bsFlag === BsFlag.sell ? ctx.ratiosOf(fees, row.commodityTypeId).buyer.toString() : '0',
      auditStatus: row.auditStatus,
      reason: row.reason,
      topAt: iso(row.topAt),
      firmId: staff ? String(row.firmId) : '',
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function toPicks(rows: repo.PickRow[], viewerFirmId: number | undefined): Promise<ListingPickDetail[]> {
    const { listings, namesOf } = await listingsOf(rows);
    return rows.map((row) => {
      const listing = listings.get(row.listingId);
      const named = namesOf(listing);
      const balance = row.status === PickStatus.confirmed && row.payStatus === PickPayStatus.firstPaid ? Decimal.parse(row.amount).sub(row.buyerMargin) : Decimal.ZERO;
      return {
        pickId: String(row.id),
        listingId: String(row.listingId),
        ...named,
        price: toMoney(row.price),
        quantity: toQuantity(row.quantity),
        weight: row.weight === null ? null : toQuantity(row.weight),
        listedWeight: toQuantity(row.listedWeight ?? row.weight ?? '0'),
        amount: toMoney(row.amount),
        fee: toMoney(row.fee),
        status: row.status,
        payStatus: row.payStatus,
        side: row.sellerFirmId === viewerFirmId ? ('seller' as const) : ('buyer' as const),
        createdAt: row.createdAt.toISOString(),
        listingType: listing?.type ?? '',
        marginPay: listing ? marginMode(listing) : false,
        source: listing?.source ?? '',
        bsFlag: listing?.bsFlag ?? BsFlag.sell,
        priceFlag: row.priceFlag,
        poundsPoor: listing ? Decimal.parse(listing.poundsPoor).toString() : '0',
        invoiceStatus: row.invoiceStatus,
        buyerDefault: row.buyerDefault,
        sellerDefault: row.sellerDefault,
        defaultReason: row.defaultReason,
        deliveryStatus: row.deliveryStatus,
        buyerMargin: toMoney(row.buyerMargin),
        sellerMargin: toMoney(row.sellerMargin),
        balance: toMoney(balance.isNegative() ? Decimal.ZERO : balance),
        confirmedAt: iso(row.confirmedAt),
        balanceDueAt: iso(row.balanceDueAt),
        invoiceDueAt: iso(row.invoiceDueAt),
        deliveryDueAt: iso(row.deliveryDueAt),
        paidAt: iso(row.paidAt),
        settledAt: iso(row.settledAt),
        contractId: row.contractId,
        bargainId: row.bargainId === null ? null : String(row.bargainId),
      };
    });
  }

  async function toBargains(rows: repo.BargainRow[], viewerFirmId: number): Promise<Bargain[]> {
    const { listings, namesOf } = await listingsOf(rows);
    return rows.map((row) => {
      const listing = listings.get(row.listingId);
      return {
        bargainId: String(row.id),
        listingId: String(row.listingId),
        ...namesOf(listing),
        listingType: listing?.type ?? '',
        listingPrice: listing ? toMoney(listing.price) : '',
        price: toMoney(row.price),
        quantity: toQuantity(row.quantity),
        counterPrice: row.counterPrice === null ? null : toMoney(row.counterPrice),
        counterQuantity: row.counterQuantity === null ? null : toQuantity(row.counterQuantity),
        note: row.note,
        counterNote: row.counterNote,
        status: row.status,
        role: row.offererFirmId === viewerFirmId ? ('offerer' as const) : ('owner' as const),
        pickId: row.pickId === null ? null : String(row.pickId),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  function invoiceView(pick: repo.PickRow): PickInvoice {
    return {
      pickId: String(pick.id),
      invoiceStatus: pick.invoiceStatus,
      invoiceTitle: pick.invoiceTitle,
      taxpayerId: pick.taxpayerId,
      amount: pick.invoiceAmount === null ? null : toMoney(pick.invoiceAmount),
      fileName: pick.invoiceFileName,
      fileUrl: pick.invoiceFileId ? `/api/listing/invoice/file?pickId=${pick.id}` : null,
      invoiceDueAt: iso(pick.invoiceDueAt),
      openedAt: iso(pick.invoiceOpenedAt),
      confirmedAt: iso(pick.invoiceConfirmedAt),
    };
  }

  async function listingView(id: number, viewerFirmId: number | undefined): Promise<ListingDetail> {
    const [row] = await repo.listingsByIds(db, [id]);
    if (!row) throw notFound(MESSAGES.listingNotFound);
    const [view] = await toListings([row], viewerFirmId);
    return view!;
  }

  /** A listing as staff see it (with its owner's firm). */
  async function staffListingView(id: number): Promise<ListingDetail> {
    const [row] = await repo.listingsByIds(db, [id]);
    return (await toListings([row!], undefined, true))[0]!;
  }

  async function pickView(id: number, firmId: number): Promise<ListingPickDetail> {
    const row = await repo.pickOfFirm(db, id, firmId, 'either', false);
    if (!row) throw notFound(MESSAGES.pickNotFound);
    const [view] = await toPicks([row], firmId);
    return view!;
  }

  async function bargainView(id: number, firmId: number): Promise<Bargain> {
    const row = await repo.bargainOfFirm(db, id, firmId, false);
    if (!row) throw notFound(MESSAGES.bargainNotFound);
    return (await toBargains([row], firmId))[0]!;
  }

  return { catalogue, names, toListings, toPicks, toBargains, invoiceView, listingView, staffListingView, pickView, bargainView };
}

export type ListingViews = ReturnType<typeof createViews>;
