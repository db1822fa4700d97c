// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AdminUserRow } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../../api/client';
import { i18n } from '../../i18n';
import { session } from '../../session';
import { UsersPage } from './UsersPage';

const ROW: AdminUserRow = {
  userId: '100001',
  tel: '13800000001',
  email: '',
  userName: '张三',
  firmId: '10001',
  firmCode: '10000001',
  firmName: '张三（个人买家）',
  userType: 'personal',
  isMainAccount: true,
  status: 'active',
  lockedUntil: '',
  proprietary: false,
  createdAt: '2026-11-01T08:00:00.000Z',
};

const requests: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(async () => {
  requests.length = 0;
  session.set({ isLogin: true, userId: '1', sessionStr: 's', tel: '', firmId: 'staff', firmCode: '', marketId: '', userType: 'personal', userCerStatus: '', nickNameStatus: '', highCerStatus: '', isMainAccount: false });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      requests.push({ url, body });
      const content = body.keyword === 'nobody' ? [] : [ROW];
      return Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value: { content, total: content.length ? 25 : 0, page: body.page, size: 10 } }), { headers: { 'Content-Type': 'application/json' } }));
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

function renderPage() {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <MemoryRouter initialEntries={['/users']}>
        <Routes>
          <Route path="/users" element={<UsersPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('users page', () => {
  it('shows the rows the server returns, with the staff session on the request', async () => {
    renderPage();
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(within(table).getByText('13800000001')).toBeTruthy());
    expect(within(table).getByText('主账号')).toBeTruthy();
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/admin/users');
    expect(requests[0]?.body).toMatchObject({ page: 0, size: 10 });
  });

  it('sends the keyword from the first page on, and says when nothing matches', async () => {
    renderPage();
    await screen.findByText('13800000001');
    const search = within(screen.getByTestId('list-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByText('没有符合条件的记录')).toBeTruthy());
    expect(requests.at(-1)?.body).toMatchObject({ keyword: 'nobody', page: 0 });
  });

  it('asks for the next page when the pager moves', async () => {
    renderPage();
    await screen.findByText('13800000001');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(requests.at(-1)?.body).toMatchObject({ page: 1 }));
  });

  it('marks a proprietary member only after the confirmation, then reads the list again', async () => {
    renderPage();
    await screen.findByText('13800000001');
    fireEvent.click(screen.getByTestId('proprietary-100001'));
    expect(requests.some((r) => r.url === '/api/admin/users/proprietary')).toBe(false);
    fireEvent.click(await screen.findByTestId('confirm-proprietary-100001'));
    await waitFor(() => expect(requests.find((r) => r.url === '/api/admin/users/proprietary')?.body).toEqual({ userId: '100001', proprietary: true }));
    await waitFor(() => expect(requests.at(-1)?.url).toBe('/api/admin/users'));
  });
});
