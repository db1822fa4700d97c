// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommodityType, PledgeFinance, PledgeNotice } from '@tp/contract';
import { ENTERPRISE, findSlow, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';

const REBAR: CommodityType = {
  commodityTypeId: '101',
  name: '螺纹钢',
  category: '钢材',
  unit: '捆',
  weightUnit: '吨',
  grades: [
    { gradeId: '1011', gradeName: 'HRB335' },
    { gradeId: '1012', gradeName: 'HRB400' },
  ],
  packages: [],
  specifications: [],
  brands: [],
  origins: [],
};

const loan = (financeId: string, fields: Partial<PledgeFinance>): PledgeFinance => ({
  financeId,
  factorId: '910001',
  funderName: '津门保理',
  borrowerName: '上海钢联贸易有限公司',
  commodityTypeId: '101',
  commodityName: '螺纹钢',
  holdId: '5002',
  warehousId: '201',
  storageName: '上海宝山钢材物流园',
  quantity: '24.000',
  weight: '60.120',
  weightUnit: '吨',
  paybackTimeId: '90',
  pledgeStatus: '12',
  financeStatus: '1',
  repaymentStatus: '1',
  warehouseConfirmed: true,
  referencePrice: '4000.00',
  valuation: '400800.00',
  valueReason: '',
  amount: '100000.00',
  amountUppercase: '壹拾万元整',
  annualRate: '0.065',
  penaltyRate: '0.18',
  maintenanceRatio: '0.8',
  principal: '58663.70',
  interest: '105.90',
  penalty: '0.00',
  payoff: '58769.60',
  payoffUppercase: '伍万捌仟柒佰陆拾玖元陆角',
  repaid: '41516.80',
  disbursedAt: '2026-01-05T02:00:00.000Z',
  dueDay: '2026-04-05',
  marginCallDeadline: null,
  listedQuantity: '0.000',
  soldQuantity: '16.000',
  soldWeight: '40.080',
  contractNo: 'ZY20260105920002',
  reason: '',
  createdAt: '2026-01-05T02:00:00.000Z',
  ...fields,
});

const PARTLY_SOLD = loan('920002', {});
const ALL_SOLD = loan('920003', { pledgeStatus: '13', financeStatus: '3', repaymentStatus: '2', quantity: '0.000', weight: '0.000', soldQuantity: '40.000', soldWeight: '100.200', principal: '0.00', payoff: '0.00' });
const PLEDGED_HOLDING = {
  holdId: '5002',
  receiptNo: 'WR202601059001',
  commodityName: '螺纹钢',
  gradeName: 'HRB400',
  quantity: '24.000',
  weight: '60.120',
  unit: '捆',
  weightUnit: '吨',
  storageId: '201',
  storageName: '上海宝山钢材物流园',
  status: '1',
  storageFee: '0.00',
  createdAt: '2026-01-05T02:00:00.000Z',
  receiptId: '9001',
};
const MARGIN_CALL: PledgeNotice = {
  noticeId: '7',
  financeId: '920004',
  kind: 'marginCall',
  amount: '3808.00',
  principal: '100000.00',
  limit: '96192.00',
  deadline: '2026-01-09T02:00:00.000Z',
  createdAt: '2026-01-06T02:00:00.000Z',
};

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => {
    if (path === '/api/firm/rights') return reply(['pledge.apply', 'pledge.repay', 'warehouse.apply', 'warehouse.pickup', 'trade.list'].map((rightCode) => ({ rightCode, rightName: rightCode })));
    if (path === '/api/pledge/mine') return reply({ content: [PARTLY_SOLD, ALL_SOLD], total: 2, page: 0, size: 10 });
    if (path === '/api/financial/me') return reply(null);
    if (path === '/api/warehouse/holdings') return reply({ content: [PLEDGED_HOLDING], total: 1, page: 0, size: 100 });
    if (path === '/api/catalog/commodityTypes') return reply([REBAR]);
    if (path === '/api/listing/create') return reply({});
    if (path === '/api/pledge/notices') return reply({ content: [MARGIN_CALL], total: 1, page: 0, size: 10 });
    return undefined;
  });
  logIn(ENTERPRISE, ['pledge.apply', 'pledge.repay', 'trade.list']);
});

describe('my pledge', () => {
  it('shows what was sold and each pledge’s state; only a running loan with unlisted goods may be listed', async () => {
    openAt('/sellerCenter/sales/myPledge');
    await findSlow('sell-920002');
    expect(screen.getByTestId('sold-920002').textContent).toBe('16.000 / 40.080吨');
    expect(screen.getByTestId('sold-920003').textContent).toBe('40.000 / 100.200吨');
    expect(screen.getAllByTestId('pledge-status').map((s) => s.getAttribute('data-pledge'))).toEqual(['12', '13']);
    expect(screen.getAllByTestId('pledge-status').map((s) => s.textContent)).toEqual(['融资中部分售出部分还款', '已结清全部售出已还清']);
    expect(screen.queryByTestId('sell-920003')).toBeNull();
  });

  it('lists pledged goods only after a confirmation saying the loan is repaid first, naming the loan and the goods’ grade', async () => {
    openAt('/sellerCenter/sales/myPledge');
    fireEvent.click(await findSlow('sell-920002'));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(dialog).getByTestId('sell-rule').textContent).toContain('58,769.60');
    fireEvent.change(within(dialog).getByTestId('field-sellQuantity'), { target: { value: '24' } });
    fireEvent.change(within(dialog).getByTestId('field-listPrice'), { target: { value: '2600.5' } });
    await waitFor(() => expect(within(dialog).getByTestId('sell-submit').hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    // 24 × 2,600.50 = 62,412.00, in figures and in words, with the loan repaid first.
    const title = await waitFor(() => {
      const found = document.querySelector('.ant-modal-confirm-title');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(title.textContent).toContain('62,412.00');
    expect(title.textContent).toContain('陆万贰仟肆佰壹拾贰元整');
    expect(title.textContent).toContain('先偿还融资');
    expect(calls.some((c) => c.path === '/api/listing/create')).toBe(false);
    fireEvent.click(screen.getByTestId('sell-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/listing/create')?.body).toEqual({
        financeId: '920002',
        holdId: '5002',
        commodityTypeId: '101',
        gradeId: '1012',
        price: '2600.5',
        quantity: '24',
        weight: '60.120',
        openTicketDay: 3,
      }),
    );
  });

  it('refuses a quantity that is not one, naming the field, without calling the server', async () => {
    openAt('/sellerCenter/sales/myPledge');
    fireEvent.click(await findSlow('sell-920002'));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    fireEvent.change(within(dialog).getByTestId('field-sellQuantity'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByTestId('field-listPrice'), { target: { value: '2600' } });
    fireEvent.click(within(dialog).getByTestId('sell-submit'));
    expect(await within(dialog).findByText('数量须大于 0，最多三位小数')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/listing/create')).toBe(false);
  });
});

describe('the notices page', () => {
  it('lists the firm’s margin call with the amount to repay and the deadline', async () => {
    openAt('/notice');
    const notice = await findSlow('pledge-notice');
    expect(notice.getAttribute('data-kind')).toBe('marginCall');
    expect(notice.textContent).toContain('追加保证金');
    expect(notice.textContent).toContain('920004');
    expect(notice.textContent).toContain('3,808.00');
    expect(notice.textContent).toContain('96,192.00');
    expect(notice.textContent).toContain(new Date(MARGIN_CALL.deadline!).toLocaleString());
  });
});
