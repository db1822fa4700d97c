// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddressRow, IntegralGoods, IntegralHistoryEntry, IntegralSummary, Redemption } from '@tp/contract';
import { ENTERPRISE, EMPTY_PAGE, findSlow, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';

const cup: IntegralGoods = {
  goodsId: '7001',
  name: '保温杯',
  description: '304 不锈钢',
  imageUrl: null,
  thumbUrl: null,
  points: 120,
  stock: 8,
  limitPerFirm: 3,
  status: 'T',
  redeemedByFirm: 1,
};
const address: AddressRow = { id: '501', recipients: '王收货', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: '江宁区胜太路1号', postCode: '', defaultFlag: '1' };
const summary = (balance: string, signedInToday = false): IntegralSummary => ({
  balance,
  signedInToday,
  rules: [{ key: 'signIn', points: 5, enabled: true, updatedAt: '' }],
});
const redemption = (fields: Partial<Redemption>): Redemption => ({
  redemptionId: '9001',
  goodsId: '7001',
  goodsName: '保温杯',
  thumbUrl: null,
  quantity: 2,
  points: 240,
  status: 'W',
  recipients: '王收货',
  recipientsCellphone: '13700000000',
  region: '江苏省南京市',
  addressName: '江宁区胜太路1号',
  postCode: '',
  trackingNo: '',
  firmName: '南京钢贸',
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...fields,
});
const line = (fields: Partial<IntegralHistoryEntry>): IntegralHistoryEntry => ({ id: '1', reason: 'trade', points: '150', balanceAfter: '150', businessRef: 'pick:1', createdAt: '2026-03-01T02:00:00.000Z', ...fields });

let calls: ApiCall[];
let signed: boolean;
let redemptions: Redemption[];
resetAroundEachTest('cn');
beforeEach(() => {
  signed = false;
  redemptions = [redemption({ redemptionId: '9002', status: 'S', trackingNo: 'SF1234567890' })];
  calls = stubApi((path) => {
    if (path === '/api/integral/summary') return reply(summary(signed ? '305' : '300', signed));
    if (path === '/api/integral/sign-in') {
      signed = true;
      return reply({ points: 5, balance: '305' });
    }
    if (path === '/api/integral/history')
      return reply({ ...EMPTY_PAGE, total: 3, content: [line({ id: '3', reason: 'signIn', points: '5', balanceAfter: '305' }), line({ id: '2', reason: 'redeem', points: '-240', balanceAfter: '300' }), line({})] });
    if (path === '/api/integral/goods/detail') return reply(cup);
    if (path === '/api/firm/address/list') return reply([address]);
    if (path === '/api/integral/redeem') {
      redemptions = [redemption({}), ...redemptions];
      return reply(redemptions[0]);
    }
    if (path === '/api/integral/redemptions') return reply({ ...EMPTY_PAGE, total: redemptions.length, content: redemptions });
    if (path === '/api/integral/redemption/receive') {
      redemptions = redemptions.map((r) => (r.redemptionId === '9002' ? { ...r, status: 'T' } : r));
      return reply(redemptions.find((r) => r.redemptionId === '9002'));
    }
    return undefined;
  });
  logIn(ENTERPRISE, ['mall.order']);
});

const bodyOf = (path: string) => calls.find((c) => c.path === path)?.body;
const confirmTitle = () =>
  waitFor(() => {
    const found = document.querySelector('.ant-modal-confirm-title');
    if (!found) throw new Error('no confirmation yet');
    return found.textContent;
  });

describe('the integral shop', () => {
  it('redeems a good to the default address after a confirmation naming the points it takes', async () => {
    openAt('/integral/goods/7001');
    expect((await findSlow('integral-price')).textContent).toBe('120 积分');
    expect(screen.getByText('限兑 3 件，已兑 1 件')).toBeTruthy();
    fireEvent.change(await findSlow('integral-quantity'), { target: { value: '2' } });
    await waitFor(() => expect(screen.getByText('共需 240 积分（可用 300）')).toBeTruthy());
    fireEvent.click(screen.getByTestId('integral-redeem'));
    expect(await confirmTitle()).toBe('确认兑换');
    expect(screen.getByText('兑换 2 件，将扣除 240 积分，兑换后剩余 60 积分。')).toBeTruthy();
    fireEvent.click(await waitFor(() => screen.getByTestId('integral-redeem-ok')));
    await waitFor(() => expect(bodyOf('/api/integral/redeem')).toEqual({ goodsId: '7001', quantity: 2, consigneeId: '501' }));
    // Lands on the firm's redemptions, the new one awaiting shipment.
    await waitFor(() => expect(screen.getAllByTestId('redemption-status').map((s) => s.dataset.status)).toEqual(['W', 'S']));
  });

  it('shows the balance, signs in once and lists every movement with its reason', async () => {
    openAt('/integral/mine');
    expect((await findSlow('integral-balance')).textContent).toBe('300');
    await waitFor(() => expect(screen.getAllByTestId('history-reason').map((r) => r.textContent)).toEqual(['每日签到', '积分兑换', '交易奖励']));
    expect(screen.getAllByTestId('history-points').map((p) => p.textContent)).toEqual(['+5', '-240', '+150']);
    const button = screen.getByTestId('integral-sign-in');
    expect(button.textContent).toBe('签到领 5 积分');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('integral-sign-in').textContent).toBe('今日已签到'));
    expect((screen.getByTestId('integral-sign-in') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('integral-balance').textContent).toBe('305');
  });

  it('confirms receipt of a shipped redemption, with its tracking number shown', async () => {
    openAt('/integral/mine?tab=redemptions');
    expect((await findSlow('redemption-tracking')).textContent).toBe('SF1234567890');
    fireEvent.click(screen.getByTestId('redemption-receive'));
    expect(await confirmTitle()).toBe('确认收货');
    fireEvent.click(await waitFor(() => screen.getByTestId('redemption-receive-ok')));
    await waitFor(() => expect(bodyOf('/api/integral/redemption/receive')).toEqual({ redemptionId: '9002' }));
    await waitFor(() => expect(screen.getByTestId('redemption-status').dataset.status).toBe('T'));
  });
});
