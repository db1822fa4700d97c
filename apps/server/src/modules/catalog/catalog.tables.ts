import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityKey, referenceTo } from '../../platform/db/columns';

/** A commodity type (品种) such as 螺纹钢 or 电解铜, grouped by category (钢材, 有色金属...). */
export const commodityTypes = pgTable(
  'commodity_types',
  {
    id: identityKey(101),
    name: text('name').notNull(),
    category: text('category').notNull(),
    unit: text('unit').notNull(),
    weightUnit: text('weight_unit').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('commodity_types_name_uq').on(t.name)],
);

/** A grade (等级/牌号) of one commodity type. */
export const grades = pgTable(
  'grades',
  {
    id: identityKey(1001),
    commodityTypeId: referenceTo('commodity_type_id', () => commodityTypes.id),
    gradeName: text('grade_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('grades_type_name_uq').on(t.commodityTypeId, t.gradeName), index('grades_type_idx').on(t.commodityTypeId)],
);

/** A packing (包装) of one commodity type: 捆, 吨袋, 木箱... */
export const packages = pgTable(
  'commodity_packages',
  {
    id: identityKey(2001),
    commodityTypeId: referenceTo('commodity_type_id', () => commodityTypes.id),
    packageName: text('package_name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('commodity_packages_type_name_uq').on(t.commodityTypeId, t.packageName)],
);

/** Specifications (规格), brands (品牌) and origins (产地) of a commodity type, told apart by `kind`. */
export const commodityOptions = pgTable(
  'commodity_options',
  {
    id: identityKey(3001),
    commodityTypeId: referenceTo('commodity_type_id', () => commodityTypes.id),
    kind: text('kind', { enum: ['specification', 'brand', 'origin'] }).notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('commodity_options_type_kind_name_uq').on(t.commodityTypeId, t.kind, t.name)],
);
