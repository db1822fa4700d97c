import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogPath, CommodityType } from '@tp/contract';
import { ok, replyOf } from '../../platform/http/index';
import type { CatalogService } from './catalog.service';

/** Reference data is public: visitors filter listings by it before they log in. */
export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(CatalogPath.commodityTypes, { schema: { response: replyOf(z.array(CommodityType)) } }, async () => ok(await catalog.commodityTypes()));
}
