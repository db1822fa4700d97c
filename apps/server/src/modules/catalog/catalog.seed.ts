import type { DbOrTx } from '../../platform/db/index';
import * as repo from './catalog.repo';

/** Bulk commodities traded on the platform, with the grades merchants quote. */
const CATALOGUE: { category: string; name: string; unit: string; weightUnit: string; grades: string[] }[] = [
  { category: '钢材', name: '螺纹钢', unit: '捆', weightUnit: '吨', grades: ['HRB400E', 'HRB500E', 'HRB335'] },
  { category: '钢材', name: '热轧卷板', unit: '卷', weightUnit: '吨', grades: ['Q235B', 'Q355B', 'SPHC'] },
  { category: '钢材', name: '冷轧板', unit: '卷', weightUnit: '吨', grades: ['SPCC', 'DC01', 'DC04'] },
  { category: '有色金属', name: '电解铜', unit: '件', weightUnit: '吨', grades: ['A级铜 Cu-CATH-1', '1#铜 Cu-CATH-2'] },
  { category: '有色金属', name: '铝锭', unit: '件', weightUnit: '吨', grades: ['Al99.70', 'Al99.85'] },
  { category: '有色金属', name: '锌锭', unit: '件', weightUnit: '吨', grades: ['Zn99.995', 'Zn99.99'] },
  { category: '粮食', name: '玉米', unit: '包', weightUnit: '吨', grades: ['一等', '二等', '三等'] },
  { category: '粮食', name: '小麦', unit: '包', weightUnit: '吨', grades: ['一等', '二等'] },
  { category: '粮食', name: '大豆', unit: '包', weightUnit: '吨', grades: ['国标一等', '国标二等'] },
  { category: '化工', name: '聚乙烯', unit: '袋', weightUnit: '吨', grades: ['LLDPE 7042', 'HDPE 5000S'] },
  { category: '化工', name: '聚丙烯', unit: '袋', weightUnit: '吨', grades: ['PP T30S', 'PP K8003'] },
  { category: '化工', name: 'PTA', unit: '袋', weightUnit: '吨', grades: ['优级品', '一级品'] },
];

/** Idempotent: only what is missing is added. */
export async function seedCatalog(db: DbOrTx, now: Date): Promise<void> {
  for (const [index, item] of CATALOGUE.entries()) {
    const commodityTypeId = await repo.ensureCommodityType(db, {
      name: item.name,
      category: item.category,
      unit: item.unit,
      weightUnit: item.weightUnit,
      sortOrder: index,
      createdAt: now,
    });
    for (const [gradeIndex, gradeName] of item.grades.entries()) await repo.ensureGrade(db, { commodityTypeId, gradeName, sortOrder: gradeIndex });
  }
}
