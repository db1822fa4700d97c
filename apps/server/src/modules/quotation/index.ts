/** Quotations (行情) of the commodity platform: market detail, time-sharing line, K-line, tops and trades from its own deals, pushed live. */
export { createQuotationService, QuotationEvents } from './quotation.service';
export type { QuotationService, QuotationServiceDeps, PlatformDeal } from './quotation.service';
export { registerQuotationRoutes } from './quotation.routes';
