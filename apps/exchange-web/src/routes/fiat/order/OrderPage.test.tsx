// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OtcOrder, OtcPaymentInfo } from '@tp/contract';
import { envelope, loggedInAroundEachTest, renderPage as renderInApp, stubApi } from '../../../test-support';
import { OrderPage } from './OrderPage';

loggedInAroundEachTest();

const order = (fields: Partial<OtcOrder>): OtcOrder => ({
  id: '41',
  orderNo: '20261126123456789',
  adId: '9',
  adCode: 'AD00000009',
  role: 'buyer',
  buyer: 'buyer01',
  seller: 'merchant01',
  coin: 'USDT',
  currency: 'CNY',
  volume: '10',
  amount: '72',
  price: '7.2',
  paymentMethod: 'bank',
  remarks: '',
  status: 'unpaid',
  buyerStatus: 'toPay',
  sellerStatus: 'waitingPayment',
  appealStatus: 'none',
  appealType: '',
  appealReason: '',
  appealBy: '',
  photoAttachments: [],
  appealDecision: '',
  appealDecisionReason: '',
  proofImageId: '',
  cancelReason: '',
  createdAt: '2026-11-26T06:00:00.000Z',
  paymentTime: '',
  completedAt: '',
  cancelledAt: '',
  expireAt: '2026-11-26T06:15:00.000Z',
  appealAt: '',
  proofDeadline: '',
  now: '2026-11-26T06:05:00.000Z',
  ...fields,
});

const PAYMENT: OtcPaymentInfo = {
  method: 'bank',
  accountName: '张三',
  account: '6222020000000001',
  bankName: '中国工商银行',
  bankBranch: '上海分行',
  qrImageId: '',
  remarks: '',
  sellerContact: { mobile: '', email: '', qq: '', wechat: 'wx-merchant', whatsapp: '', others: '' },
};

const renderPage = () => renderInApp(<OrderPage />, '/fiat/orders/41', '/fiat/orders/:orderId');

describe('a fiat order’s page', () => {
  it('shows the buyer an unpaid order with its countdown, the seller’s card and what the buyer may do', async () => {
    stubApi({ '/api/otc/order': () => envelope(order({})), '/api/otc/order/payment-info': () => envelope(PAYMENT), '/api/otc/order/messages': () => envelope([]) });
    renderPage();
    expect((await screen.findByTestId('order-status')).textContent).toBe('Unpaid');
    expect((await screen.findByTestId('payment-account')).textContent).toBe('6222020000000001');
    expect(screen.getByText('wx-merchant')).toBeTruthy();
    expect(screen.getByTestId('order-countdown').textContent).toMatch(/^Time left to pay (09|10):\d\d$/);
    expect(screen.getByTestId('order-paid')).toBeTruthy();
    expect(screen.getByTestId('order-cancel')).toBeTruthy();
    expect(screen.queryByTestId('order-release')).toBeNull();
    expect(screen.queryByTestId('order-appeal')).toBeNull();
  });

  it('offers the seller of a paid order the release and an appeal, never a cancel', async () => {
    stubApi({
      '/api/otc/order': () => envelope(order({ role: 'seller', status: 'paid', buyerStatus: 'paid', sellerStatus: 'toRelease', paymentTime: '2026-11-26T06:06:00.000Z' })),
      '/api/otc/order/payment-info': () => envelope(PAYMENT),
      '/api/otc/order/messages': () => envelope([{ id: '1', from: 'buyer', mine: false, nickname: 'buyer01', text: 'Paid, please release', imageId: '', createdAt: '2026-11-26T06:06:30.000Z' }]),
    });
    renderPage();
    expect((await screen.findByTestId('order-status')).textContent).toBe('Paid');
    expect(screen.getByText('The buyer has paid: check the money arrived, then release')).toBeTruthy();
    expect(await screen.findByText('Paid, please release')).toBeTruthy();
    expect(screen.getByTestId('order-release')).toBeTruthy();
    expect(screen.getByTestId('order-appeal')).toBeTruthy();
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    expect(screen.queryByTestId('order-countdown')).toBeNull();
  });

  it('hides the payment details of an expired order in the spec’s words, without asking the server for them', async () => {
    const fetch = stubApi({ '/api/otc/order': () => envelope(order({ status: 'expired', buyerStatus: 'expired', sellerStatus: 'expired', cancelledAt: '2026-11-26T06:15:01.000Z' })), '/api/otc/order/messages': () => envelope([]) });
    renderPage();
    expect((await screen.findByTestId('order-status')).textContent).toBe('Expired');
    expect(screen.getByTestId('payment-hidden').textContent).toBe('Order invalid or expired: the payment information cannot be viewed');
    expect(screen.queryByTestId('order-paid')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/api/otc/order/payment-info'))).toBe(false);
  });

  it('shows an appeal’s state and the decision both sides read', async () => {
    stubApi({
      '/api/otc/order': () =>
        envelope(order({ status: 'completed', buyerStatus: 'completed', sellerStatus: 'completed', appealStatus: 'completed', appealBy: 'buyer', appealType: 'paidNotReleased', appealReason: 'Seller silent', appealDecision: 'release', appealDecisionReason: 'Transfer proven' })),
      '/api/otc/order/payment-info': () => envelope(PAYMENT),
      '/api/otc/order/messages': () => envelope([]),
    });
    renderPage();
    expect((await screen.findByTestId('appeal-info')).textContent).toContain('Appeal: Completed (raised by the Buyer)');
    expect(screen.getByTestId('appeal-decision').textContent).toBe('Decision: coins released to the buyer. Reason: Transfer proven');
  });
});
