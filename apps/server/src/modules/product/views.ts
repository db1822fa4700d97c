import { ProductStatus, productImagePath, shopLogoPath, type AdminProduct, type Product, type ProductOrder, type Shop } from '@tp/contract';
import { NotFoundError, viewerFirm, type AuthContext } from '../../platform/http/index';
import { toMoney } from '../../platform/money';
import { pictureLinks } from '../../platform/uploads/index';
import type { ProductContext } from './context';
import { MESSAGES, orderNotFound, productNotFound } from './product.errors';
import * as repo from './product.repo';

const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** Products, shops and orders as their readers see them: staff, the owner, or anyone else. */
export function createProductViews(ctx: ProductContext) {
  const { db } = ctx;

  async function toProducts(rows: repo.ProductRow[], viewer: number | 'staff' | undefined): Promise<AdminProduct[]> {
    const [names, shops] = await Promise.all([ctx.commodityNames(), ctx.shopNames(rows.map((r) => r.firmId))]);
    return rows.map((row) => {
      const id = String(row.id);
      const mine = viewer !== undefined && viewer !== 'staff' && row.firmId === viewer;
      const images = pictureLinks(row.images, viewer === 'staff', (i, thumb) => productImagePath(id, i, thumb));
      return {
        productId: id,
        firmId: String(row.firmId),
        shopName: shops.get(row.firmId) ?? '',
        name: row.name,
        commodityTypeId: String(row.commodityTypeId),
        commodityName: names.get(String(row.commodityTypeId)) ?? '',
        specification: row.specification,
        unit: row.unit,
        price: toMoney(row.price),
        stock: row.stock,
        sold: row.sold,
        images,
        imageIds: mine || viewer === 'staff' ? row.images : [],
        description: row.description,
        status: row.status,
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

  async function toOrders(rows: repo.OrderRow[], viewerFirmId: number): Promise<ProductOrder[]> {
    const [items, shops] = await Promise.all([repo.itemsOf(db, rows.map((r) => r.id)), ctx.shopNames(rows.map((r) => r.sellerFirmId))]);
    return rows.map((row) => ({
      orderId: String(row.id),
      buyerFirmId: String(row.buyerFirmId),
      sellerFirmId: String(row.sellerFirmId),
      shopName: shops.get(row.sellerFirmId) ?? '',
      items: items
        .filter((i) => i.orderId === row.id)
        .map((i) => ({ productId: String(i.productId), name: i.name, specification: i.specification, unit: i.unit, price: toMoney(i.price), quantity: i.quantity, amount: toMoney(i.amount) })),
      amount: toMoney(row.amount),
      fee: toMoney(row.fee),
      status: row.status,
      trackingNo: row.trackingNo,
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
      consignee: row.consignee ?? null,
      side: row.sellerFirmId === viewerFirmId ? ('seller' as const) : ('buyer' as const),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
  }

  return {
    toProducts,
    toPublic,
    toOrders,

    /** A product on sale, or the viewer's own in any state. */
    async productView(id: number, viewer: number | undefined): Promise<Product> {
      const row = await repo.productById(db, id);
      if (!row) throw productNotFound();
      return (await toPublic([row], viewer))[0]!;
    },

    async adminView(id: number): Promise<AdminProduct> {
      const row = await repo.productById(db, id);
      if (!row) throw productNotFound();
      return (await toProducts([row], 'staff'))[0]!;
    },

    async orderView(orderId: number, firmId: number): Promise<ProductOrder> {
      const row = await repo.orderOfFirm(db, orderId, firmId, 'either', false);
      if (!row) throw orderNotFound();
      return (await toOrders([row], firmId))[0]!;
    },

    async shopView(auth: AuthContext | null, firmId: number): Promise<Shop> {
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
    },
  };
}

/** Whether the public may see a product: on sale, or shown to its own firm. */
export const visibleTo = (row: repo.ProductRow, viewer: number | undefined) => row.status === ProductStatus.onSale || row.firmId === viewer;

export type ProductViews = ReturnType<typeof createProductViews>;
