/** Listings (挂牌) and picks (摘牌): spot listings backed by a frozen holding, paid in full on confirmation. */
export { createListingService, ListingJournalType } from './listing.service';
export type { ListingService, ListingServiceDeps } from './listing.service';
export { registerListingRoutes } from './listing.routes';
