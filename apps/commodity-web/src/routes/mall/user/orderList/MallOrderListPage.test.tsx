// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MallOrder } from '@tp/contract';
import { ENTERPRISE, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../../test-support';

const ORDER: MallOrder = {
  orderId: '800001',
  commodityId: '700001',
  title: '五常大米',
  commoditySpec: '10kg',
  thumbUrl: null,
  price: '59.90',
  amount: 2,
  total: '119.80',
  fee: '0.00',
  buyerFirmId: '10003',
  sellerFirmId: '10001',
  sellerName: '东北粮仓',
  status: 'W',
  payWay: 'wechat',
  trackingNo: '',
  consignee: { recipients: '张三', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: '江宁区胜太路88号', postCode: '' },
  side: 'seller',
  dueAt: null,
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-05T02:00:00.000Z',
};

let posted: ApiCall[] = [];
resetAroundEachTest();
beforeEach(() => {
  posted = stubApi((path, init) => {
    if (path === '/api/firm/rights') return reply([{ rightCode: 'mall.order', rightName: '商城下单' }]);
    if (path === '/api/mall/order/list') {
      const side = (JSON.parse(String(init?.body ?? '{}')) as { side: string }).side;
      return reply({ content: side === 'seller' ? [ORDER] : [], total: side === 'seller' ? 1 : 0, page: 0, size: 10 });
    }
    if (path === '/api/mall/order/ship') return reply({ ...ORDER, status: 'S', trackingNo: 'SF1234567890' });
    return undefined;
  });
  logIn(ENTERPRISE, ['mall.order', 'seller.product']);
});

describe('mall order list', () => {
  it('shows the buyer side empty, and the seller ships a paid order only with a valid tracking number', async () => {
    openAt('/mall/user/orderList');
    expect(await screen.findByText('暂无订单', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(await find('mall-orders-seller'));
    const row = await find('mall-order-row');
    expect(row.textContent).toContain('10kg × 2');
    expect(row.textContent).toContain('¥119.80');
    expect(row.textContent).toContain('张三 13700000000');
    fireEvent.click(await find('mall-order-ship'));
    fireEvent.change(await find('mall-tracking-no'), { target: { value: 'SF1' } });
    fireEvent.click(await find('mall-ship-ok'));
    expect(await screen.findByText('物流单号为 6–30 位字母、数字或短横线')).toBeTruthy();
    expect(posted.some((p) => p.path === '/api/mall/order/ship')).toBe(false);
    fireEvent.change(await find('mall-tracking-no'), { target: { value: 'SF1234567890' } });
    fireEvent.click(await find('mall-ship-ok'));
    await waitFor(() => expect(posted.find((p) => p.path === '/api/mall/order/ship')?.body).toEqual({ orderId: '800001', trackingNo: 'SF1234567890' }));
  });
});
