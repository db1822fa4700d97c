import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiCall as call, type ApiHeaders as Headers, freshMobile, latestCode, residentId, staffApiHeaders, submitLogin } from './support';

interface Trader {
  page: Page;
  mobile: string;
}



/** A verified user whose BTC and USDT deposits have confirmed; returns the API headers of its session. */
async function fundedAccount(request: APIRequestContext, staffHeaders: Headers, mobile: string): Promise<Headers> {
  const api = (path: string, data: unknown, headers: Headers = {}) => call(request, path, data, headers);
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
  return auth;
}

/** Another user trading through the API only: risk disclosure accepted, funded. */
async function apiTrader(request: APIRequestContext, staffHeaders: Headers): Promise<(order: Record<string, unknown>) => Promise<Record<string, string>>> {
  const auth = await fundedAccount(request, staffHeaders, freshMobile());
  const { version } = await call(request, '/api/spot/riskDisclosure', {}, auth);
  await call(request, '/api/spot/riskDisclosure/accept', { version }, auth);
  return (order) => call(request, '/api/spot/order/place', { symbol: 'BTCUSDT', ...order }, auth);
}

/** A funded user logged in to the exchange in its own browser, on the BTC/USDT terminal. */
async function fundedTrader(browser: Browser, request: APIRequestContext, staffHeaders: Headers): Promise<Trader> {
  const mobile = freshMobile();
  await fundedAccount(request, staffHeaders, mobile);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/exchange/login?redirect=%2Ftrade%2FBTCUSDT');
  await submitLogin(page, mobile, 'Trade@2026');
  await expect(page).toHaveURL(/\/exchange\/trade\/BTCUSDT$/);
  // Trading starts with the risk disclosure, accepted once.
  await page.getByTestId('risk-accept').click();
  await expect(page.getByTestId('risk-accept')).toHaveCount(0);
  return { page, mobile };
}

/** Submits the order form and confirms it in the dialog. */
async function submitOrder(page: Page): Promise<void> {
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm-ok').click();
  await expect(page.getByTestId('order-confirm')).toHaveCount(0);
}

test('one trader posts a limit sell, another market-buys; both see the trade, the book and their balances; a cancel releases the reserve', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const staffHeaders = await staffApiHeaders(request);
  const seller = await fundedTrader(browser, request, staffHeaders);
  const buyer = await fundedTrader(browser, request, staffHeaders);

  await seller.page.getByTestId('side-sell').click();
  await seller.page.locator('#order_price').fill('61234.5');
  await seller.page.locator('#order_quantity').fill('0.2');
  await submitOrder(seller.page);
  await expect(seller.page.getByTestId('open-orders')).toContainText('61,234.50');
  // The seller's own order is marked in the book.
  await expect(seller.page.getByTestId('book-mine')).toContainText('61,234.50');
  await expect(buyer.page.getByTestId('book-asks')).toContainText('61,234.50');

  await buyer.page.getByTestId('kind-market').click();
  await buyer.page.locator('#order_quoteAmount').fill('6123.45');
  await submitOrder(buyer.page);
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
  await expect(seller.page.getByTestId('open-orders')).not.toContainText('61,234.50');
  await seller.page.goto('/exchange/assets');
  await expect(seller.page.getByTestId('balances-table').locator('tr[data-row-key="BTC"]')).toContainText('0.90000000');
  await expect(seller.page.getByTestId('balances-table').locator('tr[data-row-key="USDT"]')).toContainText('56,117.326550');
});

test('a stop-limit waits off the book and fires when another user’s trade reaches its price; the trader sees it fill without reloading', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staffHeaders = await staffApiHeaders(request);
  const stopper = await fundedTrader(browser, request, staffHeaders);
  const bidder = await apiTrader(request, staffHeaders);
  const seller = await apiTrader(request, staffHeaders);
  const { page } = stopper;

  // A level of the book fills the form's price and amount.
  await bidder({ side: 'buy', type: 'limit', price: '59950', quantity: '0.1' });
  const level = page.getByTestId('book-bids').locator('.ex-book-row', { hasText: '59,950.00' });
  await level.click();
  await expect(page.locator('#order_price')).toHaveValue('59950');
  const resting = Number((await level.locator('span').nth(1).textContent()) ?? '');
  await expect.poll(async () => Number(await page.locator('#order_quantity').inputValue())).toBe(resting);

  await page.getByTestId('side-sell').click();
  await page.getByTestId('kind-stop-limit').click();
  await page.locator('#order_stopPrice').fill('60000');
  await page.locator('#order_price').fill('59900');
  await page.locator('#order_quantity').fill('0.05');
  await submitOrder(page);
  const open = page.getByTestId('open-orders');
  await expect(open).toContainText('Waiting for trigger');
  await expect(open).toContainText('≤ 60,000.00');
  await expect(page.getByTestId('book-asks')).not.toContainText('59,900.00');

  // Another user sells into the bid at 59950: the last price reaches the stop, the stop order sells.
  await seller({ side: 'sell', type: 'market', quantity: '0.01' });
  await expect(open).not.toContainText('Waiting for trigger');
  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = page.getByTestId('order-history');
  await expect(history).toContainText('Stop-limit');
  await expect(history).toContainText('Filled');
  await expect(history).toContainText('59,950.00');
  await page.getByRole('tab', { name: 'My trades' }).click();
  await expect(page.getByTestId('my-trades')).toContainText('0.05000');
  await expect(page.getByTestId('my-trades')).toContainText('Taker');

  // Keyboard: Alt+B chooses buying; Alt+X cancels every open order of the market after a confirmation.
  await page.keyboard.press('Alt+KeyB');
  await page.getByTestId('kind-limit').click();
  await page.locator('#order_price').fill('50000');
  await page.locator('#order_quantity').fill('0.01');
  await submitOrder(page);
  await page.getByRole('tab', { name: 'Open orders' }).click();
  await expect(open).toContainText('50,000.00');
  await expect(open).toContainText('Buy');
  await page.keyboard.press('Alt+KeyX');
  await page.getByTestId('cancel-all-ok').click();
  await expect(open).not.toContainText('50,000.00');
});

test('the terminal fits a 1280-pixel screen with the book beside the chart, and a phone in one column', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/exchange/trade/BTCUSDT');
  const chart = page.locator('.ex-area-chart');
  const book = page.getByTestId('order-book');
  await expect(book).toBeVisible();
  const wide = { chart: await chart.boundingBox(), book: await book.boundingBox(), markets: await page.locator('.ex-area-markets').boundingBox() };
  // Markets left, chart in the middle, book right, all in one row; the order form under the chart.
  expect(wide.markets!.x).toBeLessThan(wide.chart!.x);
  expect(wide.book!.x).toBeGreaterThan(wide.chart!.x + wide.chart!.width - 1);
  expect(Math.abs(wide.book!.y - wide.chart!.y)).toBeLessThan(4);
  expect((await page.locator('.ex-area-form').boundingBox())!.y).toBeGreaterThan(wide.chart!.y + wide.chart!.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await book.boundingBox())!.x).toBeLessThan(20);
  // Nothing of the terminal sticks out sideways (what scrolls inside its own box, like the chart's intervals, is clipped there).
  const sticking = await page.evaluate(() => {
    const clipped = (e: Element): boolean => {
      for (let p = e.parentElement; p && !p.classList.contains('ex-terminal'); p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true;
      return false;
    };
    return Array.from(document.querySelectorAll('.ex-terminal *')).filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(e)).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)}`);
  });
  expect(sticking).toEqual([]);
  await context.close();
});
