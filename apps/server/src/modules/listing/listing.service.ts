import { Decimal } from '@tp/decimal';
import {
  LISTING_FEE_RATE,
  MARKET_CLOSE_REASON,
  type AdminDefaultListRequest,
  type AdminDefaultPick,
  type AdminListingAuditRequest,
  type AdminListingListRequest,
  type AdminOffShelfRequest,
  type Bargain,
  type BargainCounterRequest,
  type BargainListRequest,
  type BargainOfferRequest,
  type CommodityType,
  type CreateListingRequest,
  type DefaultReason,
  type InvoiceUpload,
  type ListingDetail,
  type ListingFeeSettings,
  type ListingPickDetail,
  type MarginEvent,
  type MarginListingRequest,
  type MarketQuery,
  type OpenInvoiceRequest,
  type Page,
  type PayBalanceRequest,
  type PickAllRequest,
  type PickHistory,
  type PickInvoice,
  type PickListQuery,
  type PickRequest,
  type PickSellRequest,
  type PurchaseListingRequest,
  type StockInRequest,
  type TopRequest,
  type PublicFeeSettings,
  JournalType,
  isJournalType,
} from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { findReadableUpload, type OpenedFile, type UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import { firmFund } from '../bank/index';
import type { PaymentPasswordService } from '../identity/index';
import { LedgerKind, PLATFORM_OWNER, shanghaiDay, type AccountRef, type LedgerService, type PostingInput } from '../ledger/index';
import type { FirmService, RightCode } from '../firm/index';
import type { WarehouseService } from '../warehouse/index';
import { MESSAGES, badRequest, conflict, forbidden, notFound } from './listing.errors';
import * as repo from './listing.repo';

export const ListingJournalType = {
  pickFreeze: JournalType.listingPickFreeze,
  pickRelease: JournalType.listingPickRelease,
  pickSettle: JournalType.listingPickSettle,
} as const;

/** One journal type per margin event that moves money: `listing.margin.<n>`. */
export const marginJournalType = (event: number): JournalType => {
  const type = `listing.margin.${event}`;
  if (!isJournalType(type)) throw new Error(`margin event ${event} moves no money, so it has no journal type`);
  return type;
};

export const ListingJobs = { defaults: 'listing.defaults', autoRevoke: 'listing.autoRevoke' } as const;

/** What a contract needs from a confirmed pick; decimals as strings. */
export interface PickContractTerms {
  pickId: number;
  listingId: number;
  listingType: string;
  source: string;
  sellerFirmId: number;
  buyerFirmId: number;
  commodityName: string;
  gradeName: string;
  unit: string;
  weightUnit: string;
  price: string;
  quantity: string;
  weight: string;
  amount: string;
  buyerMargin: string;
  sellerMargin: string;
  feeRate: string;
  poundsPoor: string;
  openTicketDay: number;
  balanceDueAt: string | null;
  deliveryDueAt: string | null;
  origin: string | null;
  warehouseName: string | null;
  confirmedAt: string;
}
export interface ContractIssuer {
  /** Records the pick's contract inside the confirming transaction; rendering/signing may happen after. */
  issueForPick(tx: DbOrTx, terms: PickContractTerms): Promise<{ contractId: string }>;
}

export interface ListingServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight'>;
  warehouse: Pick<WarehouseService, 'freezeHolding' | 'releaseHolding' | 'moveFrozen' | 'holdings'>;
  /** Stores invoice files (sniffed, size-limited). */
  uploads?: Pick<UploadService, 'storeDocument' | 'storeImage' | 'open'>;
  contracts?: ContractIssuer;
  /** Refuses a firm that may not trade yet (a personal firm without real-name verification, since contracts name the person). */
  traders: { assertMayTrade(auth: AuthContext): Promise<void> };
  /** Checks the margin password before a margin payment. */
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  /** The platform's share of a confirmed pick's amount when no settings row exists yet. */
  feeRate?: string;
}

type CreateInput = z.output<typeof CreateListingRequest>;
type MarginInput = z.output<typeof MarginListingRequest>;
type PurchaseInput = z.output<typeof PurchaseListingRequest>;
type MarketInput = z.output<typeof MarketQuery>;
type PickQuery = z.output<typeof PickListQuery>;
type BargainOfferInput = z.output<typeof BargainOfferRequest>;
type BargainCounterInput = z.output<typeof BargainCounterRequest>;
type BargainQuery = z.output<typeof BargainListRequest>;
type AdminListingQuery = z.output<typeof AdminListingListRequest>;
type AuditInput = z.output<typeof AdminListingAuditRequest>;
type DefaultQuery = z.output<typeof AdminDefaultListRequest>;

const FEE_INCOME: AccountRef = { ...PLATFORM_OWNER, currency: 'CNY', kind: LedgerKind.feeIncome };
const DAY_MS = 86_400_000;
const d = (v: string) => Decimal.parse(v);
const q3 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(3).toFixed(3);
const m2 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(2).toFixed(2);
const iso = (v: Date | null) => (v ? v.toISOString() : null);
const pageOf = <T>(content: T[], total: number, query: { page: number; size: number }): Page<T> => ({ content, total, page: query.page, size: query.size });
/** Rounding of one weight unit in the last place: proportional weights are truncated to 3 decimals. */
const WEIGHT_SLACK = d('0.001');

/** The weight of `quantity` out of a backing part: the whole weight for the whole part, else in proportion, truncated to 3 places. */
function weightOf(quantity: Decimal, backingQuantity: Decimal, backingWeight: Decimal): Decimal {
  if (quantity.eq(backingQuantity)) return backingWeight;
  return backingWeight.mul(quantity).div(backingQuantity, 3, 'truncate');
}

/** Whether the listing's money works by margins (first payment, balance) rather than full payment at confirmation. */
function marginMode(listing: repo.ListingRow): boolean {
  return listing.type === 'B' || (listing.type === 'Q' && listing.isMarginPay);
}

/** The owner of a buy-side listing is its buyer. */
const buySide = (listing: repo.ListingRow) => listing.bsFlag === 'B';

export const DEFAULT_SETTINGS = {
  feeRate: LISTING_FEE_RATE,
  defaultBuyerMarginRatio: '0.2',
  defaultSellerMarginRatio: '0.2',
  balanceDays: 3,
  graceDays: 1,
  forfeitPlatformShare: '0.2',
  marketCloseTime: '15:00',
} as const;

