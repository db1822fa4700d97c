// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CommodityType, Storage } from '@tp/contract';
import { ENTERPRISE, findSlow, logIn, openAt, optionsOf, pickOption, reply, resetAroundEachTest, stubApi } from '../../../test-support';

const commodity = (commodityTypeId: string, name: string, category: string): CommodityType => ({
  commodityTypeId,
  name,
  category,
  unit: '捆',
  weightUnit: '吨',
  grades: [{ gradeId: `${commodityTypeId}1`, gradeName: '一等' }],
  packages: [{ packagId: `${commodityTypeId}2`, packageName: '散装' }],
  specifications: [],
  brands: [],
  origins: [],
});
const REBAR = commodity('101', '螺纹钢', '钢材');
const CORN = commodity('107', '玉米', '粮食');

const storage = (storageId: string, name: string, commodityTypeIds: string[]): Storage => ({
  storageId,
  name,
  address: '',
  responsibleName: '',
  responsiblePhone: '',
  note: '',
  chargeStandard: '0.3000',
  storageType: '',
  warehousRate: '0.000500',
  commodityTypeIds,
});
const STORAGES = [storage('201', '上海宝山钢材物流园', [REBAR.commodityTypeId]), storage('203', '大连北良粮食储备库', [CORN.commodityTypeId])];

resetAroundEachTest();
beforeEach(() => {
  stubApi((path) => {
    if (path === '/api/firm/rights') return reply([{ rightCode: 'warehouse.apply', rightName: '入库申请' }]);
    if (path === '/api/catalog/commodityTypes') return reply([REBAR, CORN]);
    if (path === '/api/storage/list') return reply({ content: STORAGES, total: STORAGES.length, page: 0, size: 99 });
    return undefined;
  });
  logIn(ENTERPRISE);
});

describe('warehousing application form', () => {
  it('offers only the warehouses that store the chosen commodity', async () => {
    openAt('/sellerCenter/resource/warehousingApply');
    fireEvent.click(await findSlow('apply-open'));
    const storageSelect = await findSlow('field-storageId');
    expect(storageSelect.closest('.ant-select')?.className ?? storageSelect.className).toContain('ant-select-disabled');
    expect(screen.getByText('请先选择品种')).toBeTruthy();

    await pickOption('field-commodityTypeId', '钢材 / 螺纹钢');
    await waitFor(() => expect(document.querySelector('[data-testid="field-storageId"]')?.closest('.ant-select')?.className ?? '').not.toContain('ant-select-disabled'));
    expect(await optionsOf('field-storageId')).toEqual(['上海宝山钢材物流园']);

    await pickOption('field-commodityTypeId', '粮食 / 玉米');
    await waitFor(async () => expect(await optionsOf('field-storageId')).toEqual(['大连北良粮食储备库']));
  });
});
