import { Decimal } from '@tp/decimal';
import { DefaultStatus, DeliveryStatus, InvoiceStatus, ListingStatusAll, MARKET_CLOSE_REASON, MarginEventType, PickPayStatus, PickStatus, type DefaultReason } from '@tp/contract';
import { withTransaction, type DbOrTx } from '../../platform/db/index';
import { DAY_MS, shanghaiDay } from '../../platform/time';
import { marginMode, type ListingContext } from './context';
import type { ListingGoods } from './goods';
import * as repo from './listing.repo';
import { forfeitFunds, releaseFunds, type ListingMargins, type MarginEventInput } from './margins';

export const ListingJobs = { defaults: 'listing.defaults', autoRevoke: 'listing.autoRevoke' } as const;

const SWEEP_ACTOR = `system:${ListingJobs.defaults}`;
const REVOKE_ACTOR = `system:${ListingJobs.autoRevoke}`;

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
  /** The default ends the deal (the pick becomes `F`): the other side's money comes back too. */
  endsPick: boolean;
  /** The goods go back to the seller (they had not been delivered). */
  returnsGoods: boolean;
  /** Set apart from the pick's other event-7 key, so a deal that went on can still default on this duty. */
  keySuffix: string;
  note: string;
}

/** The default rules, in the order the sweep tries them; the first that moves a pick ends its turn. */
const DEFAULT_RULES: readonly DefaultRule[] = [
  {
    side: 'buyer',
    dueAt: (pick) => (pick.payStatus === PickPayStatus.firstPaid ? pick.balanceDueAt : null),
    overdue: 'balanceOverdue',
    defaulted: 'balanceDefaulted',
    endsPick: true,
    returnsGoods: true,
    keySuffix: '',
    note: 'buyer default: buyer margin forfeited to the seller, seller margin released',
  },
  {
    side: 'seller',
    dueAt: (pick) => (pick.deliveryStatus === DeliveryStatus.awaitingStockIn ? pick.deliveryDueAt : null),
    overdue: 'deliveryOverdue',
    defaulted: 'deliveryDefaulted',
    endsPick: true,
    returnsGoods: false,
    keySuffix: '',
    note: 'seller default (not delivered): seller margin forfeited to the buyer, buyer margin released',
  },
  {
    side: 'seller',
    dueAt: (pick) => (pick.payStatus === PickPayStatus.fullyPaid && pick.invoiceStatus === InvoiceStatus.notIssued ? pick.invoiceDueAt : null),
    overdue: 'invoiceOverdue',
    defaulted: 'invoiceDefaulted',
    endsPick: false,
    returnsGoods: false,
    keySuffix: ':invoice',
    note: 'seller default (no invoice): seller margin forfeited to the buyer',
  },
];

/** A side of a pick: its firm, the money it has frozen for the pick, and its default state. */
function sideOf(pick: repo.PickRow, side: DefaultRule['side']) {
  return side === 'buyer'
    ? { firmId: pick.buyerFirmId, money: Decimal.parse(pick.buyerMargin), state: pick.buyerDefault, delayed: (now: Date) => ({ buyerDefault: DefaultStatus.delayed, buyerDelayedAt: now }), defaulted: { buyerDefault: DefaultStatus.defaulted } }
    : { firmId: pick.sellerFirmId, money: Decimal.parse(pick.sellerMargin), state: pick.sellerDefault, delayed: (now: Date) => ({ sellerDefault: DefaultStatus.delayed, sellerDelayedAt: now }), defaulted: { sellerDefault: DefaultStatus.defaulted } };
}

/** The defaulting side's margin goes to the other side (only margin deals hold one); when the deal ends, the other side's money comes back. */
function forfeitOf(rule: DefaultRule, listing: repo.ListingRow, pick: repo.PickRow, share: Decimal): Pick<MarginEventInput, 'key' | 'amount' | 'postings' | 'note'> {
  const defaulter = sideOf(pick, rule.side);
  const other = sideOf(pick, rule.side === 'buyer' ? 'seller' : 'buyer');
  const forfeited = marginMode(listing) ? defaulter.money : Decimal.ZERO;
  const returned = rule.endsPick ? other.money : Decimal.ZERO;
  return {
    key: `pick:${pick.id}${rule.keySuffix}`,
    amount: forfeited.add(returned),
    postings: [...forfeitFunds(defaulter.firmId, other.firmId, forfeited, share), ...(rule.endsPick ? releaseFunds(other.firmId, returned) : [])],
    note: rule.note,
  };
}

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
      const side = sideOf(pick, rule.side);
      if (!dueAt || now.getTime() <= dueAt.getTime() || side.state === DefaultStatus.defaulted) continue;
      if (side.state === DefaultStatus.none) {
        await repo.updatePick(tx, pick.id, { ...side.delayed(now), defaultReason: rule.overdue, updatedAt: now });
        return true;
      }
      if (now.getTime() <= dueAt.getTime() + graceMs) continue;
      await margins.marginEvent(tx, { event: MarginEventType.release, listingId: listing.id, pickId: pick.id, ...forfeitOf(rule, listing, pick, share) });
      if (rule.returnsGoods) await goods.returnGoods(tx, listing, pick, SWEEP_ACTOR, false);
      await repo.updatePick(tx, pick.id, { ...side.defaulted, ...(rule.endsPick ? { status: PickStatus.invalid } : {}), defaultReason: rule.defaulted, updatedAt: now });
      if (rule.endsPick) await goods.maybeComplete(tx, listing.id);
      return true;
    }
    return false;
  }

  /** Walks the confirmed picks that may owe something and applies the default rules to each, one transaction a pick. */
  async function sweepDefaults(): Promise<number> {
    const now = clock.now();
    const s = await ctx.settings();
    const share = Decimal.parse(s.forfeitPlatformShare);
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
