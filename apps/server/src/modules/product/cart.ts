import { Decimal } from '@tp/decimal';
import { JournalType, ProductOrderStatus, ProductStatus, productImagePath, type Cart, type CartGroup, type CheckoutResult } from '@tp/contract';
import { withTransaction, type DbOrTx } from '../../platform/db/index';
import { NotFoundError, userActor, type AuthContext } from '../../platform/http/index';
import { toMoney } from '../../platform/money';
import { Postings, firmFundPair } from '../ledger/index';
import type { ProductContext } from './context';
import { MESSAGES, OutOfStockError, conflict, productNotFound } from './product.errors';
import * as repo from './product.repo';
import type { ProductViews } from './views';

export const ProductJournalType = {
  orderFreeze: JournalType.productOrderFreeze,
  orderRelease: JournalType.productOrderRelease,
  orderSettle: JournalType.productOrderSettle,
} as const;

const MAX_CART_LINES = 50;

/** A line can be bought when the product is on sale, is not the buyer's own and has the pieces. */
const buyable = (product: repo.ProductRow | undefined, buyerFirmId: number) => product !== undefined && product.status === ProductStatus.onSale && product.firmId !== buyerFirmId;
const lineAmount = (product: repo.ProductRow, quantity: number) => Decimal.parse(product.price).mul(String(quantity)).truncate(2);

