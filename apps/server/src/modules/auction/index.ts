/** Auctions (竞拍): publish from a holding, staff audit, sign-up with a deposit, live bidding with anti-sniping and proxy bids, the winning order. */
export { createAuctionService, AuctionJobs } from './auction.service';
export type { AuctionService, AuctionServiceDeps } from './auction.service';
export { registerAuctionRoutes } from './auction.routes';
export { AUCTION_INTERNAL_PATH, createAuctionCluster, registerAuctionInternalRoutes, type AuctionCluster } from './auction.cluster';
