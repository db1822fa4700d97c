import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall as call, type ApiHeaders as Headers, freshMobile, latestCode, residentId, staffApiHeaders, submitLogin } from './support';


/**
 * A verified user who accepted the risk disclosure, with chain deposits of `deposits` confirmed in
 * spot; returns its API headers.
 */
async function contractUser(request: APIRequestContext, staff: Headers, mobile: string, deposits: Record<string, string>): Promise<Headers> {
  await call(request, '/api/code/send', { account: mobile, purpose: 'register' });
  const session = await call(request, '/api/user/register', { registerWay: 'mobile', loginAccount: mobile, code: await latestCode(request, mobile, 'register'), password: 'Futures@2026', termsAccepted: true });
  const auth = { sessionstr: session.sessionStr ?? '', userid: session.userId ?? '', firmid: session.firmId ?? '' };
  await call(request, '/api/verification/basic', { name: '合约交易员', idNumber: residentId(`31010519900909${mobile.slice(-3)}`) }, auth);
  const { version } = await call(request, '/api/spot/riskDisclosure', {}, auth);
  await call(request, '/api/spot/riskDisclosure/accept', { version }, auth);
  for (const [asset, amount] of Object.entries(deposits)) {
    const { address } = await call(request, '/api/wallet/deposit/address', { asset }, auth);
    await call(request, '/api/admin/chain/deposit', { chain: asset === 'BTC' ? 'BTC' : 'ETH', address, asset, amount }, staff);
  }
  await call(request, '/api/admin/chain/mine', { chain: 'BTC', blocks: 2 }, staff);
  await call(request, '/api/admin/chain/mine', { chain: 'ETH', blocks: 12 }, staff);
  return auth;
}

test('a verified user moves USDT to the contract account, opens a long at market, sets a stop-loss, closes it, sees the deal and moves the money back to spot', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const staff = await staffApiHeaders(request);

  // The BTC spot market has a bid and an ask, so the demo contract on it has a mark price.
  const maker = await contractUser(request, staff, freshMobile(), { BTC: '1', USDT: '10000' });
  await call(request, '/api/spot/order/place', { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '60010', quantity: '0.01' }, maker);
  await call(request, '/api/spot/order/place', { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '59990', quantity: '0.01' }, maker);

  const mobile = freshMobile();
  await contractUser(request, staff, mobile, { USDT: '1000' });
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/exchange/login?redirect=%2Fassets');
  await submitLogin(page, mobile, 'Futures@2026');
  await expect(page).toHaveURL(/\/exchange\/assets$/);

  const balances = page.getByTestId('balances-table');
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('1,000.000000');
  await page.getByTestId('transfer-USDT').click();
  await page.locator('#transfer_amount').fill('500');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm').click();
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('500.000000');

  // The header's contract entry opens the trading page on the first listing.
  await page.locator('.ex-nav').getByRole('link', { name: 'Contracts' }).click();
  await expect(page).toHaveURL(/\/exchange\/futures$/);
  await expect(page.getByTestId('futures-mark')).not.toHaveText('—');
  await expect(page.getByTestId('futures-preview')).toContainText('500 USDT');

  await page.getByTestId('futures-lots').fill('1');
  await expect(page.getByTestId('futures-preview')).toContainText('Estimated margin');
  await page.getByTestId('futures-submit').click();
  await page.getByTestId('futures-confirm').click();
  const positions = page.getByTestId('futures-positions');
  await expect(positions.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(positions).toContainText('BTC-PERP');
  await expect(positions).toContainText('Long');

  await positions.getByTestId('futures-set-stops').click();
  await page.getByTestId('futures-stops-loss').fill('50000');
  await page.getByTestId('futures-stops-save').click();
  await expect(positions).toContainText('50000');

  await positions.getByTestId('futures-close').click();
  await page.getByTestId('futures-close-confirm').click();
  await expect(positions).toContainText('No positions');

  await page.getByRole('tab', { name: 'Deals' }).click();
  const deals = page.getByTestId('futures-deals');
  await expect(deals.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(deals).toContainText('Close Long');
  await expect(deals).toContainText('Open Long');

  // What is left on the contract account goes back to spot.
  await page.goto('/exchange/assets');
  await page.getByTestId('tab-contract').click();
  await page.getByTestId('transfer-USDT').click();
  await page.getByTestId('transfer-all').click();
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm').click();
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('0.000000');
  await page.getByTestId('tab-spot').click();
  // 1000 less the fees and the spread paid on the round trip.
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText(/99\d\.\d{6}/);
  await context.close();
  // The maker's quotes leave the book: the spot journeys that run after this one find the book as they expect it.
  await call(request, '/api/spot/order/cancelAll', { symbol: 'BTCUSDT' }, maker);
});
