// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminDefaultPick, ListingDetail, ListingFeeSettings } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { ListingAdminPage } from './ListingAdminPage';

const SETTINGS: ListingFeeSettings = {
  feeRate: '0.002',
  defaultBuyerMarginRatio: '0.1',
  defaultSellerMarginRatio: '0.1',
  balanceDays: 3,
  graceDays: 2,
  forfeitPlatformShare: '0.2',
  marketCloseTime: '15:00',
  commodities: [{ commodityTypeId: '7', buyerMarginRatio: '0.15', sellerMarginRatio: '0.2', graceDays: 1 }],
};

const LISTING: ListingDetail = {
  listingId: '501',
  type: 'X',
  source: 'W',
  commodityTypeId: '7',
  commodityName: '螺纹钢',
  gradeId: '1',
  gradeName: 'HRB400',
  unit: '捆',
  weightUnit: '吨',
  price: '1234.56',
  quantity: '40',
  weight: '100.2',
  remaining: '40',
  openTicketDay: 7,
  autoRevoke: false,
  status: 'O',
  mine: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  bsFlag: 'S',
  bankId: '',
  origin: '',
  packagId: null,
  poundsPoor: '0',
  putWarehousDay: null,
  specifications: '',
  isMarginPay: false,
  contentSpecificationId: null,
  storageId: '1',
  storageName: '上海一号库',
  margin: '0',
  buyerMarginRatio: '0',
  auditStatus: 'N',
  reason: '',
  topAt: null,
  firmId: '10002',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

const DEFAULT_PICK: AdminDefaultPick = {
  pickId: '820001',
  listingId: '810004',
  commodityName: '螺纹钢',
  gradeName: 'HRB400E',
  unit: '捆',
  price: '3500.00',
  quantity: '2',
  weight: null,
  amount: '14000',
  fee: '0.00',
  status: 'T',
  payStatus: 'F',
  side: 'buyer',
  createdAt: '2026-11-23T08:00:00.000Z',
  listingType: 'B',
  marginPay: true,
  source: 'C',
  bsFlag: 'S',
  priceFlag: 'F',
  weightUnit: '吨',
  listedWeight: '4',
  poundsPoor: '0',
  invoiceStatus: 'W',
  buyerDefault: 'N',
  sellerDefault: 'W',
  defaultReason: 'deliveryOverdue',
  deliveryStatus: 'W',
  buyerMargin: '2800',
  sellerMargin: '2800.5',
  balance: '11200',
  confirmedAt: '2026-11-23T08:00:00.000Z',
  balanceDueAt: null,
  invoiceDueAt: null,
  deliveryDueAt: '2026-12-20T16:00:00.000Z',
  paidAt: null,
  settledAt: null,
  contractId: null,
  bargainId: null,
  buyerFirmId: '10001',
  sellerFirmId: '10002',
};

let requests: ApiCall[] = [];
let refuseSave = false;

resetAroundEachTest();
beforeEach(() => {
  refuseSave = false;
  logInStaff();
  requests = stubApi((url, body) => {
    switch (url) {
      case '/api/catalog/commodityTypes':
        return reply([{ commodityTypeId: '7', name: '螺纹钢', category: '钢材', unit: '捆', weightUnit: '吨', grades: [], packages: [], specifications: [], brands: [], origins: [] }]);
      case '/api/admin/listing/fee-settings':
        return reply(SETTINGS);
      case '/api/admin/listing/fee-settings/save':
        return refuseSave
          ? reply({ fields: [{ field: 'commodities.0.buyerMarginRatio', message: '买方保证金比例不能低于平台下限' }] }, '-1', '买方保证金比例不能低于平台下限', 422)
          : reply(body);
      case '/api/admin/listing/list':
        return reply({ content: body.status === 'A' ? [] : [LISTING], total: body.status === 'A' ? 0 : 1, page: 0, size: 10 });
      case '/api/admin/listing/off-shelf':
        return reply({ ...LISTING, status: 'U', reason: body.reason });
      case '/api/admin/listing/defaults':
        return reply({ content: [DEFAULT_PICK], total: 1, page: 0, size: 10 });
      case '/api/admin/sandbox/clock':
        return reply({ now: '2026-11-23T08:00:00.000Z', offsetHours: 0 });
      default:
        return reply(null, '-1', 'unexpected', 404);
    }
  });
});

const renderPage = (tab: string) => render(<ListingAdminPage />, `/listing?tab=${tab}`);

const saves = () => requests.filter((r) => r.url === '/api/admin/listing/fee-settings/save');

describe('fee settings', () => {
  it('refuses a rate the server would refuse, naming the field, and sends nothing', async () => {
    renderPage('fees');
    const rate = await screen.findByTestId('field-feeRate');
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('0.002'));
    fireEvent.change(rate, { target: { value: '0.2%' } });
    fireEvent.click(screen.getByTestId('fee-save'));
    expect(await screen.findByText('交易手续费率须为 0 到 1 之间、最多 4 位小数的数字')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('saves the changed rate only after the confirmation', async () => {
    renderPage('fees');
    const rate = await screen.findByTestId('field-feeRate');
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('0.002'));
    fireEvent.change(rate, { target: { value: '0.003' } });
    fireEvent.click(screen.getByTestId('fee-save'));
    fireEvent.click(await screen.findByTestId('fee-save-ok'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({ ...SETTINGS, feeRate: '0.003' });
    expect(await screen.findByText('费用设置已保存')).toBeTruthy();
  });

  it("puts the server's refusal under the commodity row it names, and clears it once the value changes", async () => {
    refuseSave = true;
    renderPage('fees');
    const buyerRatio = await screen.findByTestId('field-buyerMarginRatio-0');
    await waitFor(() => expect((buyerRatio as HTMLInputElement).value).toBe('0.15'));
    fireEvent.click(screen.getByTestId('fee-save'));
    fireEvent.click(await screen.findByTestId('fee-save-ok'));
    const row = screen.getByTestId('fee-row-0');
    await waitFor(() => expect(within(row).getByText('买方保证金比例不能低于平台下限')).toBeTruthy());
    fireEvent.change(buyerRatio, { target: { value: '0.3' } });
    await waitFor(() => expect(within(row).queryByText('买方保证金比例不能低于平台下限')).toBeNull());
  });
});

describe('default monitor', () => {
  it('shows who is late, the margins at stake, the deadline and the reason', async () => {
    renderPage('defaults');
    const row = await screen.findByTestId('default-pick-820001');
    expect(within(row).getByTestId('seller-default').textContent).toBe('延期');
    expect(within(row).getByTestId('buyer-default').textContent).toBe('无');
    expect(within(row).getByText('2,800.50')).toBeTruthy();
    expect(within(row).getByText('14,000.00')).toBeTruthy();
    expect(within(row).getByText('入库截止')).toBeTruthy();
    expect(within(row).getByTestId('default-reason').textContent).toBe(`卖方未在最迟入库日 ${new Date('2026-12-20T16:00:00.000Z').toLocaleString()} 前入库`);
    expect(requests.find((r) => r.url === '/api/admin/listing/defaults')?.body).toEqual({ page: 0, size: 10 });
  });
});

describe('all listings', () => {
  it('forces a listing off the shelf only with a reason and after the confirmation', async () => {
    renderPage('all');
    const row = await screen.findByTestId('admin-listing-501');
    fireEvent.click(within(row).getByTestId('listing-offshelf'));
    fireEvent.click(await screen.findByTestId('listing-offshelf-ok'));
    expect(await screen.findByTestId('listing-offshelf-reason-error')).toBeTruthy();
    fireEvent.change(screen.getByTestId('listing-offshelf-reason'), { target: { value: '货物权属存疑' } });
    fireEvent.click(screen.getByTestId('listing-offshelf-ok'));
    expect(requests.some((r) => r.url === '/api/admin/listing/off-shelf')).toBe(false);
    fireEvent.click(await screen.findByTestId('listing-offshelf-confirm-ok'));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/admin/listing/off-shelf')?.body).toEqual({ listingId: '501', reason: '货物权属存疑' }));
  });

  it('sends the filters from the first page on', async () => {
    renderPage('all');
    await screen.findByTestId('admin-listing-501');
    const firm = within(screen.getByTestId('listing-all-filter-firm')).getByRole('searchbox');
    fireEvent.change(firm, { target: { value: '10002' } });
    fireEvent.keyDown(firm, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/admin/listing/list').at(-1)?.body).toEqual({ firmId: '10002', page: 0, size: 10 }));
  });

  it('shows the audit queue empty when nothing waits, asking only for listings in audit', async () => {
    renderPage('audit');
    expect(await screen.findByTestId('listing-queue-empty')).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/admin/listing/list')?.body).toMatchObject({ status: 'A', auditStatus: 'P', page: 0, size: 10 });
  });

  it('offers the sandbox tab when the server runs its sandbox', async () => {
    renderPage('audit');
    expect(await screen.findByTestId('listing-tab-sandbox')).toBeTruthy();
  });
});
