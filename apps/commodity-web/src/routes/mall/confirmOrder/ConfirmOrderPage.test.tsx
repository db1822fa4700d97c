// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddressRow, MallGoods, MallOrder } from '@tp/contract';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { deliveryAddress } from '../../personalCenter/myAddress/addressFixture';

const GOODS: MallGoods = {
  commodityId: '700001',
  classId: '1',
  className: '粮油副食',
  sellerFirmId: '10002',
  sellerName: '东北粮仓',
  name: '五常大米',
  specs: ['5kg', '10kg'],
  price: '59.90',
  stock: 20,
  sold: 3,
  images: [],
  imageIds: [],
  description: '',
  status: 'T',
  reason: '',
  mine: false,
  createdAt: '2026-01-05T02:00:00.000Z',
};

const ORDER: MallOrder = {
  orderId: '800001',
  commodityId: '700001',
  title: '五常大米',
  commoditySpec: '10kg',
  thumbUrl: null,
  price: '59.90',
  amount: 3,
  total: '179.70',
  fee: '0.00',
  buyerFirmId: '10001',
  sellerFirmId: '10002',
  sellerName: '东北粮仓',
  status: 'P',
  payWay: '',
  trackingNo: '',
  consignee: { recipients: '赵仓管', recipientsCellphone: '13700000000', region: '上海市', addressName: '世纪大道1号', postCode: '' },
  side: 'buyer',
  dueAt: null,
  createdAt: '2026-01-05T02:00:00.000Z',
  updatedAt: '2026-01-05T02:00:00.000Z',
};

let addresses: AddressRow[] = [];
let posted: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  posted = stubApi((path) => {
    if (path === '/api/firm/rights') return reply([{ rightCode: 'mall.order', rightName: '商城下单' }]);
    if (path === '/api/mall/goods/detail') return reply(GOODS);
    if (path === '/api/firm/address/list') return reply(addresses);
    if (path === '/api/mall/order/add') return reply(ORDER);
    if (path === '/api/mall/order/pay') return reply({ ...ORDER, status: 'W', payWay: 'balance' });
    if (path === '/api/mall/order/mobile-pay') return reply({ paymentId: '9', qrContent: 'http://localhost/api/mobilepay/sandbox/wechat/pay/9', payPageUrl: 'http://localhost/api/mobilepay/sandbox/wechat/pay/9', expiresAt: '2026-01-05T02:15:00.000Z' });
    if (path === '/api/mobilepay/status') return reply({ paymentId: '9', channel: 'wechat', status: 'pending', amount: '59.90', subject: '五常大米', qrContent: 'http://localhost/api/mobilepay/sandbox/wechat/pay/9', payPageUrl: 'http://localhost/api/mobilepay/sandbox/wechat/pay/9', expiresAt: '2099-01-05T02:15:00.000Z', paidAt: null });
    return undefined;
  });
  logIn({ ...PERSONAL, userCerStatus: '1' }, ['mall.order']);
});

describe('mall order confirmation', () => {
  it('cannot order without a delivery address and links to the mall’s address book', async () => {
    addresses = [];
    openAt('/mall/confirmOrder?commodityId=700001&commoditySpec=10kg&amount=3');
    expect(await screen.findByText('地址簿中还没有收货地址', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('去添加收货地址').closest('a')?.getAttribute('href')).toBe('/mall/user/address');
  });

  it('orders the chosen spec and quantity to the default address, then pays from the balance after confirming the amount with the fund password', async () => {
    addresses = [deliveryAddress('7', '王收货', '0'), deliveryAddress('8', '赵仓管', '1')];
    openAt('/mall/confirmOrder?commodityId=700001&commoditySpec=10kg&amount=3');
    expect((await find('mall-confirm-total')).textContent).toBe('¥179.70');
    fireEvent.click(await find('mall-submit-order'));
    await waitFor(() => expect(posted.find((p) => p.path === '/api/mall/order/add')?.body).toEqual({ commodityId: '700001', consigneeId: '8', commoditySpec: '10kg', amount: 3 }));
    expect((await find('mall-pay-text')).textContent).toBe('从资金账户余额支付订单 800001，金额 179.70 元。');
    expect(screen.getByText(/^大写：壹佰柒拾玖元柒角/)).toBeTruthy();
    fireEvent.change(await find('mall-fund-password'), { target: { value: '12ab' } });
    fireEvent.click(await find('mall-pay-ok'));
    expect(await screen.findByText('请输入 6 位数字资金密码')).toBeTruthy();
    expect(posted.some((p) => p.path === '/api/mall/order/pay')).toBe(false);
    fireEvent.change(await find('mall-fund-password'), { target: { value: '135790' } });
    fireEvent.click(await find('mall-pay-ok'));
    await waitFor(() => expect(posted.find((p) => p.path === '/api/mall/order/pay')?.body).toEqual({ orderId: '800001', fundPassword: '135790' }));
  });

  it('a WeChat payment shows the code to scan and the provider’s page', async () => {
    addresses = [deliveryAddress('8', '赵仓管', '1')];
    openAt('/mall/confirmOrder?commodityId=700001&commoditySpec=5kg&amount=1');
    fireEvent.click((await find('mall-pay-wechat')).closest('label')!);
    fireEvent.click(await find('mall-submit-order'));
    await waitFor(() => expect(posted.find((p) => p.path === '/api/mall/order/mobile-pay')?.body).toEqual({ orderId: '800001', channel: 'wechat' }));
    expect((await find('mobilepay-open')).getAttribute('href')).toBe('http://localhost/api/mobilepay/sandbox/wechat/pay/9');
  });
});
