import { Decimal } from '@tp/decimal';
import { JournalType, MarginEventType, isJournalType } from '@tp/contract';
import type { DbOrTx } from '../../platform/db/index';
import { Postings, firmFund, firmFundPair, type PostingInput } from '../ledger/index';
import { toMoney } from '../../platform/money';
import type { ListingContext } from './context';
import * as repo from './listing.repo';

export const ListingJournalType = {
  pickFreeze: JournalType.listingPickFreeze,
  pickRelease: JournalType.listingPickRelease,
  pickSettle: JournalType.listingPickSettle,
} as const;

/** One journal type per margin event that moves money: `listing.margin.<n>`. */
export const marginJournalType = (event: number | MarginEventType): JournalType => {
  const type = `listing.margin.${event}`;
  if (!isJournalType(type)) throw new Error(`margin event ${event} moves no money, so it has no journal type`);
  return type;
};

/** A firm's available funds move to its frozen funds. */
export const freezeFunds = (firmId: number, amount: Decimal): PostingInput[] => Postings.freeze(firmFundPair(firmId), amount);
/** A firm's frozen funds move back to its available funds. */
export const releaseFunds = (firmId: number, amount: Decimal): PostingInput[] => Postings.release(firmFundPair(firmId), amount);
/** Frozen funds of one firm pay another firm's available funds, the platform keeping `fee`. */
export const payFromFrozen = (fromFirmId: number, toFirmId: number, amount: Decimal, fee: Decimal = Decimal.ZERO): PostingInput[] =>
  Postings.settleFrozen({ from: firmFund(fromFirmId, 'frozen'), to: firmFund(toFirmId, 'available'), amount, fee });

/** A forfeited margin: from the defaulting side's frozen funds to the other side, the platform keeping its share. */
export const forfeitFunds = (fromFirmId: number, toFirmId: number, amount: Decimal, platformShare: Decimal): PostingInput[] =>
  payFromFrozen(fromFirmId, toFirmId, amount, amount.mul(platformShare).truncate(2));

export interface MarginEventInput {
  event: MarginEventType;
  listingId: number;
  pickId: number | null;
  key: string;
  amount: Decimal;
  postings: PostingInput[];
  note: string;
  /** The journal this event records when it was posted already; `null` when the event moves no money. */
  journalId?: string | null;
}

/** The ledger side of listings: journals and the margin events (1–9) that record them on a listing or a pick. */
export function createMargins(ctx: ListingContext) {
  const { deps, clock } = ctx;

  /** Posts one journal, leaving out zero postings; nothing is posted when nothing moves. */
  async function postJournal(tx: DbOrTx, input: { key: string; type: JournalType; ref: string; postings: PostingInput[] }): Promise<string | null> {
    const postings = input.postings.filter((p) => !Decimal.parse(p.amount).isZero());
    if (postings.length === 0) return null;
    const journal = await deps.ledger.post(tx, { idempotencyKey: input.key, type: input.type, businessRef: input.ref, postings });
    return journal.id;
  }

  /** One margin event: its journal (when money moves) and its history row. */
  async function marginEvent(tx: DbOrTx, input: MarginEventInput): Promise<string | null> {
    const journalId =
      input.journalId !== undefined
        ? input.journalId
        : await postJournal(tx, { key: `${marginJournalType(input.event)}:${input.key}`, type: marginJournalType(input.event), ref: String(input.pickId ?? input.listingId), postings: input.postings });
    await repo.insertEvent(tx, {
      listingId: input.listingId,
      pickId: input.pickId,
      eventType: input.event,
      amount: toMoney(input.amount),
      journalId,
      note: input.note,
      createdAt: clock.now(),
    });
    return journalId;
  }

  /** A pick's event that moves no money (an invoice opened or confirmed, goods stocked in). */
  const noteEvent = (tx: DbOrTx, event: MarginEventType, pick: repo.PickRow, note: string) =>
    marginEvent(tx, { event, listingId: pick.listingId, pickId: pick.id, key: `pick:${pick.id}`, amount: Decimal.ZERO, postings: [], journalId: null, note });

  /** The owner's money for a listing's remainder goes back (listing cancelled, failed or forced off). */
  async function releaseListingMargin(tx: DbOrTx, listing: repo.ListingRow, note: string) {
    const margin = Decimal.parse(listing.margin);
    if (!margin.isPositive()) return;
    await marginEvent(tx, { event: MarginEventType.release, listingId: listing.id, pickId: null, key: `listing:${listing.id}`, amount: margin, postings: releaseFunds(listing.firmId, margin), note });
  }

  return { postJournal, marginEvent, noteEvent, releaseListingMargin };
}

export type ListingMargins = ReturnType<typeof createMargins>;
