import type { DbOrTx } from '../../platform/db/index';
import * as repo from './catalog.repo';

interface CatalogueItem {
  category: string;
  name: string;
  unit: string;
  weightUnit: string;
  grades: string[];
  packages: string[];
  specifications: string[];
  brands: string[];
  origins: string[];
}

/** Bulk commodities traded on the platform, with the grades, packings, specifications, brands and origins merchants quote. */
const CATALOGUE: CatalogueItem[] = [
  { category: '钢材', name: '螺纹钢', unit: '捆', weightUnit: '吨', grades: ['HRB400E', 'HRB500E', 'HRB335'], packages: ['捆装', '散装'], specifications: ['Φ12mm×9m', 'Φ16mm×12m', 'Φ25mm×12m'], brands: ['沙钢', '永钢', '中天'], origins: ['江苏张家港', '江苏常州'] },
  { category: '钢材', name: '热轧卷板', unit: '卷', weightUnit: '吨', grades: ['Q235B', 'Q355B', 'SPHC'], packages: ['卷装'], specifications: ['3.0mm×1500mm×C', '5.75mm×1500mm×C', '9.75mm×1800mm×C'], brands: ['宝钢', '鞍钢', '首钢'], origins: ['上海宝山', '辽宁鞍山', '河北迁安'] },
  { category: '钢材', name: '冷轧板', unit: '卷', weightUnit: '吨', grades: ['SPCC', 'DC01', 'DC04'], packages: ['卷装', '木托'], specifications: ['1.0mm×1250mm×C', '1.5mm×1250mm×C'], brands: ['宝钢', '本钢'], origins: ['上海宝山', '辽宁本溪'] },
  { category: '有色金属', name: '电解铜', unit: '件', weightUnit: '吨', grades: ['A级铜 Cu-CATH-1', '1#铜 Cu-CATH-2'], packages: ['捆装铜板'], specifications: ['阴极铜板 ≥99.9935%'], brands: ['江铜贵溪', '铜陵有色', '金川'], origins: ['江西贵溪', '安徽铜陵', '甘肃金昌'] },
  { category: '有色金属', name: '铝锭', unit: '件', weightUnit: '吨', grades: ['Al99.70', 'Al99.85'], packages: ['打捆铝锭'], specifications: ['20kg/锭', '25kg/锭'], brands: ['中铝', '魏桥', '神火'], origins: ['山东滨州', '河南永城', '内蒙古包头'] },
  { category: '有色金属', name: '锌锭', unit: '件', weightUnit: '吨', grades: ['Zn99.995', 'Zn99.99'], packages: ['打捆锌锭'], specifications: ['25kg/锭'], brands: ['株冶', '驰宏', '葫芦岛'], origins: ['湖南株洲', '云南曲靖', '辽宁葫芦岛'] },
  { category: '粮食', name: '玉米', unit: '包', weightUnit: '吨', grades: ['一等', '二等', '三等'], packages: ['50kg编织袋', '散粮'], specifications: ['水分≤14%', '水分≤15%'], brands: ['北大荒', '中粮'], origins: ['黑龙江', '吉林', '辽宁'] },
  { category: '粮食', name: '小麦', unit: '包', weightUnit: '吨', grades: ['一等', '二等'], packages: ['50kg编织袋', '散粮'], specifications: ['容重≥790g/L', '容重≥770g/L'], brands: ['中粮', '五得利'], origins: ['河南', '山东', '河北'] },
  { category: '粮食', name: '大豆', unit: '包', weightUnit: '吨', grades: ['国标一等', '国标二等'], packages: ['50kg编织袋', '散粮'], specifications: ['完整粒≥95%', '完整粒≥90%'], brands: ['北大荒', '九三'], origins: ['黑龙江', '内蒙古'] },
  { category: '化工', name: '聚乙烯', unit: '袋', weightUnit: '吨', grades: ['LLDPE 7042', 'HDPE 5000S'], packages: ['25kg包装袋', '吨袋'], specifications: ['薄膜级', '拉丝级'], brands: ['中石化', '中石油', '恒力'], origins: ['浙江宁波', '江苏南京', '新疆独山子'] },
  { category: '化工', name: '聚丙烯', unit: '袋', weightUnit: '吨', grades: ['PP T30S', 'PP K8003'], packages: ['25kg包装袋', '吨袋'], specifications: ['拉丝级', '共聚注塑级'], brands: ['中石化', '中石油', '恒力'], origins: ['浙江镇海', '辽宁大连'] },
  { category: '化工', name: 'PTA', unit: '袋', weightUnit: '吨', grades: ['优级品', '一级品'], packages: ['1吨吨袋'], specifications: ['粉末'], brands: ['逸盛', '恒力', '桐昆'], origins: ['浙江宁波', '辽宁大连'] },
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
    for (const [sortOrder, gradeName] of item.grades.entries()) await repo.ensureGrade(db, { commodityTypeId, gradeName, sortOrder });
    for (const [sortOrder, packageName] of item.packages.entries()) await repo.ensurePackage(db, { commodityTypeId, packageName, sortOrder });
    const options = [
      ['specification', item.specifications],
      ['brand', item.brands],
      ['origin', item.origins],
    ] as const;
    for (const [kind, names] of options) for (const [sortOrder, name] of names.entries()) await repo.ensureOption(db, { commodityTypeId, kind, name, sortOrder });
  }
}
