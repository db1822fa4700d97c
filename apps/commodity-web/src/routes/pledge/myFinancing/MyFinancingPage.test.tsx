// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PledgeFinance } from '@tp/contract';
import { ENTERPRISE, findSlow, logIn, openAt, optionsOf, pickOption, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';

const loan = (financeId: string, fields: Partial<PledgeFinance>): PledgeFinance => ({
  financeId,
  factorId: '910001',
  funderName: '沪银融资',
  borrowerName: '上海钢联贸易有限公司',
  commodityTypeId: '101',
  commodityName: '螺纹钢',
  holdId: '5001',
  warehousId: '201',
  storageName: '上海宝山钢材物流园',
  quantity: '40.000',
  weight: '100.200',
  weightUnit: '吨',
  paybackTimeId: '90',
  pledgeStatus: '2',
  financeStatus: '0',
  repaymentStatus: '0',
  warehouseConfirmed: true,
  referencePrice: '4000.00',
  valuation: '400800.00',
  valueReason: '',
  amount: '100000.00',
  amountUppercase: '壹拾万元整',
  annualRate: '0.065',
  penaltyRate: '0.18',
  maintenanceRatio: '0.8',
  principal: '0.00',
  interest: '0.00',
  penalty: '0.00',
  payoff: '0.00',
  payoffUppercase: '零元整',
  repaid: '0.00',
  disbursedAt: null,
  dueDay: null,
  marginCallDeadline: null,
  listedQuantity: '0.000',
  soldQuantity: '0.000',
  soldWeight: '0.000',
  contractNo: '',
  reason: '',
  createdAt: '2026-01-05T02:00:00.000Z',
  ...fields,
});

const QUOTED = loan('920001', {});
const RUNNING = loan('920002', {
  pledgeStatus: '15',
  financeStatus: '1',
  repaymentStatus: '1',
  principal: '70000.00',
  interest: '745.17',
  payoff: '70745.17',
  payoffUppercase: '柒万零柒佰肆拾伍元壹角柒分',
  disbursedAt: '2026-01-05T02:00:00.000Z',
  dueDay: '2026-04-05',
  contractNo: 'ZY20260105920002',
});

const HOLDING = {
  holdId: '5001',
  receiptNo: 'WR202601059001',
  commodityName: '螺纹钢',
  gradeName: 'HRB400',
  quantity: '100.000',
  weight: '250.500',
  unit: '捆',
  weightUnit: '吨',
  storageId: '201',
  storageName: '上海宝山钢材物流园',
  status: '0',
  storageFee: '0.00',
  createdAt: '2026-01-05T02:00:00.000Z',
  receiptId: '9001',
};
const PRODUCT = {
  productId: '1',
  factorId: '910001',
  funderName: '沪银融资',
  commodityTypeId: '101',
  commodityName: '螺纹钢',
  ltv: '0.7',
  annualRate: '0.065',
  penaltyRate: '0.18',
  maintenanceRatio: '0.8',
  referencePrice: '4000.00',
  terms: ['30', '90'],
  marginCallDays: 3,
};

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => {
    if (path === '/api/firm/rights') return reply(['pledge.apply', 'pledge.repay', 'warehouse.apply'].map((rightCode) => ({ rightCode, rightName: rightCode })));
    if (path === '/api/pledge/mine') return reply({ content: [QUOTED, RUNNING], total: 2, page: 0, size: 10 });
    if (path === '/api/financial/me') return reply(null);
    if (path === '/api/warehouse/holdings') return reply({ content: [HOLDING], total: 1, page: 0, size: 100 });
    if (path === '/api/pledge/rateInfo') return reply({ products: [PRODUCT] });
    if (path === '/api/pledge/apply') return reply({ ...QUOTED, pledgeStatus: '1' });
    if (path === '/api/pledge/accept') return reply({ ...QUOTED, financeStatus: '1' });
    if (path === '/api/pledge/manualPayback') return reply({ ...RUNNING, pledgeStatus: '11', financeStatus: '3', repaymentStatus: '2' });
    return undefined;
  });
  logIn(ENTERPRISE);
});

describe('my financing', () => {
  it('lists the loans in the spec’s words and accepts a quote after showing the amount in words', async () => {
    openAt('/sellerCenter/sales/myFinancing');
    await findSlow('accept-920001');
    const statuses = screen.getAllByTestId('pledge-status').map((s) => s.textContent);
    expect(statuses).toEqual(['申请中已报价未还款', '融资中部分还款部分还款']);
    expect(screen.getByTestId('payoff-920002').textContent).toBe('70,745.17');
    // The funder portal is linked only for a firm that lends.
    expect(screen.queryByTestId('pledge-menu-financial')).toBeNull();
    expect(screen.getByTestId('pledge-menu-myPledge')).toBeTruthy();

    fireEvent.click(screen.getByTestId('accept-920001'));
    const title = await waitFor(() => document.querySelector('.ant-modal-confirm-title')!);
    expect(title.textContent).toContain('壹拾万元整');
    fireEvent.click(screen.getByTestId('accept-ok'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/pledge/accept')?.body).toEqual({ financeId: '920001' }));
  });

  it('repays only after a confirmation, refusing an amount that is not money and naming the field', async () => {
    openAt('/sellerCenter/sales/myFinancing');
    fireEvent.click(await findSlow('repay-920002'));
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('.ant-modal')!);
    expect(within(dialog).getByTestId('repay-payoff').textContent).toContain('柒万零柒佰肆拾伍元壹角柒分');
    fireEvent.change(within(dialog).getByTestId('field-amount'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByTestId('repay-submit'));
    expect(await within(dialog).findByText('还款金额须为大于 0 的金额，最多两位小数')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/pledge/manualPayback')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('field-amount'), { target: { value: '70745.17' } });
    fireEvent.click(within(dialog).getByTestId('repay-submit'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toContain('柒万零柒佰肆拾伍元壹角柒分'));
    fireEvent.click(screen.getByTestId('repay-ok'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/pledge/manualPayback')?.body).toEqual({ financeId: '920002', amount: '70745.17', release: false }));
  });

  it('applies with a held holding, one of the funder’s products for its commodity, and one of that product’s terms', async () => {
    openAt('/sellerCenter/sales/myFinancing');
    fireEvent.click(await findSlow('pledge-apply'));
    await pickOption('field-holdId', `5001 · WR202601059001 · 螺纹钢 HRB400 · 100.000 捆 / 250.500 吨 · 上海宝山钢材物流园`);
    await pickOption('field-factorId', '沪银融资 · 螺纹钢 · 质押率 0.7 · 年利率 0.065');
    expect(await optionsOf('field-paybackTimeId')).toEqual(['30', '90']);
    await pickOption('field-paybackTimeId', '90');
    fireEvent.change(screen.getByTestId('field-quantity'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/pledge/apply')?.body).toEqual({ holdId: '5001', quantity: '40', factorId: '910001', paybackTimeId: '90' }));
  });
});
