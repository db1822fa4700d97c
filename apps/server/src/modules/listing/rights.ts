import type { DbOrTx } from '../../platform/db/index';
import type { AuthContext } from '../../platform/http/index';
import { requireFirmRight, type RightCode } from '../firm/index';
import { buySide, ownerOfPick, pickerOfPick, type ListingContext } from './context';
import { MESSAGES, notFound } from './listing.errors';
import * as repo from './listing.repo';

/** A firm's role on a pick: the listing's owner or its picker, the buyer or the seller, or either party. */
export type PickRole = 'owner' | 'picker' | 'buyer' | 'seller' | 'either';

/** Who may do what: the firm's rights, whether it may trade, and its part in a listing or a pick. */
export function createRights(ctx: ListingContext) {
  const { db, deps } = ctx;

  /** The caller's firm, once it holds the right. */
  const allow = (auth: AuthContext, right: RightCode): Promise<number> => requireFirmRight(deps.firm, auth, right);

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

  /** The pick's listing, when the caller's firm is the pick's owner (it answers the pick) or its picker; read before any transaction. */
  async function listingOfParty(auth: AuthContext, pickId: number, role: 'owner' | 'picker'): Promise<repo.ListingRow> {
    const peek = await repo.pickById(db, pickId, false);
    const listing = peek ? (await repo.listingsByIds(db, [peek.listingId]))[0] : undefined;
    const partyOf = role === 'owner' ? ownerOfPick : pickerOfPick;
    if (!peek || !listing || partyOf(listing, peek) !== Number(auth.firmId)) throw notFound(MESSAGES.pickNotFound);
    return listing;
  }

  /** The right the owner of a pick's listing answers the pick with. */
  const allowPickOwner = async (auth: AuthContext, pickId: number): Promise<number> => allow(auth, buySide(await listingOfParty(auth, pickId, 'owner')) ? 'trade.purchase' : 'trade.list');

  /** The right the picker acts with on its own pick (cancelling it). */
  const allowPicker = async (auth: AuthContext, pickId: number): Promise<number> => allow(auth, buySide(await listingOfParty(auth, pickId, 'picker')) ? 'trade.list' : 'trade.pick');

  /** A party reads a pick's papers with the right of its side: the seller lists, the buyer picks. */
  const allowParty = (auth: AuthContext, pick: repo.PickRow) => allow(auth, pick.sellerFirmId === Number(auth.firmId) ? 'trade.list' : 'trade.pick');

  /** Loads listing then pick (the fixed lock order), with the firm on the given role of the pick. */
  async function lockPick(tx: DbOrTx, pickId: number, firmId: number, role: PickRole) {
    const peek = await repo.pickById(tx, pickId, false);
    if (!peek) throw notFound(MESSAGES.pickNotFound);
    const listing = await repo.listingById(tx, peek.listingId);
    const pick = await repo.pickById(tx, pickId);
    if (!listing || !pick) throw notFound(MESSAGES.pickNotFound);
    const holds: Record<PickRole, () => boolean> = {
      owner: () => ownerOfPick(listing, pick) === firmId,
      picker: () => pickerOfPick(listing, pick) === firmId,
      buyer: () => pick.buyerFirmId === firmId,
      seller: () => pick.sellerFirmId === firmId,
      either: () => pick.buyerFirmId === firmId || pick.sellerFirmId === firmId,
    };
    if (!holds[role]()) throw notFound(MESSAGES.pickNotFound);
    return { listing, pick };
  }

  return { allow, allowTrading, allowOwner, allowPickOwner, allowPicker, allowParty, lockPick };
}

export type ListingRights = ReturnType<typeof createRights>;
