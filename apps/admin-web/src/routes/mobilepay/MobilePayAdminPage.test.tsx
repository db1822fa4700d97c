// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminMobilePayment, MobileReconDiff } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { MobilePayAdminPage } from './MobilePayAdminPage';

const page = <T,>(content: T[]) => ({ content, total: content.length, page: 0, size: 20 });
const PAYMENT: AdminMobilePayment = {
  paymentId: '501',
  channel: 'wechat',
  purpose: 'mall.order',
  reference: '1001',
  firmId: '10003',
  userId: '100003',
  amount: '128.50',
  refundedAmount: '0.00',
  subject: '商城订单 1001',
  outTradeNo: 'MPWABC123',
  providerTradeNo: '',
  status: 'pending',
  expiresAt: '2026-03-01T02:15:00.000Z',
  paidAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
};
const DIFF: MobileReconDiff = {
  id: '7',
  channel: 'wechat',
  day: '2026-03-01',
  lineKind: 'payment',
  outTradeNo: 'MPWABC999',
  providerTradeNo: '4200000001',
  kind: 'amount_mismatch',
  providerAmount: '80.00',
  platformAmount: '88.00',
  platformStatus: 'paid',
  resolution: '',
  resolvedBy: '',
  note: '',
  createdAt: '2026-03-02T01:00:00.000Z',
};

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  calls = stubApi((url) => {
    if (url.endsWith('/api/admin/mobilepay/payments')) return reply(page([PAYMENT]));
    if (url.endsWith('/api/admin/mobilepay/payments/query')) return reply({ ...PAYMENT, status: 'paid', providerTradeNo: '4200000002', paidAt: '2026-03-01T02:05:00.000Z' });
    if (url.endsWith('/api/admin/mobilepay/reconcile/diffs')) return reply(page([DIFF]));
    if (url.endsWith('/api/admin/mobilepay/reconcile/resolve')) return reply({ ...DIFF, resolution: 'dismissed', note: '已核实' });
    return reply(page([]));
  });
});

const sent = (path: string) =>
  waitFor(
    () => {
      const call = calls.find((c) => c.url.endsWith(path));
      if (!call) throw new Error(`${path} not called`);
      return call.body;
    },
    { timeout: 5000 },
  );

describe('the mobile payment back office', () => {
  it('lists payments and, after confirming, asks the provider about a pending one', async () => {
    render(<MobilePayAdminPage />);
    expect(await screen.findByText('MPWABC123', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('待支付');
    expect(screen.getByText('¥128.50')).toBeTruthy();
    fireEvent.click(screen.getByTestId('payment-query'));
    fireEvent.click(await screen.findByTestId('payment-query-ok', {}, { timeout: 5000 }));
    expect(await sent('/api/admin/mobilepay/payments/query')).toEqual({ paymentId: '501' });
    expect(await screen.findByText('查询完成，当前状态：已支付', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows reconciliation differences and closes one with the note staff enter', async () => {
    render(<MobilePayAdminPage />);
    fireEvent.click(await screen.findByText('对账', {}, { timeout: 5000 }));
    expect(await screen.findByTestId('diff-kind', {}, { timeout: 5000 })).toHaveProperty('textContent', '金额不一致');
    expect(screen.getByText('¥80.00')).toBeTruthy();
    expect(screen.getByText('¥88.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('diff-resolve'));
    fireEvent.change(await screen.findByTestId('resolve-note', {}, { timeout: 5000 }), { target: { value: '已核实' } });
    fireEvent.click(screen.getByTestId('resolve-ok'));
    expect(await sent('/api/admin/mobilepay/reconcile/resolve')).toEqual({ id: '7', action: 'dismiss', note: '已核实' });
  });

  it('says so when there are no refunds', async () => {
    render(<MobilePayAdminPage />);
    fireEvent.click(await screen.findByText('退款记录', {}, { timeout: 5000 }));
    expect(await screen.findByText('暂无退款记录', {}, { timeout: 5000 })).toBeTruthy();
  });
});
