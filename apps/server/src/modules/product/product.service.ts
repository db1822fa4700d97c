import { Decimal } from '@tp/decimal';
import {
  LISTING_FEE_RATE,
  UPLOAD_IMAGE_MAX_BYTES,
  UploadPath,
  productImagePath,
  shopLogoPath,
  type AdminProduct,
  type AdminProductListRequest,
  type Cart,
  type CartGroup,
  type CheckoutResult,
  type Language,
  type Page,
  type Product,
  type ProductAuditRequest,
  type ProductListRequest,
  type ProductMineRequest,
  type ProductOffShelfRequest,
  type ProductOrder,
  type ProductOrderCanceller,
  type ProductOrderListRequest,
  type ProductOrderStatus,
  type ProductRequest,
  type ProductStatus,
  type ProductUpdateRequest,
  type Shop,
  type ShopRequest,
  type UploadedFile,
  JournalType,
} from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import type { Clock } from '../../platform/clock';
import { withTransaction, type Db, type DbOrTx } from '../../platform/db/index';
import { ForbiddenError, NotFoundError, type AuthContext } from '../../platform/http/index';
import { findReadableUpload, UploadRefusedError, type OpenedFile, type UploadService } from '../../platform/uploads/index';
import { loadCommodityTypes } from '../catalog/index';
import type { EnterpriseServices, FirmService, RightCode } from '../firm/index';
import { Postings, firmFund, firmFundPair, type LedgerService } from '../ledger/index';
import { ACTIONS, ImageRefusedError, MESSAGES, OrderStateError, OutOfStockError, ProductStateError, UnknownCommodityError, conflict, orderNotFound, productNotFound } from './product.errors';
import * as repo from './product.repo';

export const ProductJournalType = {
  orderFreeze: JournalType.productOrderFreeze,
  orderRelease: JournalType.productOrderRelease,
  orderSettle: JournalType.productOrderSettle,
} as const;

export interface ProductServiceDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post'>;
  firm: Pick<FirmService, 'requireRight'>;
  uploads: Pick<UploadService, 'storeImage' | 'open'>;
  /** The buyer's address book, where checkout finds the address an order is shipped to. */
  addresses: Pick<EnterpriseServices['profile'], 'addressOf'>;
  /** The platform's share of a received order, taken from the seller; the listings' rate unless set. */
  feeRate?: string;
}

type ProductInput = z.output<typeof ProductRequest>;
type UpdateInput = z.output<typeof ProductUpdateRequest>;
type ListQuery = z.output<typeof ProductListRequest>;
type MineQuery = z.output<typeof ProductMineRequest>;
type AdminQuery = z.output<typeof AdminProductListRequest>;
type AuditInput = z.output<typeof ProductAuditRequest>;
type OffShelfInput = z.output<typeof ProductOffShelfRequest>;
type ShopInput = z.output<typeof ShopRequest>;
type OrderQuery = z.output<typeof ProductOrderListRequest>;

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);
const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);
const MAX_CART_LINES = 50;
const d = (v: string) => Decimal.parse(v);
const m2 = (v: Decimal | string) => (typeof v === 'string' ? d(v) : v).truncate(2).toFixed(2);
const iso = (v: Date | null) => (v ? v.toISOString() : null);
const pageOf = <T>(content: T[], total: number, query: { page: number; size: number }): Page<T> => ({ content, total, page: query.page, size: query.size });

/** Acting on a firm's behalf to read its uploads, which are the firm's files. */
const onBehalfOf = (firmId: number, userId: number): AuthContext => ({
  kind: 'user',
  sessionId: '',
  userId: String(userId),
  firmId: String(firmId),
  marketId: '',
  isMainAccount: false,
  language: 'cn',
});

