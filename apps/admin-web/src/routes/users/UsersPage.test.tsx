// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserRow } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
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

let requests: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  requests = stubApi((_url, body) => {
    const content = body.keyword === 'nobody' ? [] : [ROW];
    return reply({ content, total: content.length ? 25 : 0, page: body.page, size: 10 });
  });
});

const renderPage = () => render(<UsersPage />, '/users');

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
