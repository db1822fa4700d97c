import { ListingAuditStatus, ListingStatusAll } from '@tp/contract';
import type { AdminDefaultListRequest, AdminDefaultPick, AdminListingAuditRequest, AdminListingListRequest, AdminOffShelfRequest, ListingDetail, ListingFeeSettings, Page, PublicFeeSettings } from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import { type DbOrTx, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import type { ListingContext } from './context';
import type { ListingGoods } from './goods';
import { MESSAGES, badRequest, conflict, notFound } from './listing.errors';
import * as repo from './listing.repo';
import type { ListingViews } from './views';

type AdminListingQuery = z.output<typeof AdminListingListRequest>;
type AuditInput = z.output<typeof AdminListingAuditRequest>;
type DefaultQuery = z.output<typeof AdminDefaultListRequest>;

/** Back-office listing work: every firm's listings, audit, forced off-shelf, defaults and the fee settings. */
export function createAdmin(ctx: ListingContext, parts: { views: ListingViews; goods: ListingGoods }) {
  const { db, clock } = ctx;
  const { views, goods } = parts;

  /** Runs a staff change to one listing in a transaction, the listing locked and found; answers the listing as staff see it. */
  async function changeListing(listingId: number, change: (tx: DbOrTx, listing: repo.ListingRow) => Promise<void>): Promise<ListingDetail> {
    await withTransaction(db, async (tx) => {
      const listing = await repo.listingById(tx, listingId);
      if (!listing) throw notFound(MESSAGES.listingNotFound);
      await change(tx, listing);
    });
    return views.staffListingView(listingId);
  }

  return {
    async adminListings(auth: AuthContext, query: AdminListingQuery): Promise<Page<ListingDetail>> {
      requireStaff(auth);
      const { rows, total } = await repo.listListings(db, {
        auditStatus: query.auditStatus,
        status: query.status,
        type: query.type,
        source: query.source,
        firmId: optionalId(query.firmId),
        ...pageWindow(query),
      });
      return pageOf(await views.toListings(rows, undefined, true), total, query);
    },

    /** Staff pass (`P` → `T`, listed `O`) or fail (`F`, the owner's frozen money released) a listing awaiting audit. */
    async audit(auth: AuthContext, input: AuditInput): Promise<ListingDetail> {
      requireStaff(auth);
      if (!input.pass && !input.reason) throw badRequest(MESSAGES.reasonRequired);
      return changeListing(Number(input.listingId), async (tx, listing) => {
        if (listing.status !== ListingStatusAll.awaitingAudit || listing.auditStatus !== ListingAuditStatus.pending) throw conflict(MESSAGES.listingState);
        const after = input.pass ? { status: ListingStatusAll.listed, auditStatus: ListingAuditStatus.passed } : { status: ListingStatusAll.cancelled, auditStatus: ListingAuditStatus.failed };
        if (input.pass) await repo.updateListing(tx, listing.id, { ...after, reason: '', updatedAt: clock.now() });
        else await goods.closeRemainder(tx, listing, ctx.actorOf(auth), { auditStatus: ListingAuditStatus.failed, reason: input.reason }, `audit failed: ${input.reason}`);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: input.pass ? 'listing.audit.pass' : 'listing.audit.fail',
          objectType: 'listing',
          objectId: String(listing.id),
          detail: { before: { status: listing.status, auditStatus: listing.auditStatus }, after, reason: input.reason ?? '' },
        });
      });
    },

    /** Staff force a listed listing off the shelf: the remainder is released and the owner sees why. */
    async offShelf(auth: AuthContext, input: AdminOffShelfRequest): Promise<ListingDetail> {
      requireStaff(auth);
      return changeListing(Number(input.listingId), async (tx, listing) => {
        if (listing.status !== ListingStatusAll.listed) throw conflict(MESSAGES.listingState);
        await goods.closeRemainder(tx, listing, ctx.actorOf(auth), { reason: input.reason }, `forced off the shelf: ${input.reason}`);
        await appendAudit(tx, {
          at: clock.now(),
          actorKind: 'staff',
          actorId: auth.userId,
          action: 'listing.off-shelf',
          objectType: 'listing',
          objectId: String(listing.id),
          detail: { before: { status: listing.status }, after: { status: ListingStatusAll.cancelled }, reason: input.reason },
        });
      });
    },

    async adminDefaults(auth: AuthContext, query: DefaultQuery): Promise<Page<AdminDefaultPick>> {
      requireStaff(auth);
      const { rows, total } = await repo.listPicks(db, { defaultSide: query.side ?? 'either', defaultStatus: query.status, ...pageWindow(query) });
      const picks = await views.toPicks(rows, undefined);
      return pageOf(
        picks.map((v, i) => ({ ...v, buyerFirmId: String(rows[i]!.buyerFirmId), sellerFirmId: String(rows[i]!.sellerFirmId) })),
        total,
        query,
      );
    },

    /** The terms in force, for the public rate page; a change by staff shows at once. */
    async publicFeeSettings(): Promise<PublicFeeSettings> {
      const { commodities: _perCommodity, ...terms } = await ctx.settings();
      return terms;
    },

    async adminSettings(auth: AuthContext): Promise<ListingFeeSettings> {
      requireStaff(auth);
      return ctx.settings();
    },

    async saveSettings(auth: AuthContext, input: ListingFeeSettings): Promise<ListingFeeSettings> {
      requireStaff(auth);
      const now = clock.now();
      const before = await ctx.settings();
      await withTransaction(db, async (tx) => {
        await appendAudit(tx, { at: now, actorKind: 'staff', actorId: auth.userId, action: 'listing.fee-settings.update', objectType: 'listing_fee_settings', objectId: '1', detail: { before, after: input } });
        await repo.saveSettings(
          tx,
          { id: 1, ...input, updatedAt: now },
          [...new Map(input.commodities.map((c) => [c.commodityTypeId, c])).values()].map((c) => ({ ...c, commodityTypeId: Number(c.commodityTypeId) })),
        );
      });
      return ctx.settings();
    },
  };
}
