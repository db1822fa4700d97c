// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MobilePayPath, type MobilePaymentView } from '@tp/contract';
import { ENTERPRISE, logIn, openAlone, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { MobilePayPanel } from './MobilePayPanel';

const PAYMENT: MobilePaymentView = {
  paymentId: '42',
  channel: 'wechat',
  status: 'pending',
  amount: '128.50',
  subject: '商城订单 1001',
  qrContent: 'http://127.0.0.1:8080/api/mobilepay/sandbox/wechat/pay/MPW1?t=abc',
  payPageUrl: 'http://127.0.0.1:8080/api/mobilepay/sandbox/wechat/pay/MPW1?t=abc',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  paidAt: null,
};

let answers: Partial<MobilePaymentView>[] = [];
let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  logIn(ENTERPRISE);
  calls = stubApi((path) => {
    if (path !== MobilePayPath.status) return undefined;
    // Each poll takes the next answer; the last one repeats.
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return reply({ ...PAYMENT, ...next });
  });
});

describe('MobilePayPanel', () => {
  it('shows the code to scan, the amount and the countdown, then the success once the provider confirms', async () => {
    answers = [{}, { status: 'paid', paidAt: new Date().toISOString() }];
    const onPaid = vi.fn();
    openAlone(<MobilePayPanel paymentId="42" onPaid={onPaid} />);
    expect(await screen.findByTestId('mobilepay-loading', {}, { timeout: 5000 })).toBeTruthy();
    const qr = await screen.findByTestId('mobilepay-qr', {}, { timeout: 5000 });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('mobilepay-amount').textContent).toBe('¥128.50');
    expect(screen.getByText('请使用微信支付扫码支付')).toBeTruthy();
    expect(screen.getByTestId('mobilepay-countdown').textContent).toMatch(/二维码将在 (10:00|09:5\d) 后失效/);
    expect(screen.getByTestId('mobilepay-open').getAttribute('href')).toBe(PAYMENT.payPageUrl);
    expect(calls[0]?.body).toEqual({ paymentId: '42' });

    expect(await screen.findByTestId('mobilepay-paid', {}, { timeout: 6000 })).toHaveProperty('textContent', '支付成功');
    expect(screen.getByText('已通过微信支付支付 ¥128.50')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('mobilepay-qr')).toBeNull();
  });

  it('shows an expired code as expired, without the code, and tells the caller', async () => {
    answers = [{ channel: 'alipay', expiresAt: new Date(Date.now() - 1000).toISOString() }];
    const onExpired = vi.fn();
    openAlone(<MobilePayPanel paymentId="42" onExpired={onExpired} />);
    expect(await screen.findByTestId('mobilepay-expired', {}, { timeout: 5000 })).toHaveProperty('textContent', '二维码已过期');
    expect(screen.queryByTestId('mobilepay-qr')).toBeNull();
    await waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
  });

  it('shows a payment closed by the provider as closed', async () => {
    answers = [{ status: 'closed' }];
    openAlone(<MobilePayPanel paymentId="42" />);
    expect(await screen.findByTestId('mobilepay-expired', {}, { timeout: 5000 })).toHaveProperty('textContent', '支付已关闭');
  });

  it('offers a retry when the payment cannot be loaded', async () => {
    calls = stubApi((path) => (path === MobilePayPath.status ? reply(null, '-4501', '支付记录不存在', 404) : undefined));
    openAlone(<MobilePayPanel paymentId="42" />);
    expect(await screen.findByTestId('mobilepay-error', {}, { timeout: 5000 })).toHaveProperty('textContent', '支付信息加载失败');
    expect(screen.getByTestId('mobilepay-retry')).toBeTruthy();
  });
});
