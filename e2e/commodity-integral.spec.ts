import { expect, test } from '@playwright/test';
import { staff } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call, rebarType, stockedHolding } from './commodity-listing';
import { login, staffWindow } from './support';
import { funded, sellerHolding } from './commodity-trading-support';

test('a firm earns integrals from a trade, redeems an integral good, staff ship it and the firm confirms receipt', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  // The seller's goods are stocked in (its first stock-in earns too) and the buyer's funds paid in.
  const applyId = await stockedHolding(request, `I${Date.now()}`);
  const { holdId } = await sellerHolding(request, applyId);
  await login(page, BUYER);
  await funded(page, '张三', '50000', '50,000.00');

  // A spot trade of 2 bundles at 1000.00: 2,000.00 yuan, 2 thousands × 10 integrals to each side.
  const rebar = await rebarType(request);
  const seller = await apiLogin(request, SELLER);
  const listing = await call<{ listingId: string }>(request, '/api/listing/create', seller, {
    holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '1000',
    quantity: '2',
    weight: '5',
    openTicketDay: 3,
  });
  // An API login ends the buyer's browser session: it signs in again below.
  const buyer = await apiLogin(request, BUYER);
  const pick = await call<{ pickId: string }>(request, '/api/listing/pick', buyer, { listingId: listing.listingId, quantity: '2' });
  await call(request, '/api/listing/pick/confirm', seller, { pickId: pick.pickId });
  await call(request, '/api/firm/address/save', buyer, { recipients: '张三', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: '江宁区胜太路88号', defaultFlag: '1' });

  // Staff put an integral good on the shelf: 15 integrals, 5 in stock, 2 per firm.
  const name = `保温杯${Date.now() % 100000}`;
  await staff(request, '/api/admin/integral/goods/save', { name, description: '304 不锈钢保温杯', points: 15, stock: 5, limitPerFirm: 2, status: 'T' });

  // The buyer sees the trade's reward among its integrals.
  await login(page, BUYER, '/integral/mine');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('history-reason').first()).toHaveText('交易奖励', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('history-points').first()).toHaveText('+20');
  const before = Number(await page.getByTestId('integral-balance').innerText());
  expect(before).toBeGreaterThanOrEqual(20);

  // It redeems the good from the integral shop, to its default address, after confirming the points.
  await page.goto('/integral');
  await page.getByTestId('integral-goods').filter({ hasText: name }).click();
  await expect(page.getByTestId('integral-price')).toHaveText('15 积分');
  await expect(page.getByTestId('integral-address')).toContainText('江宁区胜太路88号');
  await page.getByTestId('integral-redeem').click();
  await expect(page.getByText('兑换 1 件，将扣除 15 积分')).toBeVisible();
  await page.getByTestId('integral-redeem-ok').click();
  await expect(page).toHaveURL(/\/integral\/mine\?tab=redemptions$/);
  const mine = page.getByTestId('integral-redemptions').locator('tr', { hasText: name });
  await expect(mine.getByTestId('redemption-status')).toHaveAttribute('data-status', 'W');

  // Staff ship it from the back office with the carrier's tracking number.
  const office = await staffWindow(browser, '/admin/integral');
  const row = office.locator('[data-testid="redemption-row"]', { hasText: name });
  await row.getByTestId('redemption-ship').click();
  await office.getByTestId('tracking-no').fill('SF1234567890');
  await office.getByTestId('redemption-ship-ok').click();
  await expect(row.getByTestId('redemption-status')).toHaveAttribute('data-status', 'S');

  // The firm sees the tracking number and confirms receipt.
  await page.reload();
  await expect(mine.getByTestId('redemption-tracking')).toHaveText('SF1234567890');
  await mine.getByTestId('redemption-receive').click();
  await page.getByTestId('redemption-receive-ok').click();
  await expect(mine.getByTestId('redemption-status')).toHaveAttribute('data-status', 'T');
  await page.goto('/integral/mine');
  await expect(page.getByTestId('integral-balance')).toHaveText(String(before - 15));
  await expect(page.getByTestId('history-reason').first()).toHaveText('积分兑换');
});
