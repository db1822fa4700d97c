import type { DbOrTx } from '../../platform/db/index';
import { loadCommodityTypes } from '../catalog/index';
import * as repo from './warehouse.repo';

/** What each kind of demo warehouse stores, by catalogue category: no grain in a steel yard. */
const CATEGORIES: Record<string, string[]> = { 钢材库: ['钢材'], 有色库: ['有色金属'], 粮库: ['粮食'], 化工库: ['化工'] };

const STORAGES = [
  { name: '上海宝山钢材物流园', address: '上海市宝山区蕰川路5475号', responsibleName: '陈建国', responsiblePhone: '021-56781234', storageType: '钢材库', chargeStandard: '0.3000', warehousRate: '0.000500', note: '可吊装，支持汽运与水运' },
  { name: '天津港有色金属交割库', address: '天津市滨海新区新港四号路88号', responsibleName: '刘海燕', responsiblePhone: '022-25601188', storageType: '有色库', chargeStandard: '0.5000', warehousRate: '0.000300', note: '期货交割库，恒温防潮' },
  { name: '大连北良粮食储备库', address: '辽宁省大连市甘井子区北良港区', responsibleName: '孙立伟', responsiblePhone: '0411-86651020', storageType: '粮库', chargeStandard: '0.1500', warehousRate: '0.000800', note: '筒仓储存，散粮与包粮均可' },
  { name: '宁波镇海化工仓储中心', address: '浙江省宁波市镇海区澥浦镇化工区', responsibleName: '周敏', responsiblePhone: '0574-86502233', storageType: '化工库', chargeStandard: '0.4000', warehousRate: '0.000600', note: '危化品资质齐全' },
];

/** Idempotent; a warehouse's commodity types are set only while it has none, so staff changes stay. */
export async function seedStorages(db: DbOrTx, now: Date): Promise<void> {
  const types = await loadCommodityTypes(db);
  for (const storage of STORAGES) {
    const row = await repo.ensureStorage(db, { ...storage, createdAt: now });
    if (!row) continue;
    const stored = (await repo.commodityTypesOfStorages(db, [row.id])).get(row.id) ?? [];
    if (stored.length > 0) continue;
    const categories = CATEGORIES[storage.storageType] ?? [];
    await repo.setStorageCommodityTypes(
      db,
      row.id,
      types.filter((t) => categories.includes(t.category)).map((t) => Number(t.commodityTypeId)),
    );
  }
}
