import { Decimal } from '@tp/decimal';
import {
  ProductStatus,
  UPLOAD_IMAGE_MAX_BYTES,
  type AdminProduct,
  type AdminProductListRequest,
  type Language,
  type Page,
  type Product,
  type ProductAuditRequest,
  type ProductListRequest,
  type ProductMineRequest,
  type ProductOffShelfRequest,
  type ProductRequest,
  type ProductUpdateRequest,
  type UploadedFile,
} from '@tp/contract';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/index';
import { type DbOrTx, movesOf, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { onBehalfOf, requireStaff, staffActor, userActor, viewerFirm, type AuthContext } from '../../platform/http/index';
import { readablePhotoOrRefuse, storeImageOrRefuse, type OpenedFile } from '../../platform/uploads/index';
import type { ProductContext } from './context';
import { ACTIONS, ImageRefusedError, MESSAGES, ProductStateError, UnknownCommodityError, conflict, productNotFound } from './product.errors';
import * as repo from './product.repo';
import { visibleTo, type ProductViews } from './views';

type ProductInput = z.output<typeof ProductRequest>;
type UpdateInput = z.output<typeof ProductUpdateRequest>;
type ListQuery = z.output<typeof ProductListRequest>;
type MineQuery = z.output<typeof ProductMineRequest>;
type AdminQuery = z.output<typeof AdminProductListRequest>;
type AuditInput = z.output<typeof ProductAuditRequest>;
type OffShelfInput = z.output<typeof ProductOffShelfRequest>;

export const MAX_MB = UPLOAD_IMAGE_MAX_BYTES / (1024 * 1024);
/** A seller may take back to audit a product in these states. */
const SUBMITTABLE: readonly ProductStatus[] = [ProductStatus.draft, ProductStatus.rejected, ProductStatus.offShelf];

const fieldsOf = (input: ProductInput) => ({
  name: input.name,
  commodityTypeId: Number(input.commodityTypeId),
  specification: input.specification,
  unit: input.unit,
  price: Decimal.parse(input.price).toString(),
  stock: input.stock,
  images: [...new Set(input.images)],
  description: input.description,
});

/** Products (商品): the public market, the seller's own list and edits, and the staff audit. */
export function createProducts(ctx: ProductContext, views: ProductViews) {
  const { db, clock } = ctx;

  /** Every picture must be a JPG or PNG the caller's firm uploaded; otherwise the field is named. */
  async function checkImages(auth: AuthContext, field: 'images' | 'logo', ids: string[], lang: Language): Promise<void> {
    for (const id of ids) {
      await readablePhotoOrRefuse(db, auth, id, () => new ImageRefusedError(field, lang, MAX_MB));
    }
  }

  async function checkProduct(auth: AuthContext, input: ProductInput, lang: Language): Promise<void> {
    if (!(await ctx.commodityNames()).has(input.commodityTypeId)) throw new UnknownCommodityError(lang);
    await checkImages(auth, 'images', [...new Set(input.images)], lang);
  }

  /** One move of one product, with its history row; `firmId` scopes it to the owner. */
  const transition = movesOf(db, clock, {
    lock: repo.productForUpdate,
    update: repo.updateProduct,
    record: (tx, row: repo.ProductRow, entry) => repo.insertHistory(tx, { productId: row.id, ...entry }),
    notFound: productNotFound,
  });

  async function staffAudit(tx: DbOrTx, auth: AuthContext, action: string, productId: number, detail: unknown): Promise<void> {
    await appendAudit(tx, { at: clock.now(), actorKind: 'staff', actorId: auth.userId, action, objectType: 'product', objectId: String(productId), detail });
  }

  return {
    checkImages,

    // ---- public ----

    /** Products on sale of every firm (or of one shop), readable without logging in. */
    async list(auth: AuthContext | null, query: ListQuery): Promise<Page<Product>> {
      const { rows, total } = await repo.listProducts(db, {
        statuses: [ProductStatus.onSale],
        firmId: optionalId(query.firmId),
        commodityTypeId: optionalId(query.commodityTypeId),
        keyword: query.keyword,
        minPrice: query.minPrice || undefined,
        maxPrice: query.maxPrice || undefined,
        sort: query.sort,
        ...pageWindow(query),
      });
      return pageOf(await views.toPublic(rows, viewerFirm(auth)), total, query);
    },

    /** A product on sale, or the caller's own in any state; anything else is not found. */
    async detail(auth: AuthContext | null, productId: number): Promise<Product> {
      const row = await repo.productById(db, productId);
      const viewer = viewerFirm(auth);
      if (!row || !visibleTo(row, viewer)) throw productNotFound();
      return (await views.toPublic([row], viewer))[0]!;
    },

    /** A picture of a product on sale (or of the caller's own): public like the product, read on the owner firm's behalf. */
    async image(auth: AuthContext | null, productId: number, index: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.productById(db, productId);
      const img = row?.images[index];
      if (!row || !img || !visibleTo(row, viewerFirm(auth))) throw productNotFound();
      return ctx.uploads.open(onBehalfOf(row.firmId, row.userId), img, variant);
    },

    // ---- seller ----

    /** A product picture or the shop logo: sniffed, re-encoded and thumbnailed by the upload service. */
    async upload(auth: AuthContext, buffer: Buffer | null, lang: Language): Promise<UploadedFile> {
      await ctx.allow(auth, 'seller.product');
      return storeImageOrRefuse(ctx.uploads, auth, buffer, () => new ImageRefusedError('img', lang, MAX_MB));
    },

    async mine(auth: AuthContext, query: MineQuery): Promise<Page<Product>> {
      const firmId = await ctx.allow(auth, 'seller.product');
      const { rows, total } = await repo.listProducts(db, {
        firmId,
        statuses: query.status ? [query.status] : query.statuses,
        commodityTypeId: optionalId(query.commodityTypeId),
        keyword: query.keyword,
        ...pageWindow(query),
      });
      return pageOf(await views.toPublic(rows, firmId), total, query);
    },

    /** A new product: a draft, or straight to audit (`W`) when submitted. The firm needs a shop first. */
    async create(auth: AuthContext, input: ProductInput, lang: Language): Promise<Product> {
      const firmId = await ctx.allow(auth, 'seller.product');
      if (!(await repo.shopOf(db, firmId))) throw conflict(MESSAGES.shopRequired);
      await checkProduct(auth, input, lang);
      const now = clock.now();
      const status = input.submit ? ProductStatus.pendingAudit : ProductStatus.draft;
      const row = await withTransaction(db, async (tx) => {
        const created = await repo.insertProduct(tx, { ...fieldsOf(input), firmId, userId: Number(auth.userId), status, createdAt: now, updatedAt: now });
        await repo.insertHistory(tx, { productId: created.id, fromStatus: '', toStatus: status, actor: userActor(auth), createdAt: now });
        return created;
      });
      return views.productView(row.id, firmId);
    },

    /**
     * An edit in any state. Only a draft saved without submitting stays a draft; every other edit
     * (including one of a product on sale) goes back to audit, so buyers only see audited content.
     */
    async update(auth: AuthContext, input: UpdateInput, lang: Language): Promise<Product> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await checkProduct(auth, input, lang);
      const { productId, ...fields } = input;
      await transition(Number(productId), firmId, async (_tx, row) => ({
        to: row.status === ProductStatus.draft && !input.submit ? ProductStatus.draft : ProductStatus.pendingAudit,
        actor: userActor(auth),
        patch: { ...fieldsOf(fields), userId: Number(auth.userId), reason: '', auditedBy: '', auditedAt: null },
      }));
      return views.productView(Number(productId), firmId);
    },

    /** Draft, rejected or off-shelf → pending audit. */
    async submit(auth: AuthContext, productId: number): Promise<Product> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await transition(productId, firmId, async (_tx, row) => {
        if (!SUBMITTABLE.includes(row.status)) throw new ProductStateError(row.status, ACTIONS.submit);
        return { to: ProductStatus.pendingAudit, actor: userActor(auth), patch: { reason: '' } };
      });
      return views.productView(productId, firmId);
    },

    /** The seller takes a product on sale off the shelf; orders already placed go on. */
    async offShelf(auth: AuthContext, productId: number): Promise<Product> {
      const firmId = await ctx.allow(auth, 'seller.product');
      await transition(productId, firmId, async (_tx, row) => {
        if (row.status !== ProductStatus.onSale) throw new ProductStateError(row.status, ACTIONS.offShelf);
        return { to: ProductStatus.offShelf, actor: userActor(auth), patch: { reason: '' } };
      });
      return views.productView(productId, firmId);
    },

    // ---- staff ----

    async adminList(auth: AuthContext, query: AdminQuery): Promise<Page<AdminProduct>> {
      requireStaff(auth);
      const { rows, total } = await repo.listProducts(db, {
        firmId: optionalId(query.firmId),
        statuses: query.status ? [query.status] : undefined,
        commodityTypeId: optionalId(query.commodityTypeId),
        keyword: query.keyword,
        ...pageWindow(query),
      });
      return pageOf(await views.toProducts(rows, 'staff'), total, query);
    },

    /** `W` → `T` on sale | `F` rejected with the reason the seller reads. */
    async audit(auth: AuthContext, input: AuditInput): Promise<AdminProduct> {
      requireStaff(auth);
      await transition(Number(input.productId), undefined, async (tx, row, now) => {
        if (row.status !== ProductStatus.pendingAudit) throw new ProductStateError(row.status, ACTIONS.audit);
        await staffAudit(tx, auth, 'product.audit', row.id, { pass: input.pass, reason: input.reason });
        const reason = input.pass ? '' : input.reason;
        return { to: input.pass ? ProductStatus.onSale : ProductStatus.rejected, actor: staffActor(auth), reason, patch: { reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return views.adminView(Number(input.productId));
    },

    /** Staff force a product on sale off the shelf (`T` → `O`); the seller reads the reason. */
    async forceOffShelf(auth: AuthContext, input: OffShelfInput): Promise<AdminProduct> {
      requireStaff(auth);
      await transition(Number(input.productId), undefined, async (tx, row, now) => {
        if (row.status !== ProductStatus.onSale) throw new ProductStateError(row.status, ACTIONS.offShelf);
        await staffAudit(tx, auth, 'product.offShelf', row.id, { reason: input.reason });
        return { to: ProductStatus.offShelf, actor: staffActor(auth), reason: input.reason, patch: { reason: input.reason, auditedBy: staffActor(auth), auditedAt: now } };
      });
      return views.adminView(Number(input.productId));
    },
  };
}

export type Products = ReturnType<typeof createProducts>;
