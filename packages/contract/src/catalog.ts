import { z } from 'zod';
import { pageFields, pageOf } from './envelope';

/** Public reference data of the commodity platform: the commodity catalogue and the warehouses. */
export const CatalogPath = {
  commodityTypes: '/api/catalog/commodityTypes',
  storages: '/api/storage/list',
} as const;

export const Grade = z.object({ gradeId: z.string(), gradeName: z.string() });
export type Grade = z.infer<typeof Grade>;

/** A packing (包装) such as 捆 or 吨袋; `packagId` is the spec's field name. */
export const Package = z.object({ packagId: z.string(), packageName: z.string() });
export type Package = z.infer<typeof Package>;
/** A named option of a commodity type: specification (规格), brand (品牌) or origin (产地). */
export const CatalogOption = z.object({ id: z.string(), name: z.string() });
export type CatalogOption = z.infer<typeof CatalogOption>;

/** A commodity type (品种) under its category, with its units and grades. */
export const CommodityType = z.object({
  commodityTypeId: z.string(),
  name: z.string(),
  category: z.string(),
  /** Unit a quantity is counted in (件, 卷, 吨...). */
  unit: z.string(),
  /** Unit a weight is given in (吨, 千克). */
  weightUnit: z.string(),
  grades: z.array(Grade),
  packages: z.array(Package),
  specifications: z.array(CatalogOption),
  brands: z.array(CatalogOption),
  origins: z.array(CatalogOption),
});
export type CommodityType = z.infer<typeof CommodityType>;

export const StorageQuery = z.strictObject({
  name: z.string().trim().max(100).optional(),
  /** Only the warehouses that store this commodity type. */
  commodityTypeId: z.string().regex(/^\d{1,15}$/).optional(),
  ...pageFields(),
});
export type StorageQuery = z.infer<typeof StorageQuery>;

/** A warehouse (仓库) with the spec's field names; fees are decimal strings. */
export const Storage = z.object({
  storageId: z.string(),
  name: z.string(),
  address: z.string(),
  responsibleName: z.string(),
  responsiblePhone: z.string(),
  note: z.string(),
  /** Storage fee per weight unit per day, in CNY. */
  chargeStandard: z.string(),
  storageType: z.string(),
  /** Share of the goods' value charged as warehouse rate, as a decimal fraction. */
  warehousRate: z.string(),
  /** The commodity types it stores: goods of other types are not accepted there. */
  commodityTypeIds: z.array(z.string()),
});
export type Storage = z.infer<typeof Storage>;
export const StoragePage = pageOf(Storage);
