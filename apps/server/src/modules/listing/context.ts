import { Decimal } from '@tp/decimal';
import { BsFlag, LISTING_FEE_RATE, ListingType, type ListingFeeSettings } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import type { UploadService } from '../../platform/uploads/index';
import type { FirmService } from '../firm/index';
import type { PaymentPasswordService } from '../identity/index';
import type { LedgerService } from '../ledger/index';
import type { WarehouseService } from '../warehouse/index';
import * as repo from './listing.repo';

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

/** A confirmed pick as the market's quotations record it; decimals as strings. */
export interface ListingDeal {
  source: 'pick';
  sourceRef: string;
  commodityTypeId: number;
  price: string;
  /** In the unit the price is per: packages for spot, the weight unit for margin and purchase listings. */
  volume: string;
  amount: string;
  /** B a buyer took a sell listing, S a seller answered a buy order. */
  bsFlag: BsFlag;
  at: Date;
}
export interface DealRecorder {
  /** Records the deal inside the confirming transaction. */
  recordDeal(tx: DbOrTx, deal: ListingDeal): Promise<void>;
}

/**
 * Pledged goods (pledge financing) listed by their borrower. Such a listing holds no frozen part of
 * its own: the goods stay in the loan's pledged part until a buyer pays, so they can never slip back
 * into the seller's free stock; the pledge cuts them out on delivery and its funder is repaid first.
 */
export interface PledgedGoods {
  /**
   * Checks the loan lets these goods be listed at this price and reserves them for the listing, inside
   * the listing's transaction once it is inserted; returns their weight (in proportion to the pledged part) and warehouse.
   */
  list(
    tx: DbOrTx,
    input: { firmId: number; financeId: number; holdId: number; listingId: number; commodityTypeId: number; price: string; quantity: string; feeRate: string; actor: string },
  ): Promise<{ weight: string; storageId: number; storageName: string }>;
  /** Moves `quantity` of the listing's pledged goods to the buyer; undefined when the listing's goods are not pledged. */
  deliver(tx: DbOrTx, input: { listingId: number; quantity: string; toFirmId: number; actor: string }): Promise<{ bought: number; weight: string } | undefined>;
  /** The buyer's payment reached the seller: the pledge repays its funder from it. */
  paid(tx: DbOrTx, input: { listingId: number; pickId: number; proceeds: string; actor: string }): Promise<void>;
  /** `quantity` is no longer offered (withdrawn, revoked or a pick ended): it stays pledged. */
  unlisted(tx: DbOrTx, input: { listingId: number; quantity: string; actor: string }): Promise<void>;
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
  /** The market's quotations, fed with every confirmed pick. */
  deals?: DealRecorder;
  /** Refuses a firm that may not trade yet (a personal firm without real-name verification, since contracts name the person). */
  traders: { assertMayTrade(auth: AuthContext): Promise<void> };
  /** Checks the margin password before a margin payment. */
  paymentPasswords: Pick<PaymentPasswordService, 'verify'>;
  /** The platform's share of a confirmed pick's amount when no settings row exists yet. */
  feeRate?: string;
  /** Listing goods pledged to a funder (pledge financing); without it such listings are refused. */
  pledged?: PledgedGoods;
}

/** A timestamp as the wire shows it, or null. */
export const iso = (v: Date | null) => (v ? v.toISOString() : null);

export const DEFAULT_SETTINGS = {
  feeRate: LISTING_FEE_RATE,
  defaultBuyerMarginRatio: '0.2',
  defaultSellerMarginRatio: '0.2',
  balanceDays: 3,
  graceDays: 1,
  forfeitPlatformShare: '0.2',
  marketCloseTime: '15:00',
} as const;

/** The margin ratios and grace days that apply to one commodity type. */
export interface CommodityTerms {
  buyer: Decimal;
  seller: Decimal;
  graceDays: number;
}

/** Everything the listing service's parts share: its dependencies and the fee settings in force. */
export interface ListingContext {
  deps: ListingServiceDeps;
  db: Db;
  clock: Clock;
  /** Who an audit or warehouse entry names as the actor. */
  actorOf(auth: AuthContext): string;
  /** Inside a transaction pass it: PGlite has one connection, so a query beside the transaction would wait on it. */
  settings(tx?: DbOrTx): Promise<ListingFeeSettings>;
  /** A commodity's own margin ratios and grace days, else the defaults. */
  ratiosOf(settings: ListingFeeSettings, commodityTypeId: number): CommodityTerms;
}

export function createListingContext(deps: ListingServiceDeps): ListingContext {
  const { db, clock } = deps;

  async function settings(tx: DbOrTx = db): Promise<ListingFeeSettings> {
    const { row, commodities } = await repo.loadSettings(tx);
    const base = row
      ? {
          feeRate: Decimal.parse(row.feeRate).toString(),
          defaultBuyerMarginRatio: Decimal.parse(row.defaultBuyerMarginRatio).toString(),
          defaultSellerMarginRatio: Decimal.parse(row.defaultSellerMarginRatio).toString(),
          balanceDays: row.balanceDays,
          graceDays: row.graceDays,
          forfeitPlatformShare: Decimal.parse(row.forfeitPlatformShare).toString(),
          marketCloseTime: row.marketCloseTime,
        }
      : { ...DEFAULT_SETTINGS, feeRate: deps.feeRate ?? DEFAULT_SETTINGS.feeRate };
    return {
      ...base,
      commodities: commodities.map((c) => ({
        commodityTypeId: String(c.commodityTypeId),
        buyerMarginRatio: Decimal.parse(c.buyerMarginRatio).toString(),
        sellerMarginRatio: Decimal.parse(c.sellerMarginRatio).toString(),
        graceDays: c.graceDays,
      })),
    };
  }

  function ratiosOf(s: ListingFeeSettings, commodityTypeId: number): CommodityTerms {
    const own = s.commodities.find((c) => c.commodityTypeId === String(commodityTypeId));
    return {
      buyer: Decimal.parse(own?.buyerMarginRatio ?? s.defaultBuyerMarginRatio),
      seller: Decimal.parse(own?.sellerMarginRatio ?? s.defaultSellerMarginRatio),
      graceDays: own?.graceDays ?? s.graceDays,
    };
  }

  return { deps, db, clock, actorOf: (auth) => `${auth.kind}:${auth.userId}`, settings, ratiosOf };
}

/** Whether the listing's money works by margins (first payment, balance) rather than full payment at confirmation. */
export function marginMode(listing: repo.ListingRow): boolean {
  return listing.type === ListingType.margin || (listing.type === ListingType.purchase && listing.isMarginPay);
}

/** The owner of a buy-side listing is its buyer. */
export const buySide = (listing: repo.ListingRow) => listing.bsFlag === BsFlag.buy;

/** The firm that owns the listing answers picks on it (confirm, refuse); the other party is the picker. */
export const ownerOfPick = (listing: repo.ListingRow, pick: repo.PickRow) => (buySide(listing) ? pick.buyerFirmId : pick.sellerFirmId);
export const pickerOfPick = (listing: repo.ListingRow, pick: repo.PickRow) => (buySide(listing) ? pick.sellerFirmId : pick.buyerFirmId);