export function createProductService(deps: ProductServiceDeps) {
  const { db, clock, ledger, firm } = deps;
  const feeRate = d(deps.feeRate ?? LISTING_FEE_RATE);
  const userActor = (auth: AuthContext) => `user:${auth.userId}`;
  const staffActor = (auth: AuthContext) => `staff:${auth.userId}`;
  const viewerFirm = (auth: AuthContext | null) => (auth?.kind === 'user' && auth.firmId ? Number(auth.firmId) : undefined);

  async function allow(auth: AuthContext, right: RightCode): Promise<number> {
    await firm.requireRight(auth, right);
    return Number(auth.firmId);
  }
  const requireStaff = (auth: AuthContext) => {
    if (auth.kind !== 'staff') throw new ForbiddenError();
  };

  async function commodityNames(): Promise<Map<string, string>> {
    return new Map((await loadCommodityTypes(db)).map((t) => [t.commodityTypeId, t.name]));
  }

  async function shopNames(firmIds: number[], tx: DbOrTx = db): Promise<Map<number, string>> {
    return new Map((await repo.shopsOf(tx, [...new Set(firmIds)])).map((s) => [s.firmId, s.name]));
  }

  async function toProducts(rows: repo.ProductRow[], viewer: number | 'staff' | undefined): Promise<AdminProduct[]> {
    const [names, shops] = await Promise.all([commodityNames(), shopNames(rows.map((r) => r.firmId))]);
    return rows.map((row) => {
      const id = String(row.id);
      const mine = viewer !== undefined && viewer !== 'staff' && row.firmId === viewer;
      const images =
        viewer === 'staff'
          ? row.images.map((img) => ({ url: UploadPath.adminFile.replace(':id', img), thumbUrl: UploadPath.adminThumb.replace(':id', img) }))
          : row.images.map((_img, i) => ({ url: productImagePath(id, i), thumbUrl: productImagePath(id, i, true) }));
      return {
        productId: id,
        firmId: String(row.firmId),
        shopName: shops.get(row.firmId) ?? '',
        name: row.name,
        commodityTypeId: String(row.commodityTypeId),
        commodityName: names.get(String(row.commodityTypeId)) ?? '',
        specification: row.specification,
        unit: row.unit,
        price: m2(row.price),
        stock: row.stock,
        sold: row.sold,
        images,
        imageIds: mine || viewer === 'staff' ? row.images : [],
        description: row.description,
        status: row.status as ProductStatus,
        reason: row.reason,
        mine,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        auditedBy: row.auditedBy,
        auditedAt: iso(row.auditedAt),
      };
    });
  }

  /** The public and seller view: staff-only fields left out. */
  async function toPublic(rows: repo.ProductRow[], viewer: number | undefined): Promise<Product[]> {
    return (await toProducts(rows, viewer)).map(({ auditedBy: _by, auditedAt: _at, ...rest }) => rest);
  }

  async function productView(id: number, viewer: number | undefined): Promise<Product> {
    const row = await repo.productById(db, id);
    if (!row) throw productNotFound();
    return (await toPublic([row], viewer))[0]!;
  }

  async function adminView(id: number): Promise<AdminProduct> {
    const row = await repo.productById(db, id);
    if (!row) throw productNotFound();
    return (await toProducts([row], 'staff'))[0]!;
  }

  /** Every picture must be a JPG or PNG the caller's firm uploaded; otherwise the field is named. */
  async function checkImages(auth: AuthContext, field: 'images' | 'logo', ids: string[], lang: Language): Promise<void> {
    for (const id of ids) {
      try {
        const upload = await findReadableUpload(db, auth, id);
        if (upload.kind !== 'image' || !PHOTO_TYPES.has(upload.mime)) throw new Error('not a picture');
      } catch {
        throw new ImageRefusedError(field, lang, MAX_MB);
      }
    }
  }

  async function checkProduct(auth: AuthContext, input: ProductInput, lang: Language): Promise<void> {
    if (!(await commodityNames()).has(input.commodityTypeId)) throw new UnknownCommodityError(lang);
    await checkImages(auth, 'images', [...new Set(input.images)], lang);
  }

  const fieldsOf = (input: ProductInput) => ({
    name: input.name,
    commodityTypeId: Number(input.commodityTypeId),
    specification: input.specification,
    unit: input.unit,
    price: d(input.price).toString(),
    stock: input.stock,
    images: [...new Set(input.images)],
    description: input.description,
  });

  /** One move of one product in one transaction, with its history row; `firmId` scopes it to the owner. */
  async function transition(
    productId: number,
    firmId: number | undefined,
    work: (tx: DbOrTx, row: repo.ProductRow, now: Date) => Promise<{ to: string; actor: string; reason?: string; patch?: Partial<repo.ProductInsert> }>,
  ): Promise<void> {
    await withTransaction(db, async (tx) => {
      const row = await repo.productForUpdate(tx, productId, firmId);
      if (!row) throw productNotFound();
      const now = clock.now();
      const { to, actor, reason = '', patch = {} } = await work(tx, row, now);
      await repo.updateProduct(tx, row.id, { ...patch, status: to, updatedAt: now });
      await repo.insertHistory(tx, { productId: row.id, fromStatus: row.status, toStatus: to, actor, reason, createdAt: now });
    });
  }

  async function staffAudit(tx: DbOrTx, auth: AuthContext, action: string, productId: number, detail: unknown): Promise<void> {
    await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action, objectType: 'product', objectId: String(productId), detail });
  }

  // ---- cart and orders ----

  /** A line can be bought when the product is on sale, is not the buyer's own and has the pieces. */
  const buyable = (product: repo.ProductRow | undefined, buyerFirmId: number) => product !== undefined && product.status === 'T' && product.firmId !== buyerFirmId;

  async function buildCart(tx: DbOrTx, auth: AuthContext, lock: boolean) {
    const buyerFirmId = Number(auth.firmId);
    // Cart lines before products: the fixed lock order of a checkout.
    const lines = await repo.cartOf(tx, Number(auth.userId), lock);
    const rows = await repo.productsByIds(tx, lines.map((l) => l.productId), lock);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const shops = await shopNames(rows.map((r) => r.firmId), tx);
    const groups = new Map<number, CartGroup & { total: Decimal }>();
    let total = Decimal.ZERO;
    for (const line of lines) {
      const product = byId.get(line.productId);
      if (!product) continue;
      const amount = d(product.price).mul(String(line.quantity)).truncate(2);
      const available = buyable(product, buyerFirmId) && product.stock >= line.quantity;
      const group = groups.get(product.firmId) ?? { sellerFirmId: String(product.firmId), shopName: shops.get(product.firmId) ?? '', lines: [], subtotal: '0.00', total: Decimal.ZERO };
      group.lines.push({
        productId: String(product.id),
        name: product.name,
        specification: product.specification,
        unit: product.unit,
        thumbUrl: product.status === 'T' && product.images.length ? productImagePath(String(product.id), 0, true) : null,
        price: m2(product.price),
        quantity: line.quantity,
        stock: product.stock,
        amount: m2(amount),
        available,
      });
      if (available) {
        group.total = group.total.add(amount);
        total = total.add(amount);
      }
      group.subtotal = m2(group.total);
      groups.set(product.firmId, group);
    }
    const cart: Cart = { groups: [...groups.values()].map(({ total: _t, ...g }) => g), total: m2(total) };
    return { cart, lines, byId };
  }

  async function toOrders(rows: repo.OrderRow[], viewerFirmId: number): Promise<ProductOrder[]> {
    const [items, shops] = await Promise.all([repo.itemsOf(db, rows.map((r) => r.id)), shopNames(rows.map((r) => r.sellerFirmId))]);
    return rows.map((row) => ({
      orderId: String(row.id),
      buyerFirmId: String(row.buyerFirmId),
      sellerFirmId: String(row.sellerFirmId),
      shopName: shops.get(row.sellerFirmId) ?? '',
      items: items
        .filter((i) => i.orderId === row.id)
        .map((i) => ({ productId: String(i.productId), name: i.name, specification: i.specification, unit: i.unit, price: m2(i.price), quantity: i.quantity, amount: m2(i.amount) })),
      amount: m2(row.amount),
      fee: m2(row.fee),
      status: row.status as ProductOrderStatus,
      trackingNo: row.trackingNo,
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
      consignee: row.consignee ?? null,
      side: row.sellerFirmId === viewerFirmId ? ('seller' as const) : ('buyer' as const),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  async function orderView(orderId: number, firmId: number): Promise<ProductOrder> {
    const row = await repo.orderOfFirm(db, orderId, firmId, 'either', false);
    if (!row) throw orderNotFound();
    return (await toOrders([row], firmId))[0]!;
  }

  /** One move of one order, locked and scoped to the caller's side of it, with its history row. */
  async function orderMove(
    auth: AuthContext,
    firmId: number,
    side: 'buyer' | 'seller',
    orderId: number,
    work: (tx: DbOrTx, order: repo.OrderRow, now: Date) => Promise<{ to: string; patch?: Partial<repo.OrderRow> }>,
  ): Promise<ProductOrder> {
    await withTransaction(db, async (tx) => {
      const order = await repo.orderOfFirm(tx, orderId, firmId, side);
      if (!order) throw orderNotFound();
      const now = clock.now();
      const { to, patch = {} } = await work(tx, order, now);
      await repo.updateOrder(tx, order.id, { ...patch, status: to, updatedAt: now });
      await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: order.status, toStatus: to, actor: userActor(auth), createdAt: now });
    });
    return orderView(orderId, firmId);
  }

  /**
   * Either side's cancel of a paid order before shipment: the pieces go back to stock and the buyer's
   * frozen payment back to its available funds in one journal, so both cancels move money alike.
   */
  async function cancelPaid(tx: DbOrTx, order: repo.OrderRow, by: ProductOrderCanceller, reason: string): Promise<{ to: string; patch: Partial<repo.OrderRow> }> {
    if (order.status !== 'W') throw new OrderStateError(order.status, ACTIONS.cancel);
    const items = await repo.itemsOf(tx, [order.id]);
    const locked = new Map((await repo.productsByIds(tx, items.map((i) => i.productId), true)).map((p) => [p.id, p]));
    for (const item of items) {
      const product = locked.get(item.productId);
      if (product) await repo.updateProduct(tx, product.id, { stock: product.stock + item.quantity, sold: Math.max(0, product.sold - item.quantity) });
    }
    await ledger.post(tx, {
      idempotencyKey: `${ProductJournalType.orderRelease}:${order.id}`,
      type: ProductJournalType.orderRelease,
      businessRef: String(order.id),
      postings: Postings.release(firmFundPair(order.buyerFirmId), order.amount),
    });
    return { to: 'U', patch: { cancelledBy: by, cancelReason: reason } };
  }

  async function shopView(auth: AuthContext | null, firmId: number): Promise<Shop> {
    const row = await repo.shopOf(db, firmId);
    if (!row) throw new NotFoundError(MESSAGES.shopNotFound);
    return {
      firmId: String(row.firmId),
      name: row.name,
      logo: viewerFirm(auth) === row.firmId ? row.logo : null,
      logoUrl: row.logo ? shopLogoPath(String(row.firmId)) : null,
      logoThumbUrl: row.logo ? shopLogoPath(String(row.firmId), true) : null,
      introduction: row.introduction,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      onSale: await repo.onSaleCount(db, row.firmId),
      mine: viewerFirm(auth) === row.firmId,
    };
  }

  return {
    // ---- public ----

    /** Products on sale of every firm (or of one shop), readable without logging in. */
    async list(auth: AuthContext | null, query: ListQuery): Promise<Page<Product>> {
      const { rows, total } = await repo.listProducts(db, {
        statuses: ['T'],
        firmId: query.firmId === undefined ? undefined : Number(query.firmId),
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        keyword: query.keyword,
        minPrice: query.minPrice || undefined,
        maxPrice: query.maxPrice || undefined,
        sort: query.sort,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toPublic(rows, viewerFirm(auth)), total, query);
    },

    /** A product on sale, or the caller's own in any state; anything else is not found. */
    async detail(auth: AuthContext | null, productId: number): Promise<Product> {
      const row = await repo.productById(db, productId);
      const viewer = viewerFirm(auth);
      if (!row || (row.status !== 'T' && row.firmId !== viewer)) throw productNotFound();
      return (await toPublic([row], viewer))[0]!;
    },

    /** A picture of a product on sale (or of the caller's own): public like the product, read on the owner firm's behalf. */
    async image(auth: AuthContext | null, productId: number, index: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.productById(db, productId);
      const img = row?.images[index];
      if (!row || !img || (row.status !== 'T' && row.firmId !== viewerFirm(auth))) throw productNotFound();
      return deps.uploads.open(onBehalfOf(row.firmId, row.userId), img, variant);
    },

    shop: shopView,

    async shopLogo(firmId: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.shopOf(db, firmId);
      if (!row?.logo) throw new NotFoundError(MESSAGES.shopNotFound);
      return deps.uploads.open(onBehalfOf(row.firmId, row.userId), row.logo, variant);
    },

    // ---- seller ----

    /** A product picture or the shop logo: sniffed, re-encoded and thumbnailed by the upload service. */
    async upload(auth: AuthContext, buffer: Buffer | null, lang: Language): Promise<UploadedFile> {
      await allow(auth, 'seller.product');
      if (buffer === null) throw new ImageRefusedError('img', lang, MAX_MB);
      try {
        return await deps.uploads.storeImage(auth, buffer);
      } catch (error) {
        if (error instanceof UploadRefusedError) throw new ImageRefusedError('img', lang, MAX_MB);
        throw error;
      }
    },

    /** The caller's own shop, or null before it is set up. */
    async myShop(auth: AuthContext): Promise<Shop | null> {
      const firmId = await allow(auth, 'seller.shop');
      if (!(await repo.shopOf(db, firmId))) return null;
      return shopView(auth, firmId);
    },

    async saveShop(auth: AuthContext, input: ShopInput, lang: Language): Promise<Shop> {
      const firmId = await allow(auth, 'seller.shop');
      if (input.logo) await checkImages(auth, 'logo', [input.logo], lang);
      const now = clock.now();
      await repo.saveShop(db, {
        firmId,
        userId: Number(auth.userId),
        name: input.name,
        logo: input.logo || null,
        introduction: input.introduction,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        createdAt: now,
        updatedAt: now,
      });
      return shopView(auth, firmId);
    },

    async mine(auth: AuthContext, query: MineQuery): Promise<Page<Product>> {
      const firmId = await allow(auth, 'seller.product');
      const { rows, total } = await repo.listProducts(db, {
        firmId,
        statuses: query.status ? [query.status] : query.statuses,
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        keyword: query.keyword,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toPublic(rows, firmId), total, query);
    },

    /** A new product: a draft, or straight to audit (`W`) when submitted. The firm needs a shop first. */
    async create(auth: AuthContext, input: ProductInput, lang: Language): Promise<Product> {
      const firmId = await allow(auth, 'seller.product');
      if (!(await repo.shopOf(db, firmId))) throw conflict(MESSAGES.shopRequired);
      await checkProduct(auth, input, lang);
      const now = clock.now();
      const status = input.submit ? 'W' : 'D';
      const row = await withTransaction(db, async (tx) => {
        const created = await repo.insertProduct(tx, { ...fieldsOf(input), firmId, userId: Number(auth.userId), status, createdAt: now, updatedAt: now });
        await repo.insertHistory(tx, { productId: created.id, fromStatus: '', toStatus: status, actor: userActor(auth), createdAt: now });
        return created;
      });
      return productView(row.id, firmId);
    },

    /**
     * An edit in any state. Only a draft saved without submitting stays a draft; every other edit
     * (including one of a product on sale) goes back to audit, so buyers only see audited content.
     */
    async update(auth: AuthContext, input: UpdateInput, lang: Language): Promise<Product> {
      const firmId = await allow(auth, 'seller.product');
      await checkProduct(auth, input, lang);
      const { productId, ...fields } = input;
      await transition(Number(productId), firmId, async (_tx, row) => ({
        to: row.status === 'D' && !input.submit ? 'D' : 'W',
        actor: userActor(auth),
        patch: { ...fieldsOf(fields), userId: Number(auth.userId), reason: '', auditedBy: '', auditedAt: null },
      }));
      return productView(Number(productId), firmId);
    },

    /** Draft, rejected or off-shelf → pending audit. */
    async submit(auth: AuthContext, productId: number): Promise<Product> {
      const firmId = await allow(auth, 'seller.product');
      await transition(productId, firmId, async (_tx, row) => {
        if (row.status !== 'D' && row.status !== 'F' && row.status !== 'O') throw new ProductStateError(row.status, ACTIONS.submit);
        return { to: 'W', actor: userActor(auth), patch: { reason: '' } };
      });
      return productView(productId, firmId);
    },

    /** The seller takes a product on sale off the shelf; orders already placed go on. */
    async offShelf(auth: AuthContext, productId: number): Promise<Product> {
      const firmId = await allow(auth, 'seller.product');
      await transition(productId, firmId, async (_tx, row) => {
        if (row.status !== 'T') throw new ProductStateError(row.status, ACTIONS.offShelf);
        return { to: 'O', actor: userActor(auth), patch: { reason: '' } };
      });
      return productView(productId, firmId);
    },

    // ---- buyer: cart ----

    async cart(auth: AuthContext): Promise<Cart> {
      return (await buildCart(db, auth, false)).cart;
    },

    async cartAdd(auth: AuthContext, productId: number, quantity: number): Promise<Cart> {
      const product = await repo.productById(db, productId);
      if (!product || (product.status !== 'T' && product.firmId !== Number(auth.firmId))) throw productNotFound();
      if (product.firmId === Number(auth.firmId)) throw conflict(MESSAGES.ownProduct);
      const lines = await repo.cartOf(db, Number(auth.userId));
      if (lines.length >= MAX_CART_LINES && !lines.some((l) => l.productId === productId)) throw conflict(MESSAGES.cartFull);
      await repo.addToCart(db, { userId: Number(auth.userId), productId, quantity, createdAt: clock.now() });
      return (await buildCart(db, auth, false)).cart;
    },

    async cartUpdate(auth: AuthContext, productId: number, quantity: number): Promise<Cart> {
      if ((await repo.setCartQuantity(db, Number(auth.userId), productId, quantity)) === 0) throw productNotFound();
      return (await buildCart(db, auth, false)).cart;
    },

    async cartRemove(auth: AuthContext, productId: number): Promise<Cart> {
      if ((await repo.removeFromCart(db, Number(auth.userId), [productId])) === 0) throw productNotFound();
      return (await buildCart(db, auth, false)).cart;
    },

    /**
     * Pays the cart: one order per seller, each paid by one journal freezing the buyer firm's funds,
     * the pieces taken from stock under row locks (in id order). `total` is the amount the buyer
     * confirmed; if prices changed since, nothing is paid.
     */
    async checkout(auth: AuthContext, confirmedTotal: string, consigneeId: number): Promise<CheckoutResult> {
      const buyerFirmId = await allow(auth, 'mall.order');
      // Read before the transaction (PGlite has one connection); the order keeps this copy, so a later
      // edit of the address book does not redirect goods already paid for.
      const address = await deps.addresses.addressOf(auth, consigneeId);
      if (!address) throw new NotFoundError(MESSAGES.consigneeNotFound);
      const consignee = { recipients: address.recipients, recipientsCellphone: address.recipientsCellphone, region: address.region, addressName: address.addressName, postCode: address.postCode };
      const orderIds = await withTransaction(db, async (tx) => {
        const { lines, byId } = await buildCart(tx, auth, true);
        const taken = lines.filter((l) => buyable(byId.get(l.productId), buyerFirmId));
        if (taken.length === 0) throw conflict(MESSAGES.cartEmpty);
        for (const line of taken) {
          const product = byId.get(line.productId)!;
          if (product.stock < line.quantity) throw new OutOfStockError(product.name, product.stock);
        }
        const total = taken.reduce((sum, l) => sum.add(d(byId.get(l.productId)!.price).mul(String(l.quantity)).truncate(2)), Decimal.ZERO);
        if (!total.eq(d(confirmedTotal))) throw conflict(MESSAGES.totalChanged);

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
            return { product, quantity: line.quantity, amount: d(product.price).mul(String(line.quantity)).truncate(2) };
          });
          const amount = items.reduce((sum, i) => sum.add(i.amount), Decimal.ZERO);
          const order = await repo.insertOrder(tx, { buyerFirmId, buyerUserId: Number(auth.userId), sellerFirmId, amount: amount.toString(), status: 'W', consignee, createdAt: now, updatedAt: now });
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
          await repo.insertOrderHistory(tx, { orderId: order.id, fromStatus: '', toStatus: 'W', actor: userActor(auth), createdAt: now });
          ids.push(order.id);
        }
        await repo.removeFromCart(tx, Number(auth.userId), taken.map((l) => l.productId));
        return { ids, total };
      });
      const orders = await toOrders(await repo.ordersByIds(db, orderIds.ids), buyerFirmId);
      return { orders, total: m2(orderIds.total) };
    },

    // ---- orders ----

    async orders(auth: AuthContext, query: OrderQuery): Promise<Page<ProductOrder>> {
      const firmId = await allow(auth, query.side === 'seller' ? 'seller.product' : 'mall.order');
      const { rows, total } = await repo.listOrders(db, { firmId, side: query.side, status: query.status, offset: query.page * query.size, limit: query.size });
      return pageOf(await toOrders(rows, firmId), total, query);
    },

    /** The seller ships a paid order with the carrier's tracking number: `W` → `S`. */
    async ship(auth: AuthContext, orderId: number, trackingNo: string): Promise<ProductOrder> {
      const firmId = await allow(auth, 'seller.product');
      return orderMove(auth, firmId, 'seller', orderId, async (_tx, order) => {
        if (order.status !== 'W') throw new OrderStateError(order.status, ACTIONS.ship);
        return { to: 'S', patch: { trackingNo } };
      });
    },

    /** The buyer confirms receipt: `S` → `T`, the frozen payment goes to the seller less the platform fee, in one journal. */
    async receive(auth: AuthContext, orderId: number): Promise<ProductOrder> {
      const firmId = await allow(auth, 'mall.order');
      return orderMove(auth, firmId, 'buyer', orderId, async (tx, order) => {
        if (order.status !== 'S') throw new OrderStateError(order.status, ACTIONS.receive);
        const amount = d(order.amount);
        const fee = amount.mul(feeRate).truncate(2);
        await ledger.post(tx, {
          idempotencyKey: `${ProductJournalType.orderSettle}:${order.id}`,
          type: ProductJournalType.orderSettle,
          businessRef: String(order.id),
          postings: Postings.settleFrozen({ from: firmFund(order.buyerFirmId, 'frozen'), to: firmFund(order.sellerFirmId), amount, fee }),
        });
        return { to: 'T', patch: { fee: fee.toString() } };
      });
    },

    /** The buyer cancels before shipment: `W` → `U`, the funds are released and the pieces go back to stock. */
    async cancel(auth: AuthContext, orderId: number): Promise<ProductOrder> {
      const firmId = await allow(auth, 'mall.order');
      return orderMove(auth, firmId, 'buyer', orderId, (tx, order) => cancelPaid(tx, order, 'buyer', ''));
    },

    /** The seller cannot ship a paid order: `W` → `U` like the buyer's cancel, with the reason the buyer reads. */
    async sellerCancel(auth: AuthContext, orderId: number, reason: string): Promise<ProductOrder> {
      const firmId = await allow(auth, 'seller.product');
      return orderMove(auth, firmId, 'seller', orderId, (tx, order) => cancelPaid(tx, order, 'seller', reason));
    },

    // ---- staff ----

    async adminList(auth: AuthContext, query: AdminQuery): Promise<Page<AdminProduct>> {
      requireStaff(auth);
      const { rows, total } = await repo.listProducts(db, {
        firmId: query.firmId === undefined ? undefined : Number(query.firmId),
        statuses: query.status ? [query.status] : undefined,
        commodityTypeId: query.commodityTypeId === undefined ? undefined : Number(query.commodityTypeId),
        keyword: query.keyword,
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageOf(await toProducts(rows, 'staff'), total, query);
    },

    /** `W` → `T` on sale | `F` rejected with the reason the seller reads. */
    async audit(auth: AuthContext, input: AuditInput): Promise<AdminProduct> {
      requireStaff(auth);
      await transition(Number(input.productId), undefined, async (tx, row, now) => {
        if (row.status !== 'W') throw new ProductStateError(row.status, ACTIONS.audit);
        await staffAudit(tx, auth, 'product.audit', row.id, { pass: input.pass, reason: input.reason });
        const reason = input.pass ? '' : input.reason;
        return { to: input.pass ? 'T' : 'F', actor: staffActor(auth), reason, patch: { reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return adminView(Number(input.productId));
    },

    /** Staff force a product on sale off the shelf (`T` → `O`); the seller reads the reason. */
    async forceOffShelf(auth: AuthContext, input: OffShelfInput): Promise<AdminProduct> {
      requireStaff(auth);
      await transition(Number(input.productId), undefined, async (tx, row, now) => {
        if (row.status !== 'T') throw new ProductStateError(row.status, ACTIONS.offShelf);
        await staffAudit(tx, auth, 'product.offShelf', row.id, { reason: input.reason });
        return { to: 'O', actor: staffActor(auth), reason: input.reason, patch: { reason: input.reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return adminView(Number(input.productId));
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
