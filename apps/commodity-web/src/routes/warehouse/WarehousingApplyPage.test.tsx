// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { CommodityType, SessionInfo, Storage } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../../api/client';
import { i18n } from '../../i18n';
import { routes } from '../../router';
import { session } from '../../session';

const SELLER: SessionInfo = {
  isLogin: true,
  userId: '100003',
  sessionStr: 's-3',
  tel: '13900000003',
  firmId: '10003',
  firmCode: '10000003',
  marketId: '13',
  userType: 'enterprise',
  userCerStatus: '1',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: true,
  language: 'cn',
};

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

const reply = (value: unknown) => Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value }), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.split('?')[0]!;
      if (path === '/api/system/switches') return reply({ upgrade: false, upgradeNotice: '', bankFunction: true });
      if (path === '/api/firm/rights') return reply([{ rightCode: 'warehouse.apply', rightName: '入库申请' }]);
      if (path === '/api/catalog/commodityTypes') return reply([REBAR, CORN]);
      if (path === '/api/storage/list') return reply({ content: STORAGES, total: STORAGES.length, page: 0, size: 99 });
      return reply({ content: [], total: 0, page: 0, size: 10 });
    }),
  );
  session.set(SELLER);
  await chooseLanguage(i18n, 'cn');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  session.clear();
});

function open() {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/sellerCenter/resource/warehousingApply'] })} />
    </AppProviders>,
  );
}

/** Opens an antd select by its test id and returns the option labels it offers. */
async function optionsOf(testId: string): Promise<string[]> {
  const select = await screen.findByTestId(testId, {}, { timeout: 15_000 });
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const list = await waitFor(() => {
    const dropdowns = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    const last = dropdowns.at(-1);
    if (!last) throw new Error('no dropdown open');
    return last;
  });
  return [...list.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? o.textContent ?? '');
}

async function pick(testId: string, label: string) {
  await optionsOf(testId);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => (o.getAttribute('title') ?? o.textContent) === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('warehousing application form', () => {
  it('offers only the warehouses that store the chosen commodity', async () => {
    open();
    fireEvent.click(await screen.findByTestId('apply-open', {}, { timeout: 15_000 }));
    const storageSelect = await screen.findByTestId('field-storageId', {}, { timeout: 15_000 });
    expect(storageSelect.closest('.ant-select')?.className ?? storageSelect.className).toContain('ant-select-disabled');
    expect(screen.getByText('请先选择品种')).toBeTruthy();

    await pick('field-commodityTypeId', '钢材 / 螺纹钢');
    await waitFor(() => expect(document.querySelector('[data-testid="field-storageId"]')?.closest('.ant-select')?.className ?? '').not.toContain('ant-select-disabled'));
    expect(await optionsOf('field-storageId')).toEqual(['上海宝山钢材物流园']);

    await pick('field-commodityTypeId', '粮食 / 玉米');
    await waitFor(async () => expect(await optionsOf('field-storageId')).toEqual(['大连北良粮食储备库']));
  });
});
