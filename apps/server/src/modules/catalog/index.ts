export { createCatalogService, loadCommodityTypes } from './catalog.service';
export type { CatalogService, CatalogServiceDeps } from './catalog.service';
export { registerCatalogRoutes } from './catalog.routes';
export { seedCatalog } from './catalog.seed';
