export { createContentService, ensureContentColumns, CONTENT_COLUMNS } from './content.service';
export type { ContentService, ContentServiceDeps } from './content.service';
export { registerContentRoutes } from './content.routes';
export { seedContent } from './content.seed';
export { createExchangeContentService } from './exchange-content.service';
export type { ExchangeContentService, ExchangeContentDeps } from './exchange-content.service';
export { registerExchangeContentRoutes } from './exchange-content.routes';
