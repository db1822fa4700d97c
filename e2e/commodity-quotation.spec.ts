// The quotations page follows the platform's own deals live, without a reload.
import { expect, test } from './page-errors';
import { BUYER, SELLER, apiLogin, call, rebarType, stockedHolding } from './commodity-listing';
import { funded, sellerHolding } from './commodity-trading-support';
import { login } from './support';

test('/marketAnalyses updates live when a pick is confirmed', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // A price of this run only, so the deal on the page is this one.
  const price = `${50 + (Date.now() % 40)}.${String(Date.now() % 100).padStart(2, '0')}`;
  const applyId = await stockedHolding(request, `Q${Date.now()}`);
  const { holdId } = await sellerHolding(request, applyId);
  const rebar = await rebarType(request);

  // The buyer funds its account in the browser first: the API logins below end that page session.
  const buyerPage = await (await browser.newContext()).newPage();
  await login(buyerPage, BUYER);
  await funded(buyerPage, '张三', '100', '100.00');

  // A visitor watches rebar's quotations without logging in.
  await page.goto(`/marketAnalyses?commodity=${rebar.commodityTypeId}`);
  await expect(page.getByTestId('page-heading').first()).toHaveText('行情分析');
  await expect(page.getByTestId(`quotation-market-${rebar.commodityTypeId}`)).toContainText('螺纹钢');
  await expect(page.getByTestId('quotation-detail')).toContainText('螺纹钢');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // The seller lists 1 bundle at this run's price, the buyer picks it; a pick awaiting confirmation is no deal yet.
  const seller = await apiLogin(request, SELLER);
  const listing = await call<{ listingId: string }>(request, '/api/listing/create', seller, {
    holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price,
    quantity: '1',
    weight: '2.505',
    openTicketDay: 3,
  });
  const pick = await call<{ pickId: string }>(request, '/api/listing/pick', await apiLogin(request, BUYER), { listingId: listing.listingId, quantity: '1' });
  await expect(page.getByTestId('quotation-detail-price')).not.toHaveText(price);

  await call(request, '/api/listing/pick/confirm', await apiLogin(request, SELLER), { pickId: pick.pickId });

  // The push brings the deal: the market row, the detail, the time line and the trade list, on the same page.
  await expect(page.getByTestId('quotation-detail-price')).toHaveText(price, { timeout: 15_000 });
  await expect(page.getByTestId(`quotation-price-${rebar.commodityTypeId}`)).toHaveText(price);
  await expect(page.getByTestId('time-sharing-chart')).toHaveAttribute('data-last-price', price);
  await expect(page.getByTestId('quotation-trades').locator('tbody tr').first()).toContainText(price);
  await expect(page.getByTestId('quotation-trades').locator('tbody tr').first()).toContainText('买入');
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // The K-line shows the deal's day with its moving-average legend.
  await page.getByRole('tab', { name: 'K线' }).click();
  await expect(page.getByTestId('kline-chart')).toHaveAttribute('data-last-close', price);
  await expect(page.getByText('MA20')).toBeVisible();
});