/** The buyer's cart (购物车) and its checkout: one order per seller, each paid by freezing the buyer firm's funds. */
export function createCart(ctx: ProductContext, views: ProductViews) {
  const { db, clock, ledger } = ctx;

  async function buildCart(tx: DbOrTx, auth: AuthContext, lock: boolean) {
    const buyerFirmId = Number(auth.firmId);
    // Cart lines before products: the fixed lock order of a checkout.
    const lines = await repo.cartOf(tx, Number(auth.userId), lock);
    const rows = await repo.productsByIds(tx, lines.map((l) => l.productId), lock);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shops = await ctx.shopNames(rows.map((r) => r.firmId), tx);
    const groups = new Map<number, CartGroup & { total: Decimal }>();
    let total = Decimal.ZERO;
    for (const line of lines) {
      const product = byId.get(line.productId);
      if (!product) continue;
      const amount = lineAmount(product, line.quantity);
      const available = buyable(product, buyerFirmId) && product.stock >= line.quantity;
      const group = groups.get(product.firmId) ?? { sellerFirmId: String(product.firmId), shopName: shops.get(product.firmId) ?? '', lines: [], subtotal: '0.00', total: Decimal.ZERO };
      group.lines.push({
        productId: String(product.id),
        name: product.name,
        specification: product.specification,
        unit: product.unit,
        thumbUrl: product.status === ProductStatus.onSale && product.images.length ? productImagePath(String(product.id), 0, true) : null,
        price: toMoney(product.price),
        quantity: line.quantity,
        stock: product.stock,
        amount: toMoney(amount),
        available,
      });
      if (available) {
        group.total = group.total.add(amount);
        total = total.add(amount);
      }
      group.subtotal = toMoney(group.total);
      groups.set(product.firmId, group);
    }
    const cart: Cart = { groups: [...groups.values()].map(({ total: _t, ...g }) => g), total: toMoney(total) };
    return { cart, lines, byId };
  }

  const cartOf = async (auth: AuthContext): Promise<Cart> => (await buildCart(db, auth, false)).cart;

  return {
    cart: cartOf,

    async cartAdd(auth: AuthContext, productId: number, quantity: number): Promise<Cart> {
      const product = await repo.productById(db, productId);
      if (!product || (product.status !== ProductStatus.onSale && product.firmId !== Number(auth.firmId))) throw productNotFound();
      if (product.firmId === Number(auth.firmId)) throw conflict(MESSAGES.ownProduct);
      const lines = await repo.cartOf(db, Number(auth.userId));
      if (lines.length >= MAX_CART_LINES && !lines.some((l) => l.productId === productId)) throw conflict(MESSAGES.cartFull);
      await repo.addToCart(db, { userId: Number(auth.userId), productId, quantity, createdAt: clock.now() });
      return cartOf(auth);
    },

    async cartUpdate(auth: AuthContext, productId: number, quantity: number): Promise<Cart> {
      if ((await repo.setCartQuantity(db, Number(auth.userId), productId, quantity)) === 0) throw productNotFound();
      return cartOf(auth);
    },

    async cartRemove(auth: AuthContext, productId: number): Promise<Cart> {
      if ((await repo.removeFromCart(db, Number(auth.userId), [productId])) === 0) throw productNotFound();
      return cartOf(auth);
    },

    /**
     * Pays the cart: one order per seller, each paid by one journal freezing the buyer firm's funds,
     * the pieces taken from stock under row locks (in id order). `total` is the amount the buyer
     * confirmed; if prices changed since, nothing is paid.
     */
    async checkout(auth: AuthContext, confirmedTotal: string, consigneeId: number): Promise<CheckoutResult> {
      const buyerFirmId = await ctx.allow(auth, 'mall.order');
      // Read before the transaction (PGlite has one connection); the order keeps this copy, so a later
      // edit of the address book does not redirect goods already paid for.
      const address = await ctx.addresses.addressOf(auth, consigneeId);
      if (!address) throw new NotFoundError(MESSAGES.consigneeNotFound);
      const consignee = { recipients: address.recipients, recipientsCellphone: address.recipientsCellphone, region: address.region, addressName: address.addressName, postCode: address.postCode };
      const paid = await withTransaction(db, async (tx) => {
        const { lines, byId } = await buildCart(tx, auth, true);
        const taken = lines.filter((l) => buyable(byId.get(l.productId), buyerFirmId));
        if (taken.length === 0) throw conflict(MESSAGES.cartEmpty);
        for (const line of taken) {
          const product = byId.get(line.productId)!;
          if (product.stock < line.quantity) throw new OutOfStockError(product.name, product.stock);
        }
        const total = taken.reduce((sum, l) => sum.add(lineAmount(byId.get(l.productId)!, l.quantity)), Decimal.ZERO);
        if (!total.eq(Decimal.parse(confirmedTotal))) throw conflict(MESSAGES.totalChanged);

        const now = clock.now();
        const bySeller = new Map<number, typeof taken>();
        for (const line of taken) {
          const sellerId = byId.get(line.productId)!.firmId;
          bySeller.set(sellerId, [...(bySeller.get(sellerId) ?? []), line]);
        }
        const ids: number[] = [];
        for (const [sellerFirmId, sellerLines] of [...bySeller.entries()].sort((a, b) => a[0] - b[0])) {
          const items = sellerLines.map((line) => {
            const product = byId.get(line.productId)!;
            return { product, quantity: line.quantity, amount: lineAmount(product, line.quantity) };
          });
          const amount = items.reduce((sum, i) => sum.add(i.amount), Decimal.ZERO);
          const order = await repo.insertOrder(tx, { buyerFirmId, buyerUserId: Number(auth.userId), sellerFirmId, amount: amount.toString(), status: ProductOrderStatus.paid, consignee, createdAt: now, updatedAt: now });
          await repo.insertOrderItems(
            tx,
            items.map((i) => ({ orderId: order.id, productId: i.product.id, name: i.product.name, specification: i.product.specification, unit: i.product.unit, price: i.product.price, quantity: i.quantity, amount: i.amount.toString() })),
          );
          for (const i of items) await repo.updateProduct(tx, i.product.id, { stock: i.product.stock - i.quantity, sold: i.product.sold + i.quantity });
          await ledger.post(tx, {
            idempotencyKey: `${ProductJournalType.orderFreeze}:${order.id}`,
            type: ProductJournalType.orderFreeze,
            businessRef: String(order.id),
            postings: Postings.freeze(firmFundPair(buyerFirmId), amount),
          });
          await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: '', toStatus: ProductOrderStatus.paid, actor: userActor(auth), createdAt: now });
          ids.push(order.id);
        }
        await repo.removeFromCart(tx, Number(auth.userId), taken.map((l) => l.productId));
        return { ids, total };
      });
      const orders = await views.toOrders(await repo.ordersByIds(db, paid.ids), buyerFirmId);
      return { orders, total: toMoney(paid.total) };
    },
  };
}
