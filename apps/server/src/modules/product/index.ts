/** The sellers' product shop (产品销售): shops, audited products, the cart and per-seller orders paid from firm funds. */
export { createProductService, ProductJournalType } from './product.service';
export type { ProductService, ProductServiceDeps } from './product.service';
export { registerProductRoutes } from './product.routes';
