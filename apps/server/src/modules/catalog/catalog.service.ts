import type { CommodityType } from '@tp/contract';
import type { Db } from '../../platform/db/index';
import * as repo from './catalog.repo';

export interface CatalogServiceDeps {
  db: Db;
}

export function createCatalogService({ db }: CatalogServiceDeps) {
  return {
    /** Every commodity type with its grades, in display order. */
    async commodityTypes(): Promise<CommodityType[]> {
      const [types, grades] = await Promise.all([repo.listCommodityTypes(db), repo.listGrades(db)]);
      return types.map((type) => ({
        commodityTypeId: String(type.id),
        name: type.name,
        category: type.category,
        unit: type.unit,
        weightUnit: type.weightUnit,
        grades: grades.filter((g) => g.commodityTypeId === type.id).map((g) => ({ gradeId: String(g.id), gradeName: g.gradeName })),
      }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
