// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { IntegralRule, Redemption, RewardApplication } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { IntegralAdminPage } from './IntegralAdminPage';

const page = <T,>(content: T[]) => ({ content, total: content.length, page: 0, size: 20 });
const REDEMPTION: Redemption = {
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
};
const APPLICATION: RewardApplication = { applicationId: '31', firmName: '南京钢贸', reason: '参加平台推广活动', status: 'W', points: 0, decisionReason: '', createdAt: '2026-03-01T02:00:00.000Z', decidedAt: '' };
const RULES: IntegralRule[] = [
  { key: 'trade', points: 10, enabled: true, updatedAt: '' },
  { key: 'signIn', points: 5, enabled: true, updatedAt: '' },
];

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  calls = stubApi((url, body) => {
    if (url.endsWith('/api/admin/integral/redemptions')) return reply(page([REDEMPTION]));
    if (url.endsWith('/api/admin/integral/redemption/ship')) return reply({ ...REDEMPTION, status: 'S', trackingNo: body.trackingNo });
    if (url.endsWith('/api/admin/integral/applications')) return reply(page([APPLICATION]));
    if (url.endsWith('/api/admin/integral/application/decide')) return reply({ ...APPLICATION, status: 'T', points: body.points });
    if (url.endsWith('/api/admin/integral/rules') || url.endsWith('/api/admin/integral/rules/save')) return reply(RULES);
    return reply(page([]));
  });
});

const sent = (path: string) => waitFor(() => {
  const call = calls.find((c) => c.url.endsWith(path));
  if (!call) throw new Error(`${path} not called`);
  return call.body;
});

describe('the integral back office', () => {
  it('ships a redemption with the tracking number staff enter', async () => {
    render(<IntegralAdminPage />);
    fireEvent.click(await screen.findByTestId('redemption-ship'));
    fireEvent.change(await screen.findByTestId('tracking-no'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByTestId('redemption-ship-ok'));
    expect(await sent('/api/admin/integral/redemption/ship')).toEqual({ redemptionId: '9001', trackingNo: 'SF1234567890' });
  });

  it('approves a reward application with the points staff award', async () => {
    render(<IntegralAdminPage />);
    fireEvent.click(await screen.findByTestId('tab-applications'));
    fireEvent.click(await screen.findByTestId('application-approve'));
    fireEvent.change(await screen.findByTestId('decide-points'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('application-decide-ok'));
    expect(await sent('/api/admin/integral/application/decide')).toEqual({ applicationId: '31', approve: true, points: 300, reason: '' });
  });

  it('saves a changed earning rule', async () => {
    render(<IntegralAdminPage />);
    fireEvent.click(await screen.findByTestId('tab-rules'));
    const rows = await screen.findAllByTestId('integral-rule');
    const signIn = rows.find((r) => r.dataset.rule === 'signIn')!;
    fireEvent.change(signIn.querySelector('input')!, { target: { value: '8' } });
    fireEvent.click(signIn.querySelector('[data-testid="rule-save"]')!);
    expect(await sent('/api/admin/integral/rules/save')).toEqual({ key: 'signIn', points: 8, enabled: true });
  });
});
