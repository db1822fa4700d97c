import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index';
import { commodityOptions, commodityTypes, grades, packages } from './catalog.tables';

export type CommodityTypeRow = typeof commodityTypes.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type PackageRow = typeof packages.$inferSelect;
export type OptionRow = typeof commodityOptions.$inferSelect;
export type OptionKind = OptionRow['kind'];

export async function listCommodityTypes(db: DbOrTx): Promise<CommodityTypeRow[]> {
  return db.select().from(commodityTypes).orderBy(asc(commodityTypes.sortOrder), asc(commodityTypes.id));
}

export async function listGrades(db: DbOrTx): Promise<GradeRow[]> {
  return db.select().from(grades).orderBy(asc(grades.sortOrder), asc(grades.id));
}

/** Inserts a type unless one of that name exists; returns its id either way. */
export async function ensureCommodityType(
  db: DbOrTx,
  input: { name: string; category: string; unit: string; weightUnit: string; sortOrder: number; createdAt: Date },
): Promise<number> {
  const [inserted] = await db.insert(commodityTypes).values(input).onConflictDoNothing().returning({ id: commodityTypes.id });
  if (inserted) return inserted.id;
  const all = await listCommodityTypes(db);
  const found = all.find((row) => row.name === input.name);
  if (!found) throw new Error(`commodity type ${input.name} vanished`);
  return found.id;
}

export async function ensureGrade(db: DbOrTx, input: { commodityTypeId: number; gradeName: string; sortOrder: number }): Promise<void> {
  await db.insert(grades).values(input).onConflictDoNothing();
}

export async function listPackages(db: DbOrTx): Promise<PackageRow[]> {
  return db.select().from(packages).orderBy(asc(packages.sortOrder), asc(packages.id));
}

export async function listOptions(db: DbOrTx): Promise<OptionRow[]> {
  return db.select().from(commodityOptions).orderBy(asc(commodityOptions.sortOrder), asc(commodityOptions.id));
}

export async function ensurePackage(db: DbOrTx, input: { commodityTypeId: number; packageName: string; sortOrder: number }): Promise<void> {
  await db.insert(packages).values(input).onConflictDoNothing();
}

export async function ensureOption(db: DbOrTx, input: { commodityTypeId: number; kind: OptionKind; name: string; sortOrder: number }): Promise<void> {
  await db.insert(commodityOptions).values(input).onConflictDoNothing();
}
