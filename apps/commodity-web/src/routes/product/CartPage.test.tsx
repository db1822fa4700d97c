// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { AddressRow, Cart, SessionInfo } from '@tp/contract';
import { AppProviders, chooseLanguage } from '@tp/web-kit';
import { notifier, queryClient } from '../../api/client';
import { i18n } from '../../i18n';
import { routes } from '../../router';
import { session } from '../../session';

const BUYER: SessionInfo = {
  isLogin: true,
  userId: '100001',
  sessionStr: 's-1',
  tel: '13800000001',
  firmId: '10001',
  firmCode: '10000001',
  marketId: '13',
  userType: 'personal',
  userCerStatus: '1',
  nickNameStatus: '0',
  highCerStatus: '0',
  isMainAccount: true,
  language: 'cn',
};

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
const address = (id: string, recipients: string, defaultFlag: '0' | '1'): AddressRow => ({ id, recipients, recipientsCellphone: '13711112222', region: '浙江省宁波市', addressName: `镇海区${id}号仓`, postCode: '', defaultFlag });

let addresses: AddressRow[] = [];
const posted: { path: string; body: unknown }[] = [];
const reply = (value: unknown) => Promise.resolve(new Response(JSON.stringify({ code: '0', message: 'success', value }), { status: 200, headers: { 'Content-Type': 'application/json' } }));

beforeEach(async () => {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      if (init?.body && typeof init.body === 'string') posted.push({ path, body: JSON.parse(init.body) as unknown });
      if (path === '/api/system/switches') return reply({ upgrade: false, upgradeNotice: '', bankFunction: true });
      if (path === '/api/firm/rights') return reply([{ rightCode: 'mall.order', rightName: '商城下单' }]);
      if (path === '/api/product/cart') return reply(CART);
      if (path === '/api/firm/address/list') return reply(addresses);
      if (path === '/api/product/checkout') return reply({ orders: [], total: '70.35' });
      return reply({ content: [], total: 0, page: 0, size: 10 });
    }),
  );
  session.set(BUYER);
  session.setRights([{ rightCode: 'mall.order', rightName: '商城下单' }]);
  await chooseLanguage(i18n, 'cn');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  session.clear();
});

function open() {
  render(
    <AppProviders i18n={i18n} queryClient={queryClient} session={session} notifier={notifier}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/productionSell/cart'] })} />
    </AppProviders>,
  );
}

const find = (testId: string) => screen.findByTestId(testId, {}, { timeout: 15_000 });

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
    addresses = [address('7', '王收货', '1'), address('8', '赵仓管', '0')];
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
