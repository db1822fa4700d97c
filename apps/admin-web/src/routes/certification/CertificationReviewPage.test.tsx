// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCertificationRow } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { MemberReviewPage, RiskReviewPage } from './CertificationReviewPage';

const ROW: AdminCertificationRow = {
  id: '7',
  firmId: '10009',
  firmCode: '10000009',
  firmName: '139****0001',
  submitter: '13900000001',
  enterpriseName: '宁波甬港钢铁贸易有限公司',
  registerNo: '91330200MA2AAAAA1X',
  corporateName: '王大明',
  enterprisePhone: '0574-88888888',
  operatorName: '李小红',
  operatorPhone: '13912345678',
  enterpriseAddress: '宁波市北仑区新碶街道 1 号',
  firmType: '1',
  businessPhoto: '00000000-0000-4000-8000-000000000001',
  corporatePositiveCard: '00000000-0000-4000-8000-000000000002',
  corporateReverseCard: '00000000-0000-4000-8000-000000000003',
  status: '1',
  memberReason: '',
  memberReviewedBy: '',
  memberReviewedAt: '',
  riskReason: '',
  riskReviewedBy: '',
  riskReviewedAt: '',
  createdAt: '2026-11-01T08:00:00.000Z',
};

let requests: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  requests = stubApi((url, body) => {
    if (url.includes('/api/admin/upload/')) return Promise.resolve(new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })));
    if (url.endsWith('/decide')) return reply({ ...ROW, status: body.approve ? '4' : '3', memberReason: body.reason ?? '' });
    const content = body.status === ROW.status ? [ROW] : [];
    return reply({ content, total: content.length, page: body.page, size: 10 });
  });
});

const renderPage = (level: 'member' | 'risk') => render(level === 'member' ? <MemberReviewPage /> : <RiskReviewPage />, '/review');

describe('certification review', () => {
  it('opens member review on the submissions waiting for it', async () => {
    renderPage('member');
    const table = await screen.findByTestId('certification-table');
    await waitFor(() => expect(within(table).getByText('宁波甬港钢铁贸易有限公司')).toBeTruthy());
    expect(requests[0]).toMatchObject({ url: '/api/admin/certification/list', body: { status: '1', page: 0 } });
    expect(within(table).getByText('会员审核中')).toBeTruthy();
  });

  it('opens risk control on status 4, where a member-review row does not show', async () => {
    renderPage('risk');
    await screen.findByTestId('certification-table');
    await waitFor(() => expect(requests[0]?.body).toMatchObject({ status: '4' }));
    expect(screen.queryByText('宁波甬港钢铁贸易有限公司')).toBeNull();
  });

  it('wants a reason before a rejection, then sends it for this level', async () => {
    renderPage('member');
    fireEvent.click(await screen.findByTestId('review-7'));
    const detail = await screen.findByTestId('certification-detail');
    expect(within(detail).getByText('91330200MA2AAAAA1X')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reject'));
    expect(await screen.findByText('驳回须填写原因（至少 2 个字）')).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/decide'))).toBe(false);
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: '营业执照模糊' } });
    fireEvent.click(screen.getByTestId('reject'));
    await waitFor(() => expect(requests.find((r) => r.url.endsWith('/decide'))?.body).toEqual({ id: '7', level: 'member', approve: false, reason: '营业执照模糊' }));
  });
});
