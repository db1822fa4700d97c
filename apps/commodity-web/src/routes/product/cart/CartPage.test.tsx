// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AddressRow, Cart } from '@tp/contract';
import { PERSONAL, findSlow as find, logIn, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';
import { deliveryAddress } from '../../personalCenter/myAddress/addressFixture';

const CART: Cart = {
  groups: [
    {
      sellerFirmId: '10002',
      shopName: '李四建材店',
      subtotal: '70.35',
      lines: [{ productId: '500001', name: '袋装石膏粉', specification: '40kg/袋', unit: '袋', thumbUrl: null, price: '23.45', quantity: 3, stock: 50, amount: '70.35', available: true }],
    },
  ],
  total: '70.35',
};

let addresses: AddressRow[] = [];
let posted: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  posted = stubApi((path) => {
    if (path === '/api/firm/rights') return reply([{ rightCode: 'mall.order', rightName: '商城下单' }]);
    if (path === '/api/product/cart') return reply(CART);
    if (path === '/api/firm/address/list') return reply(addresses);
    if (path === '/api/product/checkout') return reply({ orders: [], total: '70.35' });
    return undefined;
  });
  logIn({ ...PERSONAL, userCerStatus: '1' }, ['mall.order']);
});

const open = () => openAt('/productionSell/cart');

describe('shop checkout', () => {
  it('cannot pay without a delivery address and links to the address book', async () => {
    addresses = [];
    open();
    fireEvent.click(await find('cart-checkout'));
    expect(await screen.findByText('您还没有收货地址，请先添加一个再结算。', {}, { timeout: 15_000 })).toBeTruthy();
    expect((await find('checkout-add-address')).getAttribute('href')).toBe('/personalCenter/myAddress');
    expect((await find('checkout-ok')).hasAttribute('disabled')).toBe(true);
  });

  it('pays to the default address unless another is chosen, from a personal buyer’s own fund account', async () => {
    addresses = [deliveryAddress('7', '王收货', '1'), deliveryAddress('8', '赵仓管', '0')];
    open();
    fireEvent.click(await find('cart-checkout'));
    expect(await screen.findByText('将从您的资金账户冻结以下金额，卖家发货、您确认收货后支付给卖家：', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/企业资金账户/)).toBeNull();
    const chosen = await find('checkout-address');
    await waitFor(() => expect(chosen.querySelector('.ant-radio-wrapper-checked')?.textContent).toContain('王收货'));

    fireEvent.click(chosen.querySelector('[data-testid="checkout-address-8"] input') ?? (await find('checkout-address-8')));
    fireEvent.click(await find('checkout-ok'));
    await waitFor(() => expect(posted.find((p) => p.path === '/api/product/checkout')?.body).toEqual({ total: '70.35', consigneeId: '8' }));
  });
});
