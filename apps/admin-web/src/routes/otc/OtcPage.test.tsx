// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OtcAdminAppealDetail, OtcAdminAppealRow, StaffRight } from '@tp/contract';
import { logInStaff, renderPage, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { OtcPage } from './OtcPage';

resetAroundEachTest();

const ROW: OtcAdminAppealRow = {
  id: '41',
  orderNo: '20261126000000041',
  adId: '9',
  adCode: 'AD00000009',
  buyer: '买家甲',
  seller: '商家乙',
  coin: 'USDT',
  currency: 'CNY',
  volume: '10',
  amount: '72',
  price: '7.2',
  paymentMethod: 'bank',
  remarks: '',
  status: 'appeal',
  buyerStatus: 'appeal',
  sellerStatus: 'appeal',
  appealStatus: 'waiting',
  appealType: 'paidNotReleased',
  appealReason: '已付款未放币',
  appealBy: 'buyer',
  photoAttachments: [],
  appealDecision: '',
  appealDecisionReason: '',
  proofImageId: '',
  cancelReason: '',
  createdAt: '2026-11-26T06:00:00.000Z',
  paymentTime: '2026-11-26T06:05:00.000Z',
  completedAt: '',
  cancelledAt: '',
  expireAt: '2026-11-26T06:15:00.000Z',
  appealAt: '2026-11-26T06:40:00.000Z',
  proofDeadline: '2026-11-27T06:40:00.000Z',
  now: '2026-11-26T07:00:00.000Z',
  buyerAccount: '13900000001',
  sellerAccount: '13900000002',
};

const DETAIL: OtcAdminAppealDetail = {
  order: ROW,
  messages: [{ id: '1', from: 'buyer', mine: false, nickname: '买家甲', text: '我已经转账了', imageId: '', createdAt: '2026-11-26T06:06:00.000Z' }],
  payment: null,
};

function serve(rights: StaffRight[]): ApiCall[] {
  logInStaff();
  return stubApi((url) => {
    if (url.endsWith('/api/admin/staff/access')) return reply({ superAdmin: false, rights });
    if (url.endsWith('/api/admin/otc/appeals')) return reply({ content: [ROW], total: 1, page: 0, size: 10 });
    if (url.endsWith('/api/admin/otc/appeal')) return reply(DETAIL);
    if (url.endsWith('/api/admin/otc/appeal/execute')) return reply({ ...DETAIL, order: { ...ROW, status: 'completed', appealStatus: 'completed', appealDecision: 'release', appealDecisionReason: '凭证属实' } });
    return reply({ content: [], total: 0, page: 0, size: 10 });
  });
}

describe('the back office’s fiat page', { timeout: 20_000 }, () => {
  it('shows customer service the appeal with its chat, and lets them give a verdict but not execute it', async () => {
    serve(['otc.appeal']);
    renderPage(<OtcPage />);
    fireEvent.click(await screen.findByTestId(`otc-appeal-open-${ROW.orderNo}`, {}, { timeout: 5000 }));
    expect(within(await screen.findByTestId('otc-appeal-chat')).getByText('我已经转账了')).toBeTruthy();
    expect(await screen.findByTestId('otc-appeal-verdict')).toBeTruthy();
    expect(screen.queryByTestId('otc-appeal-execute')).toBeNull();
    expect(screen.queryByTestId('otc-tab-merchants')).toBeNull();
  });

  it('lets the ombudsman force the release with a reason', async () => {
    const calls = serve(['otc.ombudsman']);
    renderPage(<OtcPage />);
    fireEvent.click(await screen.findByTestId(`otc-appeal-open-${ROW.orderNo}`, {}, { timeout: 5000 }));
    fireEvent.click(await screen.findByTestId('otc-appeal-execute'));
    fireEvent.change(await screen.findByTestId('otc-appeal-execute-reason'), { target: { value: '凭证属实' } });
    fireEvent.click(screen.getByTestId('otc-appeal-execute-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/api/admin/otc/appeal/execute'))?.body).toEqual({ orderId: '41', action: 'release', reason: '凭证属实' }));
  });
});
