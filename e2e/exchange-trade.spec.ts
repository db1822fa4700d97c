import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, freshMobile, latestCode, residentId, submitLogin } from './support';

interface Trader {
  page: Page;
  mobile: string;
}

/** A verified user whose BTC and USDT deposits have confirmed, logged in to the exchange in its own browser. */
async function fundedTrader(browser: Browser, request: APIRequestContext, staffHeaders: Record<string, string>): Promise<Trader> {
  const mobile = freshMobile();
  const api = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const res = await request.post(path, { data, headers });
    const body = (await res.json()) as { code: string; message: string; value: Record<string, string> };
    expect(body.code, `${path}: ${body.message}`).toBe('0');
    return body.value;
  };
  await api('/api/code/send', { account: mobile, purpose: 'register' });
  const session = await api('/api/user/register', { registerWay: 'mobile', loginAccount: mobile, code: await latestCode(request, mobile, 'register'), password: 'Trade@2026', termsAccepted: true });
  const auth = { sessionstr: session.sessionStr ?? '', userid: session.userId ?? '', firmid: session.firmId ?? '' };
  await api('/api/verification/basic', { name: '交易员', idNumber: residentId(`44030519880808${mobile.slice(-3)}`) }, auth);
  for (const asset of ['BTC', 'USDT']) {
    const { address } = await api('/api/wallet/deposit/address', { asset }, auth);
    await api('/api/admin/chain/deposit', { chain: asset === 'BTC' ? 'BTC' : 'ETH', address, asset, amount: asset === 'BTC' ? '1' : '50000' }, staffHeaders);
  }
  await api('/api/admin/chain/mine', { chain: 'BTC', blocks: 2 }, staffHeaders);
  await api('/api/admin/chain/mine', { chain: 'ETH', blocks: 12 }, staffHeaders);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/exchange/login?redirect=%2Ftrade%2FBTCUSDT');
  await submitLogin(page, mobile, 'Trade@2026');
  await expect(page).toHaveURL(/\/exchange\/trade\/BTCUSDT$/);
  // Trading starts with the risk disclosure, accepted once.
  await page.getByTestId('risk-accept').click();
  await expect(page.getByTestId('risk-accept')).toHaveCount(0);
  return { page, mobile };
}

test('one trader posts a limit sell, another market-buys; both see the trade, the book and their balances; a cancel releases the reserve', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const login = await request.post('/api/admin/login', { data: { account: 'admin', password: DEMO_PASSWORD } });
  const staff = ((await login.json()) as { value: { sessionStr: string; staffId: string } }).value;
  const staffHeaders = { sessionstr: staff.sessionStr, userid: staff.staffId };
  const seller = await fundedTrader(browser, request, staffHeaders);
  const buyer = await fundedTrader(browser, request, staffHeaders);

  await seller.page.getByTestId('side-sell').click();
  await seller.page.locator('#order_price').fill('61234.5');
  await seller.page.locator('#order_quantity').fill('0.2');
  await seller.page.getByTestId('order-submit').click();
  await expect(seller.page.getByTestId('open-orders')).toContainText('61234.5');
  await expect(buyer.page.getByTestId('book-asks')).toContainText('61,234.50');

  await buyer.page.getByTestId('kind-market').click();
  await buyer.page.locator('#order_quoteAmount').fill('6123.45');
  await buyer.page.getByTestId('order-submit').click();
  await expect(buyer.page.getByTestId('last-price')).toHaveText('61,234.50');
  await expect(buyer.page.getByTestId('recent-trades')).toContainText('0.10000');
  await expect(seller.page.getByTestId('recent-trades')).toContainText('0.10000');
  await expect(seller.page.getByTestId('book-asks')).toContainText('0.10000');
  // Pushed live: the candle, the ticker and the seller's proceeds, without reloading.
  await expect(seller.page.getByTestId('kline-chart')).toHaveAttribute('data-last-close', '61234.5');
  await expect(buyer.page.getByTestId('ticker-bar')).toContainText('61,234.50');
  await seller.page.getByTestId('side-buy').click();
  await expect(seller.page.getByTestId('order-available')).toContainText('56,117.32655');

  // Buyer spent 6123.45 + 0.1% fee and received 0.1 BTC.
  await buyer.page.goto('/exchange/assets');
  await expect(buyer.page.getByTestId('balances-table').locator('tr[data-row-key="USDT"]')).toContainText('43,870.426550');
  await expect(buyer.page.getByTestId('balances-table').locator('tr[data-row-key="BTC"]')).toContainText('1.10000000');

  // The seller cancels the rest: the 0.1 BTC still reserved comes back.
  const open = seller.page.getByTestId('open-orders').locator('tr.ant-table-row');
  await open.getByRole('button').click();
  await expect(seller.page.getByTestId('open-orders')).not.toContainText('61234.5');
  await seller.page.goto('/exchange/assets');
  await expect(seller.page.getByTestId('balances-table').locator('tr[data-row-key="BTC"]')).toContainText('0.90000000');
  await expect(seller.page.getByTestId('balances-table').locator('tr[data-row-key="USDT"]')).toContainText('56,117.326550');
});
