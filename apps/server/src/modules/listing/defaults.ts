import { Decimal } from '@tp/decimal';
import { DefaultStatus, DeliveryStatus, InvoiceStatus, ListingStatusAll, MARKET_CLOSE_REASON, MarginEventType, PickPayStatus, PickStatus, type DefaultReason } from '@tp/contract';
import { withTransaction, type DbOrTx } from '../../platform/db/index';
import { shanghaiDay } from '../../platform/time';
import { DAY_MS, d, marginMode, type ListingContext } from './context';
import type { ListingGoods } from './goods';
import * as repo from './listing.repo';
import { forfeitFunds, releaseFunds, type ListingMargins, type MarginEventInput } from './margins';

export const ListingJobs = { defaults: 'listing.defaults', autoRevoke: 'listing.autoRevoke' } as const;

const SWEEP_ACTOR = `system:${ListingJobs.defaults}`;
const REVOKE_ACTOR = `system:${ListingJobs.autoRevoke}`;

/** What a defaulted side's margin does: the margin event's key suffix, amount, postings and note. */
type Forfeit = Pick<MarginEventInput, 'key' | 'amount' | 'postings' | 'note'>;

/**
 * One duty of a confirmed pick and what missing it costs. Past `dueAt` the side is delayed (`W`,
 * reason `overdue`); past `dueAt` plus the commodity's grace days it has defaulted (`F`, reason
 * `defaulted`): its margin is forfeited to the other side, the platform keeping its share.
 */
interface DefaultRule {
  side: 'buyer' | 'seller';
  /** The deadline, when the pick owes this duty now. */
  dueAt(pick: repo.PickRow): Date | null;
  overdue: DefaultReason;
  defaulted: DefaultReason;
  forfeit(listing: repo.ListingRow, pick: repo.PickRow, platformShare: Decimal): Forfeit;
  /** A default that ends the pick (`F`): the goods go back to the seller unless none were delivered. */
  endsPick: boolean;
  returnsGoods: boolean;
}

/** The default rules, in the order the sweep tries them; the first that moves a pick ends its turn. */
const DEFAULT_RULES: readonly DefaultRule[] = [
  {
    // Buyer: the balance of a margin pick is overdue.
    side: 'buyer',
    dueAt: (pick) => (pick.payStatus === PickPayStatus.firstPaid ? pick.balanceDueAt : null),
    overdue: 'balanceOverdue',
    defaulted: 'balanceDefaulted',
    forfeit: (_listing, pick, share) => {
      const buyerMargin = d(pick.buyerMargin);
      const sellerMargin = d(pick.sellerMargin);
      return {
        key: `pick:${pick.id}`,
        amount: buyerMargin.add(sellerMargin),
        postings: [...forfeitFunds(pick.buyerFirmId, pick.sellerFirmId, buyerMargin, share), ...releaseFunds(pick.sellerFirmId, sellerMargin)],
        note: 'buyer default: buyer margin forfeited to the seller, seller margin released',
      };
    },
    endsPick: true,
    returnsGoods: true,
  },
  {
    // Seller: presale goods not stocked in by putWarehousDay.
    side: 'seller',
    dueAt: (pick) => (pick.deliveryStatus === DeliveryStatus.awaitingStockIn ? pick.deliveryDueAt : null),
    overdue: 'deliveryOverdue',
    defaulted: 'deliveryDefaulted',
    forfeit: (_listing, pick, share) => {
      const buyerMoney = d(pick.buyerMargin);
      const sellerMargin = d(pick.sellerMargin);
      return {
        key: `pick:${pick.id}`,
        amount: buyerMoney.add(sellerMargin),
        postings: [...forfeitFunds(pick.sellerFirmId, pick.buyerFirmId, sellerMargin, share), ...releaseFunds(pick.buyerFirmId, buyerMoney)],
        note: 'seller default (not delivered): seller margin forfeited to the buyer, buyer margin released',
      };
    },
    endsPick: true,
    returnsGoods: false,
  },
  {
    // Seller: no invoice within openTicketDay.
    side: 'seller',
    dueAt: (pick) => (pick.payStatus === PickPayStatus.fullyPaid && pick.invoiceStatus === InvoiceStatus.notIssued ? pick.invoiceDueAt : null),
    overdue: 'invoiceOverdue',
    defaulted: 'invoiceDefaulted',
    forfeit: (listing, pick, share) => {
      const sellerMargin = marginMode(listing) ? d(pick.sellerMargin) : Decimal.ZERO;
      return {
        key: `pick:${pick.id}:invoice`,
        amount: sellerMargin,
        postings: forfeitFunds(pick.sellerFirmId, pick.buyerFirmId, sellerMargin, share),
        note: 'seller default (no invoice): seller margin forfeited to the buyer',
      };
    },
    endsPick: false,
    returnsGoods: false,
  },
];

