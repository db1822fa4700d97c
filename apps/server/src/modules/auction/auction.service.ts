import { AuctionStatus, type AdminAuctionListRequest, type AuctionItem, type AuctionListRequest, type Page } from '@tp/contract';
import type { z } from 'zod';
import { pageOf, pageWindow } from '../../platform/db/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import { requireFirmRight } from '../firm/index';
import { MESSAGES, notFound } from './auction.errors';
import * as repo from './auction.repo';
import { createBidding, type AuctionBidding } from './bidding';
import { createAuctionContext, type AuctionServiceDeps } from './context';
import { createLots, type AuctionLots } from './lots';
import { createSettlement } from './settlement';
import { createViews } from './views';

export { AuctionJobs, type AuctionServiceDeps } from './context';

type ListQuery = z.output<typeof AuctionListRequest>;
type AdminListQuery = z.output<typeof AdminAuctionListRequest>;

/** Statuses the hall shows: lots that are public or were. */
const PUBLIC_STATUSES: readonly AuctionStatus[] = [AuctionStatus.notice, AuctionStatus.bidding, AuctionStatus.ended];

/** The auction service, composed from its parts: lots (publish, audit, phases), bidding, settlement. */
export function createAuctionService(deps: AuctionServiceDeps) {
  const ctx = createAuctionContext(deps);
  const views = createViews(ctx);
  const { db } = ctx;
  // Lots open bidding and then run the proxies bidding owns; bidding advances lots: each reaches the other lazily.
  const lots: AuctionLots = createLots(ctx, views, { onBiddingOpened: async (tx, item) => (await bidding.runProxies(tx, item)).item });
  const bidding: AuctionBidding = createBidding(ctx, views, () => lots);
  const settlement = createSettlement(ctx, views);
  const viewerOf = (auth: AuthContext | null) => (auth?.firmId ? Number(auth.firmId) : undefined);

  return {
    ...settlement,
    signUp: bidding.signUp,
    answerPreRegistration: bidding.answerPreRegistration,
    enrolments: bidding.enrolments,
    offer: bidding.offer,
    serve: bidding.serve,
    close: bidding.close,
    proxy: bidding.proxy,
    proxyDetail: bidding.proxyDetail,
    offers: bidding.offers,
    publish: lots.publish,
    publishMarginBuy: lots.publishMarginBuy,
    undoPublish: lots.undoPublish,
    audit: lots.audit,
    stop: lots.stop,
    advance: lots.advance,
    advanceDue: lots.advanceDue,
    serverTime: () => ({ serverTime: ctx.clock.now().toISOString() }),

    /** The hall: public lots (notice, bidding, ended), readable without logging in. */
    async list(auth: AuthContext | null, query: ListQuery): Promise<Page<AuctionItem>> {
      const { rows, total } = await repo.listItems(db, {
        ...(query.status && PUBLIC_STATUSES.includes(query.status) ? { status: query.status } : { statuses: [...PUBLIC_STATUSES] }),
        unsold: query.unsold,
        keyword: query.keyword,
        ...pageWindow(query),
      });
      return pageOf(await views.toItems(rows, viewerOf(auth)), total, query);
    },

    /** One lot: public once its notice began; before that, or withdrawn, only to its seller. */
    async detail(auth: AuthContext | null, itemId: number): Promise<AuctionItem> {
      const viewer = viewerOf(auth);
      const item = await repo.itemById(db, itemId);
      if (!item || (!PUBLIC_STATUSES.includes(item.status) && item.firmId !== viewer)) throw notFound(MESSAGES.auctionNotFound);
      return (await views.toItems([item], viewer))[0]!;
    },

    /** The seller's own lots, every status. */
    async mine(auth: AuthContext, query: ListQuery): Promise<Page<AuctionItem>> {
      const firmId = await requireFirmRight(deps.firm, auth, 'auction.publish');
      const { rows, total } = await repo.listItems(db, { firmId, status: query.status, unsold: query.unsold, keyword: query.keyword, ...pageWindow(query) });
      return pageOf(await views.toItems(rows, firmId), total, query);
    },

    /** Every lot, for audit and the live monitor. */
    async adminList(auth: AuthContext, query: AdminListQuery): Promise<Page<AuctionItem>> {
      requireStaff(auth);
      const { rows, total } = await repo.listItems(db, { auditStatus: query.auditStatus, status: query.status, ...pageWindow(query) });
      return pageOf(await views.toItems(rows, undefined), total, query);
    },
  };
}

export type AuctionService = ReturnType<typeof createAuctionService>;
