import type { CommodityType } from '@tp/contract';
import type { Db, DbOrTx } from '../../platform/db/index';
import * as repo from './catalog.repo';

export interface CatalogServiceDeps {
  db: Db;
}

/** Every commodity type with its grades, packings, specifications, brands and origins, in display order. */
export async function loadCommodityTypes(db: DbOrTx): Promise<CommodityType[]> {
  const [types, grades, packages, options] = await Promise.all([repo.listCommodityTypes(db), repo.listGrades(db), repo.listPackages(db), repo.listOptions(db)]);
  const optionsOf = (typeId: number, kind: repo.OptionKind) =>
    options.filter((o) => o.commodityTypeId === typeId && o.kind === kind).map((o) => ({ id: String(o.id), name: o.name }));
  return types.map((type) => ({
    commodityTypeId: String(type.id),
    name: type.name,
    category: type.category,
    unit: type.unit,
    weightUnit: type.weightUnit,
    grades: grades.filter((g) => g.commodityTypeId === type.id).map((g) => ({ gradeId: String(g.id), gradeName: g.gradeName })),
    packages: packages.filter((p) => p.commodityTypeId === type.id).map((p) => ({ packagId: String(p.id), packageName: p.packageName })),
    specifications: optionsOf(type.id, 'specification'),
    brands: optionsOf(type.id, 'brand'),
    origins: optionsOf(type.id, 'origin'),
  }));
}

export function createCatalogService({ db }: CatalogServiceDeps) {
  return {
    async commodityTypes(): Promise<CommodityType[]> {
      return loadCommodityTypes(db);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
