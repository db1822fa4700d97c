import type { Page, Storage, StorageQuery } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import * as repo from './warehouse.repo';

export interface WarehouseServiceDeps {
  db: Db;
}

export function createWarehouseService({ db }: WarehouseServiceDeps) {
  return {
    async storages(query: StorageQuery): Promise<Page<Storage>> {
      const { rows, total } = await repo.listStorages(db, { name: query.name, offset: query.page * query.size, limit: query.size });
      return { content: rows.map(toStorage), total, page: query.page, size: query.size };
    },
  };
}

function toStorage(row: repo.StorageRow): Storage {
  return {
    storageId: String(row.id),
    name: row.name,
    address: row.address,
    responsibleName: row.responsibleName,
    responsiblePhone: row.responsiblePhone,
    note: row.note,
    chargeStandard: row.chargeStandard,
    storageType: row.storageType,
    warehousRate: row.warehousRate,
  };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