/** The latest market close at or before now (Asia/Shanghai). */
function lastClose(now: Date, closeTime: string): Date {
  const today = new Date(`${shanghaiDay(now)}T${closeTime}:00+08:00`);
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
}

/** The scheduled jobs: defaults of confirmed picks, and listings withdrawn at market close. */
export function createDefaults(ctx: ListingContext, parts: { goods: ListingGoods; margins: ListingMargins }) {
  const { db, clock } = ctx;
  const { goods, margins } = parts;

  /** Applies the first rule that moves the pick; whether one did. */
  async function applyRules(tx: DbOrTx, listing: repo.ListingRow, pick: repo.PickRow, now: Date, graceMs: number, share: Decimal): Promise<boolean> {
    for (const rule of DEFAULT_RULES) {
      const dueAt = rule.dueAt(pick);
      const state = rule.side === 'buyer' ? pick.buyerDefault : pick.sellerDefault;
      if (!dueAt || now.getTime() <= dueAt.getTime() || state === DefaultStatus.defaulted) continue;
      if (state === DefaultStatus.none) {
        const delayed = rule.side === 'buyer' ? { buyerDefault: DefaultStatus.delayed, buyerDelayedAt: now } : { sellerDefault: DefaultStatus.delayed, sellerDelayedAt: now };
        await repo.updatePick(tx, pick.id, { ...delayed, defaultReason: rule.overdue, updatedAt: now });
        return true;
      }
      if (now.getTime() <= dueAt.getTime() + graceMs) continue;
      await margins.marginEvent(tx, { event: MarginEventType.release, listingId: listing.id, pickId: pick.id, ...rule.forfeit(listing, pick, share) });
      if (rule.returnsGoods) await goods.returnGoods(tx, listing, pick, SWEEP_ACTOR, false);
      const defaulted = rule.side === 'buyer' ? { buyerDefault: DefaultStatus.defaulted } : { sellerDefault: DefaultStatus.defaulted };
      await repo.updatePick(tx, pick.id, { ...defaulted, ...(rule.endsPick ? { status: PickStatus.invalid } : {}), defaultReason: rule.defaulted, updatedAt: now });
      if (rule.endsPick) await goods.maybeComplete(tx, listing.id);
      return true;
    }
    return false;
  }

  /** Walks the confirmed picks that may owe something and applies the default rules to each, one transaction a pick. */
  async function sweepDefaults(): Promise<number> {
    const now = clock.now();
    const s = await ctx.settings();
    const share = d(s.forfeitPlatformShare);
    let changed = 0;
    for (const candidate of await repo.sweepCandidates(db)) {
      const moved = await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, candidate.listingId);
        const pick = await repo.pickById(tx, candidate.id);
        if (!listing || !pick || pick.status !== PickStatus.confirmed) return false;
        return applyRules(tx, listing, pick, now, ctx.ratiosOf(s, listing.commodityTypeId).graceDays * DAY_MS, share);
      });
      if (moved) changed += 1;
    }
    return changed;
  }

  /** Withdraws the unpicked remainder of listings marked `autoRevoke` once the market has closed. */
  async function autoRevoke(): Promise<number> {
    const s = await ctx.settings();
    const close = lastClose(clock.now(), s.marketCloseTime);
    let changed = 0;
    for (const candidate of await repo.autoRevokeCandidates(db, close)) {
      await withTransaction(db, async (tx) => {
        const listing = await repo.listingById(tx, candidate.id);
        if (!listing || listing.status !== ListingStatusAll.listed) return;
        await goods.closeRemainder(tx, listing, REVOKE_ACTOR, { reason: MARKET_CLOSE_REASON }, 'revoked at market close');
        changed += 1;
      });
    }
    return changed;
  }

  return { sweepDefaults, autoRevoke };
}
