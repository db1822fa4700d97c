// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminCertificationRow } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../../api/client';
import { i18n } from '../../i18n';
import { session } from '../../session';
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

const requests: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(async () => {
  requests.length = 0;
  session.set({ isLogin: true, userId: '1', sessionStr: 's', tel: '', firmId: 'staff', firmCode: '', marketId: '', userType: 'personal', userCerStatus: '', nickNameStatus: '', highCerStatus: '', isMainAccount: false });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.includes('/api/admin/upload/')) return Promise.resolve(new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })));
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      requests.push({ url, body });
      const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value }), { headers: { 'Content-Type': 'application/json' } }));
      if (url.endsWith('/decide')) return json({ ...ROW, status: body.approve ? '4' : '3', memberReason: body.reason ?? '' });
      const content = body.status === ROW.status ? [ROW] : [];
      return json({ content, total: content.length, page: body.page, size: 10 });
    }),
  );
  await chooseLanguage(i18n, 'cn');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  session.clear();
});

function renderPage(level: 'member' | 'risk') {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <MemoryRouter initialEntries={['/review']}>
        <Routes>
          <Route path="/review" element={level === 'member' ? <MemberReviewPage /> : <RiskReviewPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

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
