import type { Language, Shop, ShopRequest } from '@tp/contract';
import type { z } from 'zod';
import { NotFoundError, onBehalfOf, type AuthContext } from '../../platform/http/index';
import type { OpenedFile } from '../../platform/uploads/index';
import type { ProductContext } from './context';
import { MESSAGES } from './product.errors';
import type { Products } from './products';
import * as repo from './product.repo';
import type { ProductViews } from './views';

type ShopInput = z.output<typeof ShopRequest>;

/** A seller's shop (店铺): its name, logo and contact, which buyers see beside its products. */
export function createShops(ctx: ProductContext, views: ProductViews, products: Pick<Products, 'checkImages'>) {
  const { db, clock } = ctx;

  return {
    shop: views.shopView,

    async shopLogo(firmId: number, variant: 'file' | 'thumb'): Promise<OpenedFile> {
      const row = await repo.shopOf(db, firmId);
      if (!row?.logo) throw new NotFoundError(MESSAGES.shopNotFound);
      return ctx.uploads.open(onBehalfOf(row.firmId, row.userId), row.logo, variant);
    },

    /** The caller's own shop, or null before it is set up. */
    async myShop(auth: AuthContext): Promise<Shop | null> {
      const firmId = await ctx.allow(auth, 'seller.shop');
      if (!(await repo.shopOf(db, firmId))) return null;
      return views.shopView(auth, firmId);
    },

    async saveShop(auth: AuthContext, input: ShopInput, lang: Language): Promise<Shop> {
      const firmId = await ctx.allow(auth, 'seller.shop');
      if (input.logo) await products.checkImages(auth, 'logo', [input.logo], lang);
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
      return views.shopView(auth, firmId);
    },
  };
}
