// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AfterSaleRequestView } from '@tp/contract';
import { logInStaff, renderPage as render, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../test-support';
import { AfterSaleAdminPage } from './AfterSaleAdminPage';

const REQUEST: AfterSaleRequestView = {
  requestId: '930001',
  kind: 'auction',
  orderId: '880001',
  title: '螺纹钢 HRB400',
  type: 'return',
  status: 'arbitrating',
  side: 'staff',
  buyerFirmId: '10003',
  sellerFirmId: '10009',
  reason: '钢材锈蚀严重',
  photos: [],
  orderAmount: '10020.00',
  amount: '4000.00',
  sellerReason: '发货时质检合格',
  arbitrationReason: '有照片为证',
  decision: null,
  decisionReason: null,
  returnCarrier: null,
  returnTrackingNo: null,
  replacementCarrier: null,
  replacementTrackingNo: null,
  deadline: null,
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-05T02:00:00.000Z',
  history: [],
};

let calls: ApiCall[];
resetAroundEachTest();
beforeEach(() => {
  logInStaff();
  calls = stubApi((url, body) => {
    if (url.endsWith('/api/admin/aftersale/list')) return reply({ content: body.status === 'arbitrating' || !body.status ? [REQUEST] : [], total: 1, page: 0, size: 20 });
    if (url.endsWith('/api/admin/aftersale/decide')) return reply({ ...REQUEST, status: 'accepted', decision: body.favour, decisionReason: body.reason });
    return reply({ content: [], total: 0, page: 0, size: 20 });
  });
});

describe('after-sale arbitration', () => {
  it('lists the requests awaiting arbitration and decides one for the buyer only with a reason', async () => {
    render(<AfterSaleAdminPage />);
    const row = await screen.findByTestId('aftersale-row');
    expect(row.textContent).toContain('螺纹钢 HRB400');
    expect(row.textContent).toContain('4,000.00');
    expect(calls.find((c) => c.url.endsWith('/api/admin/aftersale/list'))?.body).toEqual({ status: 'arbitrating', page: 0, size: 20 });
    fireEvent.click(screen.getByTestId('aftersale-for-buyer'));
    fireEvent.click(await screen.findByTestId('aftersale-decide-ok'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(calls.some((c) => c.url.endsWith('/api/admin/aftersale/decide'))).toBe(false);
    fireEvent.change(screen.getByTestId('aftersale-decide-reason'), { target: { value: '照片显示锈蚀' } });
    fireEvent.click(screen.getByTestId('aftersale-decide-ok'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/api/admin/aftersale/decide'))?.body).toEqual({ requestId: '930001', favour: 'buyer', reason: '照片显示锈蚀' }));
  });
});
