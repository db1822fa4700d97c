// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MallGoods } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { MallAdminPage } from './MallAdminPage';

const GOODS: MallGoods = {
  commodityId: '700001',
  classId: '1',
  className: '粮油副食',
  sellerFirmId: '10002',
  sellerName: '东北粮仓',
  name: '五常大米',
  specs: ['5kg', '10kg'],
  price: '1059.90',
  stock: 20,
  sold: 0,
  images: [],
  imageIds: [],
  description: '',
  status: 'W',
  reason: '',
  mine: false,
  createdAt: '2026-01-05T02:00:00.000Z',
};

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  calls = stubApi((url, body) => {
    if (url.endsWith('/api/admin/mall/goods')) return reply({ content: body.status === 'W' ? [GOODS] : [], total: body.status === 'W' ? 1 : 0, page: 0, size: 10 });
    if (url.endsWith('/api/admin/mall/goods/audit')) return reply({ ...GOODS, status: body.pass ? 'T' : 'F', reason: body.reason ?? '' });
    return reply([]);
  });
});

describe('mall goods audit', () => {
  it('lists goods pending audit and rejects one only with a reason the seller reads', async () => {
    render(<MallAdminPage />);
    const row = await screen.findByTestId('admin-mall-goods-700001');
    expect(row.textContent).toContain('五常大米');
    expect(row.textContent).toContain('5kg / 10kg');
    expect(row.textContent).toContain('1,059.90');
    fireEvent.click(screen.getByTestId('admin-mall-reject-700001'));
    fireEvent.click(await screen.findByTestId('admin-mall-reject-ok'));
    expect(await screen.findByText('请填写 2–200 字的驳回原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/api/admin/mall/goods/audit'))).toBe(false);
    fireEvent.change(screen.getByTestId('admin-mall-reject-reason'), { target: { value: '图片与描述不符' } });
    fireEvent.click(screen.getByTestId('admin-mall-reject-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/api/admin/mall/goods/audit'))?.body).toEqual({ commodityId: '700001', pass: false, reason: '图片与描述不符' }));
  });

  it('approves after confirming', async () => {
    render(<MallAdminPage />);
    fireEvent.click(await screen.findByTestId('admin-mall-approve-700001'));
    fireEvent.click(await screen.findByTestId('admin-mall-approve-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/api/admin/mall/goods/audit'))?.body).toEqual({ commodityId: '700001', pass: true }));
  });
});
