import { createCart } from './cart';
import { createProductContext, type ProductServiceDeps } from './context';
import { createOrders } from './orders';
import { createProducts } from './products';
import { createShops } from './shops';
import { createProductViews } from './views';

export { ProductJournalType } from './cart';
export type { ProductServiceDeps } from './context';

/** The sellers' product shop: products and their audit, shops, the cart and checkout, and orders, each in its own file. */
export function createProductService(deps: ProductServiceDeps) {
  const ctx = createProductContext(deps);
  const views = createProductViews(ctx);
  const products = createProducts(ctx, views);
  // The picture check serves the shop's logo too; it is not a call of its own.
  const { checkImages: _checkImages, ...productApi } = products;
  return {
    ...productApi,
    ...createShops(ctx, views, products),
    ...createCart(ctx, views),
    ...createOrders(ctx, views),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
