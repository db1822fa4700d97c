import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CatalogPath, StoragePage, StorageQuery } from '@tp/contract';
import { ok, replyOf } from '../../platform/http/index';
import type { WarehouseService } from './warehouse.service';

/** The warehouse list is public: buyers choose listings by where the goods are. */
export function registerWarehouseRoutes(app: FastifyInstance, warehouse: WarehouseService): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(CatalogPath.storages, { schema: { body: StorageQuery, response: replyOf(StoragePage) } }, async (request) =>
      ok(await warehouse.storages(request.body)),
    );
}