export function createListingService(deps: ListingServiceDeps) {
  const { db, clock, ledger, firm, warehouse } = deps;
  const actorOf = (auth: AuthContext) => `${auth.kind}:${auth.userId}`;

  async function allow(auth: AuthContext, right: RightCode): Promise<number> {
    await firm.requireRight(auth, right);
    return Number(auth.firmId);
  }

  /** Every trading entry point: the right, then whether the firm may trade at all; both before any transaction. */
  async function allowTrading(auth: AuthContext, right: RightCode): Promise<number> {
    const firmId = await allow(auth, right);
    await deps.traders.assertMayTrade(auth);
    return firmId;
  }

  /** The right the listing's owner acts with; checked before any transaction (the check reads the database). */
  async function allowOwner(auth: AuthContext, listingId: number): Promise<number> {
    const firmId = Number(auth.firmId);
    const [listing] = await repo.listingsByIds(db, [listingId]);
    if (!listing || listing.firmId !== firmId) throw notFound(MESSAGES.listingNotFound);
    return allow(auth, buySide(listing) ? 'trade.purchase' : 'trade.list');
  }

  async function allowPickOwner(auth: AuthContext, pickId: number): Promise<number> {
    const firmId = Number(auth.firmId);
    const peek = await repo.pickById(db, pickId, false);
    const listing = peek ? (await repo.listingsByIds(db, [peek.listingId]))[0] : undefined;
    if (!peek || !listing || (buySide(listing) ? peek.buyerFirmId : peek.sellerFirmId) !== firmId) throw notFound(MESSAGES.pickNotFound);
    return allow(auth, buySide(listing) ? 'trade.purchase' : 'trade.list');
  }

  const requireStaff = (auth: AuthContext) => {
    if (auth.kind !== 'staff') throw forbidden();
  };

  // ---- settings --------------------------------------------------------------------------------

  async function settings(tx: DbOrTx = db): Promise<ListingFeeSettings> {
    const { row, commodities } = await repo.loadSettings(tx);
    const base = row
      ? {
          feeRate: d(row.feeRate).toString(),
          defaultBuyerMarginRatio: d(row.defaultBuyerMarginRatio).toString(),
          defaultSellerMarginRatio: d(row.defaultSellerMarginRatio).toString(),
          balanceDays: row.balanceDays,
          graceDays: row.graceDays,
          forfeitPlatformShare: d(row.forfeitPlatformShare).toString(),
          marketCloseTime: row.marketCloseTime,
        }
      : { ...DEFAULT_SETTINGS, feeRate: deps.feeRate ?? DEFAULT_SETTINGS.feeRate };
    return {
      ...base,
      commodities: commodities.map((c) => ({
        commodityTypeId: String(c.commodityTypeId),
        buyerMarginRatio: d(c.buyerMarginRatio).toString(),
        sellerMarginRatio: d(c.sellerMarginRatio).toString(),
        graceDays: c.graceDays,
      })),
    };
  }

  function ratiosOf(s: ListingFeeSettings, commodityTypeId: number) {
    const own = s.commodities.find((c) => c.commodityTypeId === String(commodityTypeId));
    return {
      buyer: d(own?.buyerMarginRatio ?? s.defaultBuyerMarginRatio),
      seller: d(own?.sellerMarginRatio ?? s.defaultSellerMarginRatio),
      graceDays: own?.graceDays ?? s.graceDays,
    };
  }

  // ---- views -----------------------------------------------------------------------------------

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

  async function toListings(rows: repo.ListingRow[], viewerFirmId: number | undefined, staff = false): Promise<ListingDetail[]> {
    const types = await catalogue();
    const fees = await settings();
    return rows.map((row) => ({
      listingId: String(row.id),
      type: row.type,
      source: row.source,
      commodityTypeId: String(row.commodityTypeId),
      gradeId: String(row.gradeId),
      ...names(types, row.commodityTypeId, row.gradeId),
      price: m2(row.price),
      quantity: q3(row.quantity),
      weight: q3(row.weight),
      remaining: q3(row.remaining),
      openTicketDay: row.openTicketDay,
      autoRevoke: row.autoRevoke,
      status: row.status,
      mine: viewerFirmId !== undefined && row.firmId === viewerFirmId,
      createdAt: row.createdAt.toISOString(),
      bsFlag: row.bsFlag,
      bankId: row.bankId,
      origin: row.origin,
      packagId: row.packagId === null ? null : String(row.packagId),
      poundsPoor: d(row.poundsPoor).toString(),
      putWarehousDay: row.putWarehousDay,
      specifications: row.specifications,
      isMarginPay: row.isMarginPay,
      contentSpecificationId: row.contentSpecificationId === null ? null : String(row.contentSpecificationId),
      storageId: row.storageId === null ? null : String(row.storageId),
      storageName: row.storageName,
      margin: m2(row.margin),
      // Only a margin sell order freezes a share from its buyers; a pick of anything else pays or delivers in full.
      buyerMarginRatio: row.type === 'B' && row.bsFlag === 'S' ? ratiosOf(fees, row.commodityTypeId).buyer.toString() : '0',
      auditStatus: row.auditStatus,
      reason: row.reason,
      topAt: iso(row.topAt),
      firmId: staff ? String(row.firmId) : '',
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function toPicks(rows: repo.PickRow[], viewerFirmId: number | undefined): Promise<ListingPickDetail[]> {
    const types = await catalogue();
    const listings = new Map((await repo.listingsByIds(db, [...new Set(rows.map((r) => r.listingId))])).map((l) => [l.id, l]));
    return rows.map((row) => {
      const listing = listings.get(row.listingId);
      const named = listing ? names(types, listing.commodityTypeId, listing.gradeId) : { commodityName: '', gradeName: '', unit: '', weightUnit: '' };
      const balance = row.status === 'T' && row.payStatus === 'F' ? d(row.amount).sub(row.buyerMargin) : Decimal.ZERO;
      return {
        pickId: String(row.id),
        listingId: String(row.listingId),
        commodityName: named.commodityName,
        gradeName: named.gradeName,
        unit: named.unit,
        weightUnit: named.weightUnit,
        price: m2(row.price),
        quantity: q3(row.quantity),
        weight: row.weight === null ? null : q3(row.weight),
        listedWeight: q3(row.listedWeight ?? row.weight ?? '0'),
        amount: m2(row.amount),
        fee: m2(row.fee),
        status: row.status,
        payStatus: row.payStatus,
        side: row.sellerFirmId === viewerFirmId ? ('seller' as const) : ('buyer' as const),
        createdAt: row.createdAt.toISOString(),
        listingType: listing?.type ?? '',
        marginPay: listing ? marginMode(listing) : false,
        source: listing?.source ?? '',
        bsFlag: listing?.bsFlag ?? 'S',
        priceFlag: row.priceFlag,
        poundsPoor: listing ? d(listing.poundsPoor).toString() : '0',
        invoiceStatus: row.invoiceStatus,
        buyerDefault: row.buyerDefault,
        sellerDefault: row.sellerDefault,
        defaultReason: row.defaultReason,
        deliveryStatus: row.deliveryStatus,
        buyerMargin: m2(row.buyerMargin),
        sellerMargin: m2(row.sellerMargin),
        balance: m2(balance.isNegative() ? Decimal.ZERO : balance),
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

  async function listingView(id: number, viewerFirmId: number | undefined): Promise<ListingDetail> {
    const [row] = await repo.listingsByIds(db, [id]);
    if (!row) throw notFound(MESSAGES.listingNotFound);
    const [view] = await toListings([row], viewerFirmId);
    return view!;
  }

  async function pickView(id: number, firmId: number): Promise<ListingPickDetail> {
    const row = await repo.pickOfFirm(db, id, firmId, 'either', false);
    if (!row) throw notFound(MESSAGES.pickNotFound);
    const [view] = await toPicks([row], firmId);
    return view!;
  }

  // ---- money -----------------------------------------------------------------------------------

  /** Posts one journal, leaving out zero postings; nothing is posted when nothing moves. */
  async function postJournal(tx: DbOrTx, input: { key: string; type: JournalType; ref: string; postings: PostingInput[] }): Promise<string | null> {
    const postings = input.postings.filter((p) => !d(p.amount).isZero());
    if (postings.length === 0) return null;
    const journal = await ledger.post(tx, { idempotencyKey: input.key, type: input.type, businessRef: input.ref, postings });
    return journal.id;
  }

  /** One margin event: its journal (when money moves) and its history row. */
  async function marginEvent(
    tx: DbOrTx,
    input: { event: number; listingId: number; pickId: number | null; key: string; amount: Decimal; postings: PostingInput[]; note: string; journalId?: string | null },
  ): Promise<string | null> {
    const journalId =
      input.journalId !== undefined
        ? input.journalId
        : await postJournal(tx, { key: `${marginJournalType(input.event)}:${input.key}`, type: marginJournalType(input.event), ref: String(input.pickId ?? input.listingId), postings: input.postings });
    await repo.insertEvent(tx, {
      listingId: input.listingId,
      pickId: input.pickId,
      eventType: String(input.event),
      amount: m2(input.amount),
      journalId,
      note: input.note,
      createdAt: clock.now(),
    });
    return journalId;
  }

  const freezePostings = (firmId: number, amount: Decimal): PostingInput[] => [
    { account: firmFund(firmId, 'available'), amount: amount.neg().toString() },
    { account: firmFund(firmId, 'frozen'), amount: amount.toString() },
  ];
  const releasePostings = (firmId: number, amount: Decimal): PostingInput[] => [
    { account: firmFund(firmId, 'frozen'), amount: amount.neg().toString() },
    { account: firmFund(firmId, 'available'), amount: amount.toString() },
  ];
  /** A forfeited margin: from the defaulting side's frozen funds to the other side, the platform keeping its share. */
  function forfeitPostings(fromFirmId: number, toFirmId: number, amount: Decimal, platformShare: Decimal): PostingInput[] {
    const platform = amount.mul(platformShare).truncate(2);
    return [
      { account: firmFund(fromFirmId, 'frozen'), amount: amount.neg().toString() },
      { account: firmFund(toFirmId, 'available'), amount: amount.sub(platform).toString() },
      { account: FEE_INCOME, amount: platform.toString() },
    ];
  }

  /** Delivered weight must lie within the listed weight ± poundsPoor (plus the last-place rounding). */
  function checkTolerance(listed: Decimal, actual: Decimal, poundsPoor: string) {
    const allowed = listed.mul(poundsPoor).truncate(3).add(WEIGHT_SLACK);
    if (actual.sub(listed).abs().gt(allowed)) throw conflict(MESSAGES.weightTolerance);
  }

  // ---- goods -----------------------------------------------------------------------------------

  /**
   * Re-cuts the listing's frozen part so it backs exactly `keep` (what the listing still owes),
   * first splitting off `sell` for a buyer when given. Everything else returns to the seller's
   * held stock. Quantities are conserved by the warehouse; weights follow the backing part.
   */
  async function recut(tx: DbOrTx, listing: repo.ListingRow, keep: Decimal, actor: string, sell?: { quantity: Decimal; toFirmId: number }) {
    const backingQuantity = d(listing.backingQuantity);
    const backingWeight = d(listing.backingWeight);
    if (listing.holdId === null) throw conflict(MESSAGES.listingState);
    const held = await warehouse.releaseHolding(tx, { holdId: listing.holdId, actor });
    let bought: number | null = null;
    let soldWeight: Decimal | null = null;
    let leftQuantity = backingQuantity;
    let leftWeight = backingWeight;
    if (sell) {
      soldWeight = weightOf(sell.quantity, backingQuantity, backingWeight);
      const part = await warehouse.freezeHolding(tx, { firmId: listing.firmId, holdId: held.id, quantity: sell.quantity.toString(), weight: soldWeight.toString(), actor });
      bought = (await warehouse.moveFrozen(tx, { holdId: part.id, toFirmId: sell.toFirmId, actor })).id;
      leftQuantity = backingQuantity.sub(sell.quantity);
      leftWeight = backingWeight.sub(soldWeight);
    }
    const keepWeight = keep.eq(leftQuantity) ? leftWeight : weightOf(keep, leftQuantity, leftWeight);
    const holdId = keep.isPositive()
      ? (await warehouse.freezeHolding(tx, { firmId: listing.firmId, holdId: held.id, quantity: keep.toString(), weight: keepWeight.toString(), actor })).id
      : null;
    const backing = { holdId, backingQuantity: keep.toString(), backingWeight: keep.isPositive() ? keepWeight.toString() : '0' };
    return { backing, bought, soldWeight };
  }

  /** The seller's held holding by id, checked against the listing's commodity and grade. */
  async function sellerHolding(auth: AuthContext, holdId: string, commodityTypeId: number, gradeId: number) {
    const held = (await warehouse.holdings(auth, { status: '0', page: 0, size: 1000 })).content.find((h) => h.holdId === holdId);
    const type = (await catalogue()).get(String(commodityTypeId));
    const grade = type?.grades.find((g) => g.gradeId === String(gradeId));
    if (held && (!type || !grade || type.name !== held.commodityName || grade.gradeName !== held.gradeName)) throw conflict(MESSAGES.badCatalog);
    return held;
  }

  /** A seller's holding offered to a buy order must exist, be held and match the order's commodity and grade. */
  async function checkOfferedHolding(auth: AuthContext, listingId: number, holdId: string) {
    const listing = (await repo.listingsByIds(db, [listingId]))[0];
    if (!listing) throw notFound(MESSAGES.listingNotFound);
    await sellerHolding(auth, holdId, listing.commodityTypeId, listing.gradeId);
  }

  /** The goods of a pick become the buyer's: from the pick's own frozen part, or cut from the listing's. */
  async function deliverGoods(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, actor: string, checkOnly = false) {
    const quantity = d(pick.quantity);
    if (pick.holdId !== null) {
      if (checkOnly) return null;
      const bought = await warehouse.moveFrozen(tx, { holdId: pick.holdId, toFirmId: pick.buyerFirmId, actor });
      return { bought: bought.id, weight: d(bought.weight), backing: null };
    }
    const weight = weightOf(quantity, d(listing.backingQuantity), d(listing.backingWeight));
    if (checkOnly) return { bought: null, weight, backing: null };
    const keep = d(listing.backingQuantity).sub(quantity);
    const { backing, bought, soldWeight } = await recut(tx, listing, keep, actor, { quantity, toFirmId: pick.buyerFirmId });
    return { bought, weight: soldWeight ?? weight, backing };
  }

  /** The actual weight of the pick's goods before they move. */
  async function actualWeight(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow): Promise<Decimal> {
    if (pick.weight !== null && pick.holdId !== null) return d(pick.weight);
    const probe = await deliverGoods(tx, listing, pick, '', true);
    return probe!.weight;
  }

  /** Gives a pick's goods back to the seller's held stock (the pick ended without delivery). */
  async function returnGoods(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, actor: string, backToMarket: boolean) {
    const now = clock.now();
    if (pick.holdId !== null) {
      await warehouse.releaseHolding(tx, { holdId: pick.holdId, actor });
      if (backToMarket && listing.status !== 'U') await repo.updateListing(tx, listing.id, { remaining: d(listing.remaining).add(pick.quantity).toString(), status: 'O', updatedAt: now });
      return;
    }
    if (listing.holdId === null) {
      // Presale before stock-in: no goods exist yet, only the quantity goes back.
      if (backToMarket && listing.status !== 'U') await repo.updateListing(tx, listing.id, { remaining: d(listing.remaining).add(pick.quantity).toString(), status: 'O', updatedAt: now });
      return;
    }
    const quantity = d(pick.quantity);
    if (backToMarket && listing.status !== 'U') {
      await repo.updateListing(tx, listing.id, { remaining: d(listing.remaining).add(quantity).toString(), status: 'O', updatedAt: now });
      return;
    }
    const { backing } = await recut(tx, listing, d(listing.backingQuantity).sub(quantity), actor);
    await repo.updateListing(tx, listing.id, { ...backing, updatedAt: now });
  }

  /** A picked-out listing is complete once none of its picks is still open. */
  async function maybeComplete(tx: DbOrTx, listingId: number) {
    const listing = await repo.listingById(tx, listingId);
    if (!listing || listing.status !== 'Z') return;
    if ((await repo.openPicks(tx, listingId)).length === 0) await repo.updateListing(tx, listingId, { status: 'T', updatedAt: clock.now() });
  }

  /** The owner's money for a listing's remainder goes back (listing cancelled, failed or forced off). */
  async function releaseListingMargin(tx: DbOrTx, listing: repo.ListingRow, note: string) {
    const margin = d(listing.margin);
    if (!margin.isPositive()) return;
    await marginEvent(tx, { event: 7, listingId: listing.id, pickId: null, key: `listing:${listing.id}`, amount: margin, postings: releasePostings(listing.firmId, margin), note });
  }

  /** Ends the listing's open remainder: goods (when a holding backs it) and the owner's money go back. */
  async function closeRemainder(tx: DbOrTx, listing: repo.ListingRow, actor: string, patch: Partial<repo.ListingRow>, note: string) {
    const now = clock.now();
    let backing = {};
    if (listing.holdId !== null) {
      const reserved = d(listing.backingQuantity).sub(listing.remaining);
      backing = (await recut(tx, listing, reserved, actor)).backing;
    }
    await releaseListingMargin(tx, listing, note);
    await repo.updateListing(tx, listing.id, { ...backing, remaining: '0', margin: '0', status: 'U', updatedAt: now, ...patch });
  }

  // ---- contract --------------------------------------------------------------------------------

  async function termsOf(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, feeRate: string, confirmedAt: Date): Promise<PickContractTerms> {
    const named = names(await catalogue(tx), listing.commodityTypeId, listing.gradeId);
    return {
      pickId: pick.id,
      listingId: listing.id,
      listingType: listing.type,
      source: listing.source,
      sellerFirmId: pick.sellerFirmId,
      buyerFirmId: pick.buyerFirmId,
      ...named,
      price: m2(pick.price),
      quantity: q3(pick.quantity),
      weight: q3(pick.weight ?? pick.listedWeight ?? '0'),
      amount: m2(pick.amount),
      buyerMargin: marginMode(listing) ? m2(pick.buyerMargin) : '0.00',
      sellerMargin: m2(pick.sellerMargin),
      feeRate,
      poundsPoor: d(listing.poundsPoor).toString(),
      openTicketDay: listing.openTicketDay,
      balanceDueAt: iso(pick.balanceDueAt),
      deliveryDueAt: iso(pick.deliveryDueAt),
      origin: listing.origin || null,
      warehouseName: listing.storageName,
      confirmedAt: confirmedAt.toISOString(),
    };
  }

  // ---- picking ---------------------------------------------------------------------------------

  const presaleDeadline = (day: string) => new Date(`${day}T23:59:59.999+08:00`);

  /**
   * Makes a pick inside the caller's transaction (the listing row locked first): a buyer on a sell
   * listing, or a seller with one of its holdings on a buy-side listing.
   */
  async function makePick(
    tx: DbOrTx,
    auth: AuthContext,
    firmId: number,
    input: { listingId: number; quantity?: Decimal | undefined; holdId?: string | undefined; price?: string; bargainId?: number },
  ): Promise<number> {
    const listing = await repo.listingById(tx, input.listingId);
    if (!listing) throw notFound(MESSAGES.listingNotFound);
    if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
    if (listing.firmId === firmId) throw conflict(MESSAGES.ownListing);
    const remaining = d(listing.remaining);
    const quantity = input.quantity ?? remaining;
    if (!quantity.isPositive() || quantity.gt(remaining)) throw conflict(MESSAGES.overPick);
    const price = d(input.price ?? listing.price);
    const now = clock.now();
    const left = remaining.sub(quantity);
    const whole = quantity.eq(d(listing.quantity));
    const listedWeight = whole ? d(listing.weight) : d(listing.weight).mul(quantity).div(listing.quantity, 3, 'truncate');
    const base = {
      listingId: listing.id,
      price: price.toString(),
      quantity: quantity.toString(),
      status: 'W',
      payStatus: 'W',
      priceFlag: input.bargainId === undefined ? 'F' : 'T',
      bargainId: input.bargainId ?? null,
      createdAt: now,
      updatedAt: now,
    };

    if (listing.type === 'X') {
      if (buySide(listing)) throw conflict(MESSAGES.wrongSide);
      const amount = price.mul(quantity).truncate(2);
      if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
      await repo.updateListing(tx, listing.id, { remaining: left.toString(), status: left.isZero() ? 'Z' : 'O', updatedAt: now });
      const pick = await repo.insertPick(tx, { ...base, buyerFirmId: firmId, sellerFirmId: listing.firmId, amount: amount.toString(), buyerMargin: amount.toString(), listedWeight: listedWeight.toString() });
      await postJournal(tx, { key: `${ListingJournalType.pickFreeze}:${pick.id}`, type: ListingJournalType.pickFreeze, ref: String(pick.id), postings: freezePostings(firmId, amount) });
      return pick.id;
    }

    // Margin and purchase listings are priced per weight unit: the amount follows the weight.
    const amount = price.mul(listedWeight).truncate(2);
    if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
    const s = await settings(tx);
    const ratios = ratiosOf(s, listing.commodityTypeId);
    // The owner's money for this share of the listing: all that is left for the last part, else in proportion.
    const ownerShare = left.isZero() ? d(listing.margin) : d(listing.margin).mul(quantity).div(remaining, 2, 'truncate');
    const margin = marginMode(listing);

    if (!buySide(listing)) {
      if (input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const buyerMargin = amount.mul(ratios.buyer).truncate(2);
      await repo.updateListing(tx, listing.id, { remaining: left.toString(), margin: d(listing.margin).sub(ownerShare).toString(), status: left.isZero() ? 'Z' : 'O', updatedAt: now });
      const pick = await repo.insertPick(tx, {
        ...base,
        buyerFirmId: firmId,
        sellerFirmId: listing.firmId,
        amount: amount.toString(),
        listedWeight: listedWeight.toString(),
        buyerMargin: buyerMargin.toString(),
        sellerMargin: ownerShare.toString(),
        deliveryStatus: listing.source === 'C' ? 'W' : 'N',
      });
      // The margin freezes now; confirmation records it as event 2 (the same journal, replayed by its key).
      await postJournal(tx, { key: `${marginJournalType(2)}:pick:${pick.id}`, type: marginJournalType(2), ref: String(pick.id), postings: freezePostings(firmId, buyerMargin) });
      return pick.id;
    }

    // A seller answers a buy order with goods it holds (checked against the commodity before the transaction).
    if (input.holdId === undefined) throw conflict(MESSAGES.wrongSide);
    const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: quantity.toString(), actor: actorOf(auth) });
    checkTolerance(listedWeight, d(part.weight), listing.poundsPoor);
    const sellerMargin = margin ? amount.mul(ratios.seller).truncate(2) : Decimal.ZERO;
    await repo.updateListing(tx, listing.id, { remaining: left.toString(), margin: d(listing.margin).sub(ownerShare).toString(), status: left.isZero() ? 'Z' : 'O', updatedAt: now });
    const pick = await repo.insertPick(tx, {
      ...base,
      buyerFirmId: listing.firmId,
      sellerFirmId: firmId,
      amount: amount.toString(),
      listedWeight: listedWeight.toString(),
      weight: part.weight,
      holdId: part.id,
      buyerMargin: ownerShare.toString(),
      sellerMargin: sellerMargin.toString(),
    });
    await postJournal(tx, { key: `${ListingJournalType.pickFreeze}:${pick.id}`, type: ListingJournalType.pickFreeze, ref: String(pick.id), postings: freezePostings(firmId, sellerMargin) });
    return pick.id;
  }

  /** The firm that owns the listing answers picks on it (confirm, refuse); the other party is the picker. */
  const ownerOfPick = (listing: repo.ListingRow, pick: repo.PickRow) => (buySide(listing) ? pick.buyerFirmId : pick.sellerFirmId);
  const pickerOfPick = (listing: repo.ListingRow, pick: repo.PickRow) => (buySide(listing) ? pick.sellerFirmId : pick.buyerFirmId);

  /** Loads listing then pick (the fixed lock order), with the firm on the given role of the pick. */
  async function lockPick(tx: DbOrTx, pickId: number, firmId: number, role: 'owner' | 'picker' | 'buyer' | 'seller' | 'either') {
    const peek = await repo.pickById(tx, pickId, false);
    if (!peek) throw notFound(MESSAGES.pickNotFound);
    const listing = await repo.listingById(tx, peek.listingId);
    const pick = await repo.pickById(tx, pickId);
    if (!listing || !pick) throw notFound(MESSAGES.pickNotFound);
    const ok =
      role === 'owner'
        ? ownerOfPick(listing, pick) === firmId
        : role === 'picker'
          ? pickerOfPick(listing, pick) === firmId
          : role === 'buyer'
            ? pick.buyerFirmId === firmId
            : role === 'seller'
              ? pick.sellerFirmId === firmId
              : pick.buyerFirmId === firmId || pick.sellerFirmId === firmId;
    if (!ok) throw notFound(MESSAGES.pickNotFound);
    return { listing, pick };
  }

  /** Ends a pick awaiting confirmation (refused `F` or cancelled `U`): the picker's money, the owner's share and the goods come back. */
  async function endPick(auth: AuthContext, firmId: number, role: 'owner' | 'picker', pickId: number, to: 'F' | 'U'): Promise<ListingPickDetail> {
    await withTransaction(db, async (tx) => {
      const { listing, pick } = await lockPick(tx, pickId, firmId, role);
      if (pick.status !== 'W') throw conflict(MESSAGES.pickState);
      const now = clock.now();
      await repo.updatePick(tx, pick.id, { status: to, updatedAt: now });
      if (listing.type === 'X') {
        await postJournal(tx, { key: `${ListingJournalType.pickRelease}:${pick.id}`, type: ListingJournalType.pickRelease, ref: String(pick.id), postings: releasePostings(pick.buyerFirmId, d(pick.amount)) });
        await returnGoods(tx, listing, pick, actorOf(auth), true);
        return;
      }
      const sell = !buySide(listing);
      const pickerMoney = d(sell ? pick.buyerMargin : pick.sellerMargin);
      const ownerShare = d(sell ? pick.sellerMargin : pick.buyerMargin);
      const picker = pickerOfPick(listing, pick);
      // The owner's share goes back to the listing while it is open, else straight back to the owner.
      const ownerBack = listing.status === 'U' ? releasePostings(listing.firmId, ownerShare) : [];
      await marginEvent(tx, {
        event: 7,
        listingId: listing.id,
        pickId: pick.id,
        key: `pick:${pick.id}`,
        amount: pickerMoney.add(listing.status === 'U' ? ownerShare : Decimal.ZERO),
        postings: [...releasePostings(picker, pickerMoney), ...ownerBack],
        note: to === 'F' ? 'refused' : 'cancelled',
      });
      if (listing.status !== 'U') await repo.updateListing(tx, listing.id, { margin: d(listing.margin).add(ownerShare).toString(), updatedAt: now });
      const fresh = (await repo.listingById(tx, listing.id))!;
      await returnGoods(tx, fresh, pick, actorOf(auth), true);
    });
    return pickView(pickId, firmId);
  }

  // ---- listing creation --------------------------------------------------------------------------

  async function insertListing(tx: DbOrTx, firmId: number, row: Omit<Parameters<typeof repo.insertListing>[1], 'firmId' | 'createdAt' | 'updatedAt'>) {
    const now = clock.now();
    return repo.insertListing(tx, { ...row, firmId, createdAt: now, updatedAt: now });
  }

  // ---- defaults --------------------------------------------------------------------------------

  async function sweepDefaults(): Promise<number> {
    const now = clock.now();
    const s = await settings();
    const share = d(s.forfeitPlatformShare);
    let changed = 0;
    for (const candidate of await repo.sweepCandidates(db)) {
      const moved = await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, candidate.listingId);
        const pick = await repo.pickById(tx, candidate.id);
        if (!listing || !pick || pick.status !== 'T') return false;
        const grace = ratiosOf(s, listing.commodityTypeId).graceDays * DAY_MS;
        const nowMs = now.getTime();
        const actor = 'system:listing.defaults';

        // Buyer: the balance of a margin pick is overdue.
        if (pick.payStatus === 'F' && pick.balanceDueAt && nowMs > pick.balanceDueAt.getTime() && pick.buyerDefault !== 'F') {
          if (pick.buyerDefault === 'N') {
            await repo.updatePick(tx, pick.id, { buyerDefault: 'W', buyerDelayedAt: now, defaultReason: 'balanceOverdue' satisfies DefaultReason, updatedAt: now });
            return true;
          }
          if (nowMs > pick.balanceDueAt.getTime() + grace) {
            const buyerMargin = d(pick.buyerMargin);
            const sellerMargin = d(pick.sellerMargin);
            await marginEvent(tx, {
              event: 7,
              listingId: listing.id,
              pickId: pick.id,
              key: `pick:${pick.id}`,
              amount: buyerMargin.add(sellerMargin),
              postings: [...forfeitPostings(pick.buyerFirmId, pick.sellerFirmId, buyerMargin, share), ...releasePostings(pick.sellerFirmId, sellerMargin)],
              note: 'buyer default: buyer margin forfeited to the seller, seller margin released',
            });
            await returnGoods(tx, listing, pick, actor, false);
            await repo.updatePick(tx, pick.id, { buyerDefault: 'F', status: 'F', defaultReason: 'balanceDefaulted' satisfies DefaultReason, updatedAt: now });
            await maybeComplete(tx, listing.id);
            return true;
          }
        }

        // Seller: presale goods not stocked in by putWarehousDay.
        if (pick.deliveryStatus === 'W' && pick.deliveryDueAt && nowMs > pick.deliveryDueAt.getTime() && pick.sellerDefault !== 'F') {
          if (pick.sellerDefault === 'N') {
            await repo.updatePick(tx, pick.id, { sellerDefault: 'W', sellerDelayedAt: now, defaultReason: 'deliveryOverdue' satisfies DefaultReason, updatedAt: now });
            return true;
          }
          if (nowMs > pick.deliveryDueAt.getTime() + grace) {
            const buyerMoney = d(pick.buyerMargin);
            const sellerMargin = d(pick.sellerMargin);
            await marginEvent(tx, {
              event: 7,
              listingId: listing.id,
              pickId: pick.id,
              key: `pick:${pick.id}`,
              amount: buyerMoney.add(sellerMargin),
              postings: [...forfeitPostings(pick.sellerFirmId, pick.buyerFirmId, sellerMargin, share), ...releasePostings(pick.buyerFirmId, buyerMoney)],
              note: 'seller default (not delivered): seller margin forfeited to the buyer, buyer margin released',
            });
            await repo.updatePick(tx, pick.id, { sellerDefault: 'F', status: 'F', defaultReason: 'deliveryDefaulted' satisfies DefaultReason, updatedAt: now });
            await maybeComplete(tx, listing.id);
            return true;
          }
        }

        // Seller: no invoice within openTicketDay.
        if (pick.payStatus === 'L' && pick.invoiceStatus === 'W' && pick.invoiceDueAt && nowMs > pick.invoiceDueAt.getTime() && pick.sellerDefault !== 'F') {
          if (pick.sellerDefault === 'N') {
            await repo.updatePick(tx, pick.id, { sellerDefault: 'W', sellerDelayedAt: now, defaultReason: 'invoiceOverdue' satisfies DefaultReason, updatedAt: now });
            return true;
          }
          if (nowMs > pick.invoiceDueAt.getTime() + grace) {
            const sellerMargin = marginMode(listing) ? d(pick.sellerMargin) : Decimal.ZERO;
            await marginEvent(tx, {
              event: 7,
              listingId: listing.id,
              pickId: pick.id,
              key: `pick:${pick.id}:invoice`,
              amount: sellerMargin,
              postings: forfeitPostings(pick.sellerFirmId, pick.buyerFirmId, sellerMargin, share),
              note: 'seller default (no invoice): seller margin forfeited to the buyer',
            });
            await repo.updatePick(tx, pick.id, { sellerDefault: 'F', defaultReason: 'invoiceDefaulted' satisfies DefaultReason, updatedAt: now });
            return true;
          }
        }
        return false;
      });
      if (moved) changed += 1;
    }
    return changed;
  }

  /** The latest market close at or before now (Asia/Shanghai). */
  function lastClose(now: Date, closeTime: string): Date {
    const today = new Date(`${shanghaiDay(now)}T${closeTime}:00+08:00`);
    return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
  }

  async function autoRevoke(): Promise<number> {
    const s = await settings();
    const close = lastClose(clock.now(), s.marketCloseTime);
    let changed = 0;
    for (const candidate of await repo.autoRevokeCandidates(db, close)) {
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, candidate.id);
        if (!listing || listing.status !== 'O') return;
        await closeRemainder(tx, listing, 'system:listing.autoRevoke', { reason: MARKET_CLOSE_REASON }, 'revoked at market close');
        changed += 1;
      });
    }
    return changed;
  }

  // ---- invoices --------------------------------------------------------------------------------

  function invoiceView(pick: repo.PickRow): PickInvoice {
    return {
      pickId: String(pick.id),
      invoiceStatus: pick.invoiceStatus,
      invoiceTitle: pick.invoiceTitle,
      taxpayerId: pick.taxpayerId,
      amount: pick.invoiceAmount === null ? null : m2(pick.invoiceAmount),
      fileName: pick.invoiceFileName,
      fileUrl: pick.invoiceFileId ? `/api/listing/invoice/file?pickId=${pick.id}` : null,
      invoiceDueAt: iso(pick.invoiceDueAt),
      openedAt: iso(pick.invoiceOpenedAt),
      confirmedAt: iso(pick.invoiceConfirmedAt),
    };
  }

  async function invoiceOf(auth: AuthContext, pickId: number): Promise<PickInvoice> {
    const firmId = Number(auth.firmId);
    const pick = await repo.pickOfFirm(db, pickId, firmId, 'either', false);
    if (!pick) throw notFound(MESSAGES.pickNotFound);
    await allow(auth, pick.sellerFirmId === firmId ? 'trade.list' : 'trade.pick');
    return invoiceView(pick);
  }

  // ---- bargains --------------------------------------------------------------------------------

  async function toBargains(rows: repo.BargainRow[], viewerFirmId: number): Promise<Bargain[]> {
    const types = await catalogue();
    const listings = new Map((await repo.listingsByIds(db, [...new Set(rows.map((r) => r.listingId))])).map((l) => [l.id, l]));
    return rows.map((row) => {
      const listing = listings.get(row.listingId);
      const named = listing ? names(types, listing.commodityTypeId, listing.gradeId) : { commodityName: '', gradeName: '', unit: '', weightUnit: '' };
      return {
        bargainId: String(row.id),
        listingId: String(row.listingId),
        commodityName: named.commodityName,
        gradeName: named.gradeName,
        unit: named.unit,
        weightUnit: named.weightUnit,
        listingType: listing?.type ?? '',
        listingPrice: listing ? m2(listing.price) : '',
        price: m2(row.price),
        quantity: q3(row.quantity),
        counterPrice: row.counterPrice === null ? null : m2(row.counterPrice),
        counterQuantity: row.counterQuantity === null ? null : q3(row.counterQuantity),
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

  async function bargainView(id: number, firmId: number): Promise<Bargain> {
    const row = await repo.bargainOfFirm(db, id, firmId, false);
    if (!row) throw notFound(MESSAGES.bargainNotFound);
    return (await toBargains([row], firmId))[0]!;
  }

  const bargainRight = async (auth: AuthContext) => allow(auth, 'trade.bargain');

  // ---- the service -----------------------------------------------------------------------------

  return {
    settings: () => settings(),

    /** The market: open listings of every firm, readable without logging in; pinned listings first. */
    async market(auth: AuthContext | null, query: MarketInput, only?: { types: string[] }): Promise<Page<ListingDetail>> {
      let commodityTypeIds: number[] | undefined;
      if (query.keyword) {
        const word = query.keyword.toLowerCase();
        commodityTypeIds = [...(await catalogue()).values()].filter((t) => t.name.toLowerCase().includes(word)).map((t) => Number(t.commodityTypeId));
      }
      const { rows, total } = await repo.listListings(db, {
        status: query.status ?? 'O',
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        commodityTypeIds,
        gradeId: query.gradeId === undefined ? undefined : Number(query.gradeId),
        origin: query.origin,
        storageId: query.storageId === undefined ? undefined : Number(query.storageId),
        priceMin: query.priceMin,
        priceMax: query.priceMax,
        type: query.type,
        types: only?.types,
        source: query.source,
        bsFlag: query.bsFlag,
        sort: query.sort,
        pinnedFirst: true,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toListings(rows, auth?.firmId ? Number(auth.firmId) : undefined), total, query);
    },

    /** One listing: any firm's listed (or finished) listing; a listing awaiting audit or failed only to its owner. */
    async detail(auth: AuthContext | null, listingId: number): Promise<ListingDetail> {
      const viewer = auth?.firmId ? Number(auth.firmId) : undefined;
      const view = await listingView(listingId, viewer);
      if (!view.mine && (view.status === 'A' || view.auditStatus === 'F')) throw notFound(MESSAGES.listingNotFound);
      return view;
    },

    async mine(auth: AuthContext, query: MarketInput): Promise<Page<ListingDetail>> {
      const firmId = Number(auth.firmId);
      await allow(auth, 'trade.list').catch(async (err: unknown) => {
        // A buyer firm sees its own purchase requests with the purchase right alone.
        await allow(auth, 'trade.purchase').catch(() => Promise.reject(err));
      });
      const { rows, total } = await repo.listListings(db, {
        firmId,
        status: query.status,
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        type: query.type,
        source: query.source,
        bsFlag: query.bsFlag,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toListings(rows, firmId), total, query);
    },

    /** Lists part or all of a held holding: that quantity is frozen for as long as the listing owes it. */
    async create(auth: AuthContext, input: CreateInput): Promise<ListingDetail> {
      const firmId = await allowTrading(auth, 'trade.list');
      const held = await sellerHolding(auth, input.holdId, Number(input.commodityTypeId), Number(input.gradeId));
      const id = await withTransaction(db, async (tx) => {
        const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, weight: input.weight, actor: actorOf(auth) });
        const row = await insertListing(tx, firmId, {
          type: input.type,
          source: input.source,
          holdId: part.id,
          commodityTypeId: Number(input.commodityTypeId),
          gradeId: Number(input.gradeId),
          price: input.price,
          quantity: part.quantity,
          weight: part.weight,
          remaining: part.quantity,
          backingQuantity: part.quantity,
          backingWeight: part.weight,
          openTicketDay: input.openTicketDay,
          autoRevoke: input.autoRevoke,
          status: 'O',
          storageId: held ? Number(held.storageId) : null,
          storageName: held?.storageName ?? null,
        });
        return row.id;
      });
      return listingView(id, firmId);
    },

    /**
     * Hangs a margin order. Selling: spot/bidding goods are frozen from the named holding, presale
     * goods are promised by `putWarehousDay`; the seller's margin is frozen (event 1). Buying: the
     * buyer's margin (or the full amount without margin pay) is frozen (event 1).
     */
    async createMargin(auth: AuthContext, input: MarginInput): Promise<ListingDetail> {
      const sell = input.bsFlag === 'S';
      const firmId = await allowTrading(auth, sell ? 'trade.list' : 'trade.purchase');
      const presale = input.sourceId === 'C';
      if (sell && presale && input.holdId !== undefined) throw badRequest(MESSAGES.holdNotAllowed);
      if (sell && !presale && input.holdId === undefined) throw badRequest(MESSAGES.holdRequired);
      if (presale && (!input.putWarehousDay || input.putWarehousDay < shanghaiDay(clock.now()))) throw badRequest(MESSAGES.putWarehousDay);
      if (!sell && input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const held = sell && !presale ? await sellerHolding(auth, input.holdId!, Number(input.commodityTypeId), Number(input.gradeId)) : undefined;
      const s = await settings();
      const ratios = ratiosOf(s, Number(input.commodityTypeId));
      const amount = d(input.price).mul(input.weight).truncate(2);
      if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
      const margin = sell ? amount.mul(ratios.seller).truncate(2) : input.isMarginPay ? amount.mul(ratios.buyer).truncate(2) : amount;
      const id = await withTransaction(db, async (tx) => {
        let backing = { holdId: null as number | null, backingQuantity: '0', backingWeight: '0' };
        if (held) {
          const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: input.quantity, actor: actorOf(auth) });
          checkTolerance(d(input.weight), d(part.weight), input.poundsPoor);
          backing = { holdId: part.id, backingQuantity: part.quantity, backingWeight: part.weight };
        }
        const row = await insertListing(tx, firmId, {
          type: 'B',
          source: input.sourceId,
          bsFlag: input.bsFlag,
          ...backing,
          commodityTypeId: Number(input.commodityTypeId),
          gradeId: Number(input.gradeId),
          price: input.price,
          quantity: input.quantity,
          weight: input.weight,
          remaining: input.quantity,
          openTicketDay: input.openTicketDay,
          autoRevoke: input.autoRevoke,
          bankId: input.bankId,
          origin: input.origin,
          packagId: input.packagId === undefined ? null : Number(input.packagId),
          poundsPoor: input.poundsPoor,
          putWarehousDay: input.putWarehousDay ?? null,
          specifications: input.specifications,
          isMarginPay: input.isMarginPay,
          contentSpecificationId: input.contentSpecificationId === undefined ? null : Number(input.contentSpecificationId),
          margin: margin.toString(),
          status: presale ? 'A' : 'O',
          auditStatus: presale ? 'P' : 'N',
          storageId: held ? Number(held.storageId) : null,
          storageName: held?.storageName ?? null,
        });
        await marginEvent(tx, { event: 1, listingId: row.id, pickId: null, key: `listing:${row.id}`, amount: margin, postings: freezePostings(firmId, margin), note: sell ? 'seller margin frozen' : 'buyer margin frozen' });
        return row.id;
      });
      return listingView(id, firmId);
    },

    /** A purchase request: the buyer's funds are frozen (event 1) and staff audit it before it is listed. */
    async createPurchase(auth: AuthContext, input: PurchaseInput): Promise<ListingDetail> {
      const firmId = await allowTrading(auth, 'trade.purchase');
      const s = await settings();
      const amount = d(input.price).mul(input.weight).truncate(2);
      if (!amount.isPositive()) throw conflict(MESSAGES.amountTooSmall);
      const margin = input.isMarginPay ? amount.mul(ratiosOf(s, Number(input.commodityTypeId)).buyer).truncate(2) : amount;
      const id = await withTransaction(db, async (tx) => {
        const row = await insertListing(tx, firmId, {
          type: 'Q',
          source: input.sourceId,
          bsFlag: 'B',
          holdId: null,
          backingQuantity: '0',
          backingWeight: '0',
          commodityTypeId: Number(input.commodityTypeId),
          gradeId: Number(input.gradeId),
          price: input.price,
          quantity: input.quantity,
          weight: input.weight,
          remaining: input.quantity,
          openTicketDay: input.openTicketDay,
          autoRevoke: input.autoRevoke,
          bankId: input.bankId,
          origin: input.origin,
          packagId: input.packagId === undefined ? null : Number(input.packagId),
          poundsPoor: input.poundsPoor,
          specifications: input.specifications,
          isMarginPay: input.isMarginPay,
          contentSpecificationId: input.contentSpecificationId === undefined ? null : Number(input.contentSpecificationId),
          margin: margin.toString(),
          status: 'A',
          auditStatus: 'P',
        });
        await marginEvent(tx, { event: 1, listingId: row.id, pickId: null, key: `listing:${row.id}`, amount: margin, postings: freezePostings(firmId, margin), note: input.isMarginPay ? 'buyer margin frozen' : 'buyer funds frozen' });
        return row.id;
      });
      return listingView(id, firmId);
    },

    /** The owner withdraws: only the unpicked remainder goes back; picks keep their goods and money. */
    async cancel(auth: AuthContext, listingId: number): Promise<ListingDetail> {
      const firmId = await allowOwner(auth, listingId);
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, listingId, firmId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'O' && listing.status !== 'A') throw conflict(MESSAGES.listingState);
        await closeRemainder(tx, listing, actorOf(auth), {}, 'listing withdrawn');
      });
      return listingView(listingId, firmId);
    },

    /** Pins an own listed listing to the top of the market (or unpins it). */
    async top(auth: AuthContext, input: TopRequest): Promise<ListingDetail> {
      const firmId = await allowOwner(auth, Number(input.listingId));
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, Number(input.listingId), firmId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
        await repo.updateListing(tx, listing.id, { topAt: input.top ? clock.now() : null, updatedAt: clock.now() });
      });
      return listingView(Number(input.listingId), firmId);
    },

    /** A buyer picks part of a sell listing: its money (full amount, or the margin) is frozen until the seller answers. */
    async pick(auth: AuthContext, input: PickRequest): Promise<ListingPickDetail> {
      const firmId = await allowTrading(auth, 'trade.pick');
      const pickId = await withTransaction(db, (tx) => makePick(tx, auth, firmId, { listingId: Number(input.listingId), quantity: d(input.quantity) }));
      return pickView(pickId, firmId);
    },

    /** A seller picks a buy order with goods from one of its holdings. */
    async pickSell(auth: AuthContext, input: PickSellRequest): Promise<ListingPickDetail> {
      const firmId = await allowTrading(auth, 'trade.list');
      await checkOfferedHolding(auth, Number(input.listingId), input.holdId);
      const pickId = await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, Number(input.listingId));
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (!buySide(listing)) throw conflict(MESSAGES.wrongSide);
        return makePick(tx, auth, firmId, { listingId: listing.id, quantity: d(input.quantity), holdId: input.holdId });
      });
      return pickView(pickId, firmId);
    },

    /** Picks the whole remainder of a listing. */
    async pickAll(auth: AuthContext, input: PickAllRequest): Promise<ListingPickDetail> {
      const firmId = await allowTrading(auth, input.holdId === undefined ? 'trade.pick' : 'trade.list');
      if (input.holdId !== undefined) await checkOfferedHolding(auth, Number(input.listingId), input.holdId);
      const pickId = await withTransaction(db, (tx) => makePick(tx, auth, firmId, { listingId: Number(input.listingId), holdId: input.holdId }));
      return pickView(pickId, firmId);
    },

    async picks(auth: AuthContext, query: PickQuery): Promise<Page<ListingPickDetail>> {
      const firmId = await allow(auth, query.side === 'seller' ? 'trade.list' : 'trade.pick');
      const { rows, total } = await repo.listPicks(db, {
        firmId,
        side: query.side,
        status: query.status,
        payStatus: query.payStatus,
        invoiceStatus: query.invoiceStatus,
        listingId: query.listingId === undefined ? undefined : Number(query.listingId),
        source: query.source,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toPicks(rows, firmId), total, query);
    },

    /** One pick, to its buyer or its seller only. */
    async pickDetail(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = Number(auth.firmId);
      const view = await pickView(pickId, firmId);
      await allow(auth, view.side === 'seller' ? 'trade.list' : 'trade.pick');
      return view;
    },

    /** The margin events of a pick in order, to its parties only. */
    async pickHistory(auth: AuthContext, pickId: number): Promise<PickHistory> {
      const firmId = Number(auth.firmId);
      const pick = await repo.pickOfFirm(db, pickId, firmId, 'either', false);
      if (!pick) throw notFound(MESSAGES.pickNotFound);
      await allow(auth, pick.sellerFirmId === firmId ? 'trade.list' : 'trade.pick');
      const events: MarginEvent[] = (await repo.eventsOfPick(db, pick)).map((e) => ({
        eventType: e.eventType as MarginEvent['eventType'],
        amount: m2(e.amount),
        time: e.createdAt.toISOString(),
        journalId: e.journalId,
        note: e.note,
      }));
      return { pickId: String(pick.id), events };
    },

    /**
     * The listing's owner confirms a pick. Spot: paid in full at once (`W` → `L`), goods move. Margin:
     * the buyer's margin stays frozen as the first payment (`F`, event 2) and the balance falls due.
     * Purchase requests paid in full settle like spot. Every confirmation records the pick's contract.
     */
    async confirmPick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = await allowPickOwner(auth, pickId);
      // Confirming issues the contract, which names both parties.
      await deps.traders.assertMayTrade(auth);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await lockPick(tx, pickId, firmId, 'owner');
        if (pick.status !== 'W') throw conflict(MESSAGES.pickState);
        const s = await settings(tx);
        const feeRate = d(s.feeRate);
        const now = clock.now();
        const invoiceDueAt = new Date(now.getTime() + listing.openTicketDay * DAY_MS);
        let patch: Partial<repo.PickRow>;
        if (!marginMode(listing)) {
          // Full payment: the seller is paid now on the delivered weight (purchase requests) or the listed amount (spot).
          const goods = await deliverGoods(tx, listing, pick, actorOf(auth));
          const weight = goods!.weight;
          const frozen = d(pick.buyerMargin);
          const amount = listing.type === 'X' ? d(pick.amount) : d(pick.price).mul(weight).truncate(2);
          if (listing.type !== 'X') checkTolerance(d(pick.listedWeight ?? pick.amount), weight, listing.poundsPoor);
          const fee = amount.mul(feeRate).truncate(2);
          const diff = frozen.sub(amount);
          const journalId = await postJournal(tx, {
            key: `${ListingJournalType.pickSettle}:${pick.id}`,
            type: ListingJournalType.pickSettle,
            ref: String(pick.id),
            postings: [
              { account: firmFund(pick.buyerFirmId, 'frozen'), amount: frozen.neg().toString() },
              { account: firmFund(pick.buyerFirmId, 'available'), amount: diff.toString() },
              { account: firmFund(pick.sellerFirmId, 'available'), amount: amount.sub(fee).toString() },
              { account: FEE_INCOME, amount: fee.toString() },
            ],
          });
          await marginEvent(tx, { event: 3, listingId: listing.id, pickId: pick.id, key: `pick:${pick.id}`, amount, postings: [], journalId, note: 'paid in full at confirmation' });
          if (goods!.backing) await repo.updateListing(tx, listing.id, { ...goods!.backing, updatedAt: now });
          // Paid in full: the money is settled now, the invoice still follows (W → O → T) without moving money.
          patch = { status: 'T', payStatus: 'L', fee: fee.toString(), amount: amount.toString(), weight: weight.toString(), boughtHoldId: goods!.bought, confirmedAt: now, paidAt: now, settledAt: now, invoiceDueAt };
        } else {
          const presale = listing.source === 'C' && pick.holdId === null;
          const balanceDueAt = presale ? null : new Date(now.getTime() + s.balanceDays * DAY_MS);
          const deliveryDueAt = presale && listing.putWarehousDay ? presaleDeadline(listing.putWarehousDay) : null;
          await marginEvent(tx, {
            event: 2,
            listingId: listing.id,
            pickId: pick.id,
            key: `pick:${pick.id}`,
            amount: d(pick.buyerMargin),
            // A sell listing's buyer froze its margin when picking; a buy order's margin was frozen at listing (event 1).
            ...(buySide(listing) ? { postings: [], journalId: null } : { postings: freezePostings(pick.buyerFirmId, d(pick.buyerMargin)) }),
            note: buySide(listing) ? 'buyer margin (frozen with the buy order) kept as the first payment' : 'buyer margin kept frozen as the first payment',
          });
          patch = { status: 'T', payStatus: 'F', confirmedAt: now, balanceDueAt, deliveryDueAt, deliveryStatus: presale ? 'W' : pick.deliveryStatus };
        }
        const confirmed = { ...pick, ...patch };
        await repo.updatePick(tx, pick.id, { ...patch, updatedAt: now });
        if (deps.contracts) {
          const fresh = (await repo.listingById(tx, listing.id))!;
          const { contractId } = await deps.contracts.issueForPick(tx, await termsOf(tx, fresh, confirmed, s.feeRate, now));
          await repo.updatePick(tx, pick.id, { contractId });
        }
        await maybeComplete(tx, listing.id);
      });
      return pickView(pickId, firmId);
    },

    async refusePick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = await allowPickOwner(auth, pickId);
      return endPick(auth, firmId, 'owner', pickId, 'F');
    },

    async cancelPick(auth: AuthContext, pickId: number): Promise<ListingPickDetail> {
      const firmId = Number(auth.firmId);
      const peek = await repo.pickById(db, pickId, false);
      const listing = peek ? (await repo.listingsByIds(db, [peek.listingId]))[0] : undefined;
      if (!peek || !listing || pickerOfPick(listing, peek) !== firmId) throw notFound(MESSAGES.pickNotFound);
      await allow(auth, buySide(listing) ? 'trade.list' : 'trade.pick');
      return endPick(auth, firmId, 'picker', pickId, 'U');
    },

    /**
     * Pay hang order: the buyer pays the balance of a confirmed margin pick (event 3), authorised by
     * the margin password. The goods move to the buyer and the money is settled on their actual weight.
     */
    async payBalance(auth: AuthContext, input: PayBalanceRequest): Promise<ListingPickDetail> {
      const firmId = await allow(auth, 'trade.pay');
      const pickId = Number(input.orderId);
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'buyer', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await deps.paymentPasswords.verify({ userId: Number(auth.userId), kind: 'margin', password: input.marginPassWord });
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await lockPick(tx, pickId, firmId, 'buyer');
        if (pick.status !== 'T' || pick.buyerDefault === 'F') throw conflict(MESSAGES.pickState);
        if (pick.payStatus !== 'F') throw conflict(MESSAGES.payState);
        if (pick.deliveryStatus === 'W') throw conflict(MESSAGES.deliveryState);
        const weight = await actualWeight(tx, listing, pick);
        checkTolerance(d(pick.listedWeight ?? '0'), weight, listing.poundsPoor);
        const amount = d(pick.price).mul(weight).truncate(2);
        const balance = amount.sub(pick.buyerMargin);
        if (input.code.trim() !== m2(d(pick.amount).sub(pick.buyerMargin)) && input.code.trim() !== m2(balance)) throw badRequest(MESSAGES.wrongCode);
        const now = clock.now();
        await marginEvent(tx, {
          event: 3,
          listingId: listing.id,
          pickId: pick.id,
          key: `pick:${pick.id}`,
          amount: balance,
          postings: freezePostings(pick.buyerFirmId, balance),
          note: amount.eq(pick.amount) ? 'balance paid' : `balance paid on the actual weight ${q3(weight)} (listed ${q3(pick.listedWeight ?? '0')})`,
        });
        const goods = await deliverGoods(tx, listing, pick, actorOf(auth));
        if (goods!.backing) await repo.updateListing(tx, listing.id, { ...goods!.backing, updatedAt: now });
        await repo.updatePick(tx, pick.id, {
          payStatus: 'L',
          amount: amount.toString(),
          weight: weight.toString(),
          boughtHoldId: goods!.bought,
          paidAt: now,
          invoiceDueAt: new Date(now.getTime() + listing.openTicketDay * DAY_MS),
          // Paying within the grace period cures the delay; the reason text stays on the pick.
          buyerDefault: 'N',
          updatedAt: now,
        });
      });
      return pickView(pickId, firmId);
    },

    /** The seller of a confirmed presale pick supplies the goods from a held holding (event 8). */
    async stockIn(auth: AuthContext, input: StockInRequest): Promise<ListingPickDetail> {
      const firmId = await allow(auth, 'trade.delivery');
      const pickId = Number(input.pickId);
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'seller', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      const listingRow = (await repo.listingsByIds(db, [peek.listingId]))[0]!;
      const held = await sellerHolding(auth, input.holdId, listingRow.commodityTypeId, listingRow.gradeId);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await lockPick(tx, pickId, firmId, 'seller');
        if (pick.status !== 'T' || pick.deliveryStatus !== 'W' || pick.sellerDefault === 'F') throw conflict(MESSAGES.pickState);
        const part = await warehouse.freezeHolding(tx, { firmId, holdId: Number(input.holdId), quantity: pick.quantity, actor: actorOf(auth) });
        checkTolerance(d(pick.listedWeight ?? '0'), d(part.weight), listing.poundsPoor);
        const now = clock.now();
        const s = await settings(tx);
        await marginEvent(tx, { event: 8, listingId: listing.id, pickId: pick.id, key: `pick:${pick.id}`, amount: Decimal.ZERO, postings: [], journalId: null, note: `stocked in ${q3(part.quantity)} / ${q3(part.weight)}` });
        await repo.updatePick(tx, pick.id, {
          holdId: part.id,
          weight: part.weight,
          deliveryStatus: 'T',
          sellerDefault: 'N',
          balanceDueAt: new Date(now.getTime() + s.balanceDays * DAY_MS),
          updatedAt: now,
        });
        if (held && listing.storageId === null) await repo.updateListing(tx, listing.id, { storageId: Number(held.storageId), storageName: held.storageName, updatedAt: now });
      });
      return pickView(pickId, firmId);
    },

    // ---- invoices ----

    async uploadInvoice(auth: AuthContext, buffer: Buffer): Promise<InvoiceUpload> {
      await allow(auth, 'trade.invoice');
      if (!deps.uploads) throw conflict(MESSAGES.fileRequired);
      const pdf = buffer.subarray(0, 5).toString('latin1') === '%PDF-';
      const stored = pdf ? await deps.uploads.storeDocument(auth, buffer) : await deps.uploads.storeImage(auth, buffer);
      return { fileId: stored.id, fileName: `invoice-${stored.id.slice(0, 8)}${pdf ? '.pdf' : ''}`, size: buffer.length };
    },

    /** The seller opens the ticket of a paid pick: `W` → `O` (event 4, no money moves). */
    async openInvoice(auth: AuthContext, input: OpenInvoiceRequest): Promise<PickInvoice> {
      const firmId = await allow(auth, 'trade.invoice');
      const pickId = Number(input.pickId);
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'seller', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await lockPick(tx, pickId, firmId, 'seller');
        if (pick.status !== 'T' || pick.payStatus !== 'L') throw conflict(MESSAGES.payState);
        if (pick.invoiceStatus !== 'W') throw conflict(MESSAGES.invoiceState);
        if (!d(input.amount).eq(pick.amount)) throw badRequest(MESSAGES.invoiceAmount);
        const file = await findReadableUpload(tx, auth, input.fileId);
        const now = clock.now();
        await marginEvent(tx, { event: 4, listingId: listing.id, pickId: pick.id, key: `pick:${pick.id}`, amount: Decimal.ZERO, postings: [], journalId: null, note: `invoice ${input.invoiceTitle}` });
        await repo.updatePick(tx, pick.id, {
          invoiceStatus: 'O',
          invoiceTitle: input.invoiceTitle,
          taxpayerId: input.taxpayerId,
          invoiceAmount: input.amount,
          invoiceFileId: file.id,
          invoiceFileName: `invoice-${pick.id}.${file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg'}`,
          invoiceOpenedAt: now,
          updatedAt: now,
        });
      });
      return invoiceOf(auth, pickId);
    },

    invoice: (auth: AuthContext, pickId: number) => invoiceOf(auth, pickId),

    /** The invoice file, to the pick's buyer and seller only. */
    async invoiceFile(auth: AuthContext, pickId: number): Promise<OpenedFile> {
      const firmId = Number(auth.firmId);
      const pick = await repo.pickOfFirm(db, pickId, firmId, 'either', false);
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
      const firmId = await allow(auth, 'trade.confirmInvoice');
      const peek = await repo.pickOfFirm(db, pickId, firmId, 'buyer', false);
      if (!peek) throw notFound(MESSAGES.pickNotFound);
      await withTransaction(db, async (tx) => {
        const { listing, pick } = await lockPick(tx, pickId, firmId, 'buyer');
        if (pick.invoiceStatus !== 'O') throw conflict(MESSAGES.invoiceState);
        const now = clock.now();
        await marginEvent(tx, { event: 5, listingId: listing.id, pickId: pick.id, key: `pick:${pick.id}`, amount: Decimal.ZERO, postings: [], journalId: null, note: 'invoice confirmed' });
        let fee = d(pick.fee);
        if (marginMode(listing)) {
          const s = await settings(tx);
          const amount = d(pick.amount);
          fee = amount.mul(s.feeRate).truncate(2);
          const sellerMargin = pick.sellerDefault === 'F' ? Decimal.ZERO : d(pick.sellerMargin);
          await marginEvent(tx, {
            event: 6,
            listingId: listing.id,
            pickId: pick.id,
            key: `pick:${pick.id}`,
            amount: amount.sub(fee).add(sellerMargin),
            postings: [
              { account: firmFund(pick.buyerFirmId, 'frozen'), amount: amount.neg().toString() },
              { account: firmFund(pick.sellerFirmId, 'available'), amount: amount.sub(fee).toString() },
              { account: FEE_INCOME, amount: fee.toString() },
              ...releasePostings(pick.sellerFirmId, sellerMargin),
            ],
            note: 'seller paid less the fee, seller margin released',
          });
        }
        await repo.updatePick(tx, pick.id, { invoiceStatus: 'T', invoiceConfirmedAt: now, settledAt: pick.settledAt ?? now, fee: fee.toString(), updatedAt: now });
        await maybeComplete(tx, listing.id);
      });
      return invoiceOf(auth, pickId);
    },

    // ---- bargains ----

    /** A buyer (or, on a buy order, a seller) offers a price and quantity; nothing is frozen until accepted. */
    async offer(auth: AuthContext, input: BargainOfferInput): Promise<Bargain> {
      const firmId = await allowTrading(auth, 'trade.bargain');
      const listing = (await repo.listingsByIds(db, [Number(input.listingId)]))[0];
      if (!listing || listing.status === 'A' || listing.auditStatus === 'F') throw notFound(MESSAGES.listingNotFound);
      if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
      if (listing.firmId === firmId) throw conflict(MESSAGES.ownListing);
      if (d(input.quantity).gt(listing.remaining)) throw conflict(MESSAGES.overPick);
      if (buySide(listing) && input.holdId === undefined) throw badRequest(MESSAGES.holdRequired);
      if (input.holdId !== undefined) await checkOfferedHolding(auth, listing.id, input.holdId);
      if (!buySide(listing) && input.holdId !== undefined) throw conflict(MESSAGES.wrongSide);
      const now = clock.now();
      const row = await repo.insertBargain(db, {
        listingId: listing.id,
        offererFirmId: firmId,
        ownerFirmId: listing.firmId,
        price: input.price,
        quantity: input.quantity,
        holdId: input.holdId === undefined ? null : Number(input.holdId),
        note: input.note,
        status: 'W',
        createdAt: now,
        updatedAt: now,
      });
      return bargainView(row.id, firmId);
    },

    async bargains(auth: AuthContext, query: BargainQuery): Promise<Page<Bargain>> {
      const firmId = await bargainRight(auth);
      const { rows, total } = await repo.listBargains(db, {
        firmId,
        role: query.role,
        status: query.status,
        listingId: query.listingId === undefined ? undefined : Number(query.listingId),
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toBargains(rows, firmId), total, query);
    },

    /**
     * The owner accepts an offer (`W`), or the offerer accepts a counter-offer (`C`): a pick at the
     * agreed price is made with price flag `T` (the offerer's money frozen as for any pick), which
     * the owner then confirms like any other.
     */
    async acceptBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await allowTrading(auth, 'trade.bargain');
      await withTransaction(db, async (tx) => {
        const peek = await repo.bargainOfFirm(tx, bargainId, firmId, false);
        if (!peek) throw notFound(MESSAGES.bargainNotFound);
        const listing = await repo.listingById(tx, peek.listingId);
        const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
        if (!listing || !bargain) throw notFound(MESSAGES.bargainNotFound);
        const asOwner = bargain.ownerFirmId === firmId && bargain.status === 'W';
        const asOfferer = bargain.offererFirmId === firmId && bargain.status === 'C';
        if (!asOwner && !asOfferer) throw conflict(MESSAGES.bargainState);
        const price = asOfferer ? bargain.counterPrice! : bargain.price;
        const quantity = d(asOfferer ? bargain.counterQuantity! : bargain.quantity);
        // The pick is the offerer's: it is made in the offerer's name with the offerer's holding.
        const offererAuth: AuthContext = { ...auth, firmId: String(bargain.offererFirmId) };
        const pickId = await makePick(tx, offererAuth, bargain.offererFirmId, {
          listingId: listing.id,
          quantity,
          holdId: bargain.holdId === null ? undefined : String(bargain.holdId),
          price,
          bargainId: bargain.id,
        });
        await repo.updateBargain(tx, bargain.id, { status: 'A', pickId, updatedAt: clock.now() });
      });
      return bargainView(bargainId, firmId);
    },

    async refuseBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await bargainRight(auth);
      await withTransaction(db, async (tx) => {
        const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
        if (!bargain) throw notFound(MESSAGES.bargainNotFound);
        const allowed = (bargain.ownerFirmId === firmId && bargain.status === 'W') || (bargain.offererFirmId === firmId && bargain.status === 'C');
        if (!allowed) throw conflict(MESSAGES.bargainState);
        await repo.updateBargain(tx, bargain.id, { status: 'R', updatedAt: clock.now() });
      });
      return bargainView(bargainId, firmId);
    },

    async counterBargain(auth: AuthContext, input: BargainCounterInput): Promise<Bargain> {
      const firmId = await allowTrading(auth, 'trade.bargain');
      const bargainId = Number(input.bargainId);
      await withTransaction(db, async (tx) => {
        const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
        if (!bargain) throw notFound(MESSAGES.bargainNotFound);
        if (bargain.ownerFirmId !== firmId || bargain.status !== 'W') throw conflict(MESSAGES.bargainState);
        await repo.updateBargain(tx, bargain.id, { status: 'C', counterPrice: input.price, counterQuantity: input.quantity, counterNote: input.note, updatedAt: clock.now() });
      });
      return bargainView(bargainId, firmId);
    },

    async withdrawBargain(auth: AuthContext, bargainId: number): Promise<Bargain> {
      const firmId = await bargainRight(auth);
      await withTransaction(db, async (tx) => {
        const bargain = await repo.bargainOfFirm(tx, bargainId, firmId);
        if (!bargain) throw notFound(MESSAGES.bargainNotFound);
        if (bargain.offererFirmId !== firmId || (bargain.status !== 'W' && bargain.status !== 'C')) throw conflict(MESSAGES.bargainState);
        await repo.updateBargain(tx, bargain.id, { status: 'X', updatedAt: clock.now() });
      });
      return bargainView(bargainId, firmId);
    },

    // ---- staff ----

    async adminListings(auth: AuthContext, query: AdminListingQuery): Promise<Page<ListingDetail>> {
      requireStaff(auth);
      const { rows, total } = await repo.listListings(db, {
        auditStatus: query.auditStatus,
        status: query.status,
        type: query.type,
        source: query.source,
        firmId: query.firmId === undefined ? undefined : Number(query.firmId),
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toListings(rows, undefined, true), total, query);
    },

    /** Staff pass (`P` → `T`, listed `O`) or fail (`F`, the owner's frozen money released) a listing awaiting audit. */
    async audit(auth: AuthContext, input: AuditInput): Promise<ListingDetail> {
      requireStaff(auth);
      if (!input.pass && !input.reason) throw badRequest(MESSAGES.reasonRequired);
      const listingId = Number(input.listingId);
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, listingId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'A' || listing.auditStatus !== 'P') throw conflict(MESSAGES.listingState);
        if (input.pass) await repo.updateListing(tx, listing.id, { status: 'O', auditStatus: 'T', reason: '', updatedAt: clock.now() });
        else await closeRemainder(tx, listing, actorOf(auth), { auditStatus: 'F', reason: input.reason }, `audit failed: ${input.reason}`);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: input.pass ? 'listing.audit.pass' : 'listing.audit.fail',
          objectType: 'listing',
          objectId: String(listing.id),
          detail: { before: { status: listing.status, auditStatus: listing.auditStatus }, after: { status: input.pass ? 'O' : 'U', auditStatus: input.pass ? 'T' : 'F' }, reason: input.reason ?? '' },
        });
      });
      const [row] = await repo.listingsByIds(db, [listingId]);
      return (await toListings([row!], undefined, true))[0]!;
    },

    /** Staff force a listed listing off the shelf: the remainder is released and the owner sees why. */
    async offShelf(auth: AuthContext, input: AdminOffShelfRequest): Promise<ListingDetail> {
      requireStaff(auth);
      const listingId = Number(input.listingId);
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, listingId);
        if (!listing) throw notFound(MESSAGES.listingNotFound);
        if (listing.status !== 'O') throw conflict(MESSAGES.listingState);
        await closeRemainder(tx, listing, actorOf(auth), { reason: input.reason }, `forced off the shelf: ${input.reason}`);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: 'listing.off-shelf',
          objectType: 'listing',
          objectId: String(listing.id),
          detail: { before: { status: listing.status }, after: { status: 'U' }, reason: input.reason },
        });
      });
      const [row] = await repo.listingsByIds(db, [listingId]);
      return (await toListings([row!], undefined, true))[0]!;
    },

    async adminDefaults(auth: AuthContext, query: DefaultQuery): Promise<Page<AdminDefaultPick>> {
      requireStaff(auth);
      const { rows, total } = await repo.listPicks(db, { defaultSide: query.side ?? 'either', defaultStatus: query.status, offset: query.page * query.size, limit: query.size });
      const views = await toPicks(rows, undefined);
      return pageOf(
        views.map((v, i) => ({ ...v, buyerFirmId: String(rows[i]!.buyerFirmId), sellerFirmId: String(rows[i]!.sellerFirmId) })),
        total,
        query,
      );
    },

    /** The terms in force, for the public rate page; a change by staff shows at once. */
    async publicFeeSettings(): Promise<PublicFeeSettings> {
      const { commodities: _perCommodity, ...terms } = await settings();
      return terms;
    },

    async adminSettings(auth: AuthContext): Promise<ListingFeeSettings> {
      requireStaff(auth);
      return settings();
    },

    async saveSettings(auth: AuthContext, input: ListingFeeSettings): Promise<ListingFeeSettings> {
      requireStaff(auth);
      const now = clock.now();
      const before = await settings();
      await withTransaction(db, async (tx) => {
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'listing.fee-settings.update', objectType: 'listing_fee_settings', objectId: '1', detail: { before, after: input } });
        await repo.saveSettings(
          tx,
          { id: 1, ...input, updatedAt: now },
          [...new Map(input.commodities.map((c) => [c.commodityTypeId, c])).values()].map((c) => ({ ...c, commodityTypeId: Number(c.commodityTypeId) })),
        );
      });
      return settings();
    },

    // ---- jobs ----
    sweepDefaults,
    autoRevoke,
  };
}

export type ListingService = ReturnType<typeof createListingService>;
