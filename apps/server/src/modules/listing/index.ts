/** Listings (挂牌), picks (摘牌), margin trading, bargaining, invoices and defaults of the commodity platform. */
export { createListingService, ListingJournalType, ListingJobs, marginJournalType } from './listing.service';
export type { ListingService, ListingServiceDeps, PickContractTerms, ContractIssuer, PledgedGoods } from './listing.service';
export { registerListingRoutes, type ListingRouteOptions } from './listing.routes';
export { PICK_COMPLETED } from './payments';
