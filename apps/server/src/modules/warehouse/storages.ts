import type { Language, Page, SaveStorageRequest, Storage, StorageQuery } from '@tp/contract';
import { isUniqueViolation, optionalId, pageOf, pageWindow, withTransaction } from '../../platform/db/index';
import { requireStaff, type AuthContext } from '../../platform/http/index';
import type { WarehouseContext } from './context';
import { toStorage } from './views';
import { MESSAGES, UnknownStoredTypesError, conflict, notFound } from './warehouse.errors';
import * as repo from './warehouse.repo';

/** The warehouses (仓库) themselves and which commodity types each stores; staff keep the list. */
export function createStorages(ctx: WarehouseContext) {
  const { db, clock } = ctx;

  async function storagePage(query: StorageQuery): Promise<Page<Storage>> {
    const { rows, total } = await repo.listStorages(db, {
      name: query.name,
      commodityTypeId: optionalId(query.commodityTypeId),
      ...pageWindow(query),
    });
    const stored = await repo.commodityTypesOfStorages(db, rows.map((r) => r.id));
    return pageOf(rows.map((r) => toStorage(r, stored.get(r.id) ?? [])), total, query);
  }

  return {
    /** Public: the market filters by warehouse, and a firm choosing one asks for those storing its commodity. */
    storages: storagePage,

    async adminStorages(auth: AuthContext, query: StorageQuery): Promise<Page<Storage>> {
      requireStaff(auth);
      return storagePage(query);
    },

    async saveStorage(auth: AuthContext, input: SaveStorageRequest, lang: Language = 'cn'): Promise<Storage> {
      requireStaff(auth);
      const { storageId, commodityTypeIds, ...fields } = input;
      const known = await ctx.catalogue();
      const typeIds = [...new Set(commodityTypeIds)];
      if (typeIds.some((id) => !known.has(id))) throw new UnknownStoredTypesError(lang);
      try {
        const row = await withTransaction(db, async (tx) => {
          const saved = await repo.saveStorage(tx, optionalId(storageId), fields, clock.now());
          if (!saved) throw notFound(MESSAGES.storageNotFound);
          await repo.setStorageCommodityTypes(tx, saved.id, typeIds.map(Number));
          await ctx.audit(tx, auth, storageId === undefined ? 'warehouse.storage.create' : 'warehouse.storage.update', 'storage', saved.id, { ...fields, commodityTypeIds: typeIds });
          return saved;
        });
        return toStorage(row, typeIds.map(Number).sort((a, b) => a - b));
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.storageNameTaken);
        throw err;
      }
    },

    async deleteStorage(auth: AuthContext, storageId: number): Promise<void> {
      requireStaff(auth);
      await withTransaction(db, async (tx) => {
        if (await repo.storageInUse(tx, storageId)) throw conflict(MESSAGES.storageInUse);
        if (!(await repo.deleteStorage(tx, storageId))) throw notFound(MESSAGES.storageNotFound);
        await ctx.audit(tx, auth, 'warehouse.storage.delete', 'storage', storageId, {});
      });
    },
  };
}
