import { expect, test } from '@playwright/test';
import { ENTERPRISE, approveLot, bidNext, current, inPhase, publishLot, signUp } from './commodity-auction-support';
import { balances } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call, choose, stockedHolding } from './commodity-listing';
import { MARGIN_PASSWORD, advanceClock, funded, sellerHolding, setMarginPassword } from './commodity-trading-support';
import { fillFields, login } from './support';

test('a margin buy (reverse auction) is approved, two sellers bid the price down live, the lowest wins, confirms delivering from its holding, the buyer pays and gets the goods, and the losing seller gets its margin back', async ({ page, browser, request }) => {
  // Three browsers and the back office on a shared two-core machine: the journey takes about four minutes.
  test.setTimeout(480_000);
  // The winning seller's goods: 100 bundles (250.5 t) of rebar in the platform's first warehouse (API logins first: they end browser sessions).
  const applyId = await stockedHolding(request, `M${Date.now()}`);
  const { receiptNo } = await sellerHolding(request, applyId);
  const storages = await call<{ content: { storageId: string; name: string }[] }>(request, '/api/storage/list', {}, {});
  const warehouse = storages.content[0]!.name;

  // The two sellers: funds for their margins.
  const seller = await (await browser.newContext()).newPage();
  await login(seller, SELLER);
  await funded(seller, '李四', '20000', '20,000.00');
  const sellerBefore = await balances(seller);
  const rival = await (await browser.newContext()).newPage();
  await login(rival, ENTERPRISE);
  await funded(rival, '上海钢联贸易有限公司', '50000', '50,000.00');
  const rivalBefore = await balances(rival);

  // The buyer publishes a margin buy of 40 bundles (100.2 t) delivered in that warehouse, at most 100.00 a tonne, steps of 10.00 down:
  // its deposit (20% of 100 × 100.2 = 2,004.00) is frozen.
  await login(page, BUYER);
  await funded(page, '张三', '50000', '50,000.00');
  await setMarginPassword(page);
  const buyerBefore = await balances(page);
  await page.goto('/sellerCenter/resource/biddingResource');
  await page.getByTestId('field-kind').getByText('保证金竞买').click();
  await expect(page.getByTestId('auction-direction')).toContainText('最低价领先');
  await fillFields(page, { commodityName: '螺纹钢', quantity: '40', weight: '100.200', startingUnitPrice: '100', addPrice: '10', contactName: '张三', contactPhone: '13900000001' });
  await choose(page, 'field-warehousId', warehouse);
  const itemId = await publishLot(page);
  expect((await balances(page)).frozen - buyerBefore.frozen).toBe(200400n);

  // Staff approve it; an hour later bidding opens.
  const staff = await approveLot(browser, itemId);
  await advanceClock(staff, 1);

  // Both sellers sign up, each margin (2,004.00) frozen, and bid the price down live: the room says the price falls.
  await signUp(seller, itemId);
  await signUp(rival, itemId);
  expect((await balances(rival)).frozen - rivalBefore.frozen).toBe(200400n);
  await rival.goto(`/auction/${itemId}`);
  await seller.goto(`/auction/${itemId}`);
  await expect(seller.getByTestId('auction-direction')).toContainText('卖方向下出价');
  await bidNext(rival, '100.00');
  await expect(current(seller)).toHaveAttribute('data-price', '100.00');
  await bidNext(seller, '90.00');
  await expect(rival.getByTestId('auction-outbid')).toBeVisible();
  await expect(current(rival)).toHaveAttribute('data-price', '90.00');
  await expect(rival.getByTestId('auction-bid')).toHaveText('出价 80.00');

  // Past the end the lowest bid wins (90.00 × 100.2 = 9,018.00); the losing seller's margin comes back.
  await advanceClock(staff, 1.1);
  await inPhase(seller, itemId, '2');
  await expect.poll(async () => (await balances(rival)).frozen).toBe(rivalBefore.frozen);

  // The winning seller confirms, delivering from its holding of the lot's commodity; it has three days to, and neither side is late.
  await seller.goto('/sellerCenter/resource/biddingResourceOrder');
  const sellerRow = seller.getByTestId('auction-order-row').filter({ has: seller.getByRole('link', { name: itemId, exact: true }) });
  const orderId = (await sellerRow.getAttribute('data-order'))!;
  await expect(sellerRow.getByTestId('auction-sellerDefault')).toHaveAttribute('data-state', 'N');
  await expect(sellerRow.getByTestId('auction-confirm-due')).toBeVisible();
  await sellerRow.getByTestId('auction-deliver').click();
  await expect(seller.getByTestId('auction-deliver-what')).toContainText('螺纹钢');
  await choose(seller, 'field-deliver-holdId', receiptNo);
  await seller.getByTestId('auction-deliver-ok').click();
  await expect(sellerRow.getByTestId('auction-order-status')).toHaveAttribute('data-status', 'T');

  // The buyer pays the balance: 9,018.00 less its first payment (20%: 1,803.60).
  await page.goto('/buyerCenter/purchase/biddingOrder');
  const buyerRow = page.locator(`[data-testid="auction-order-row"][data-order="${orderId}"]`);
  await expect(buyerRow.getByTestId('auction-order-status')).toHaveAttribute('data-status', 'T');
  await buyerRow.getByTestId('auction-pay').click();
  await expect(page.getByTestId('auction-pay-amount')).toHaveText('成交金额 9,018.00 − 首付款 1,803.60 = 应付尾款 7,214.40');
  await page.getByTestId('field-marginPassWord').fill(MARGIN_PASSWORD);
  await page.getByTestId('auction-pay-ok').click();
  await expect(buyerRow.getByTestId('auction-order-status')).toHaveAttribute('data-pay', 'L');

  // The buyer paid 9,018.00 and holds nothing frozen; the seller's margin is back and it was paid less the fee.
  const buyerAfter = await balances(page);
  expect(buyerBefore.available - buyerAfter.available).toBe(901800n);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  const sellerAfter = await balances(seller);
  expect(sellerAfter.frozen).toBe(sellerBefore.frozen);
  expect(sellerAfter.available - sellerBefore.available).toBeGreaterThan(890000n);

  // The goods are the buyer's now (read last: an API login ends the browser's session, one session per user).
  const holdings = await call<{ content: { quantity: string; weight: string }[] }>(request, '/api/warehouse/holdings', await apiLogin(request, BUYER), { status: '0', page: 0, size: 100 });
  expect(holdings.content.some((h) => h.quantity === '40.000' && h.weight === '100.200')).toBe(true);
});
