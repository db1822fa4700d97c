import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { balances, staff } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call, stockedHolding } from './commodity-listing';
import { MARGIN_PASSWORD, funded, setMarginPassword } from './commodity-trading-support';
import { PNG, login, staffWindow } from './support';

const HOUR = 3_600_000;

/** Moves the platform's sandbox clock on, as staff do from the back office. */
const advance = (request: APIRequestContext, hours: number) => staff(request, '/api/admin/sandbox/clock', { advanceHours: hours });

/** The lot's phase as the hall serves it, once the phase sweep (every 2 seconds) has caught up with the clock. */
async function phaseOf(request: APIRequestContext, headers: Record<string, string>, itemId: string): Promise<string> {
  const reply = (await (await request.post('/api/auction/detail', { data: { itemId }, headers })).json()) as { code: string; value: { status: string } };
  // Not found until the sweep makes it public.
  return reply.code === '0' ? reply.value.status : 'hidden';
}

/**
 * An auction of 40 bundles (100.2 t) of the seller's new holding won by the buyer at 100.00 a tonne
 * (10,020.00) and paid in full, through the API (the auction journey covers its pages). The API
 * logins end the browsers' sessions, so the browsers log in after this.
 */
async function paidAuctionOrder(request: APIRequestContext): Promise<{ itemId: string; orderId: string }> {
  const applyId = await stockedHolding(request, `R${Date.now()}`);
  const seller = await apiLogin(request, SELLER);
  const holdings = await call<{ content: { holdId: string; receiptNo: string; storageId: string }[] }>(request, '/api/warehouse/holdings', seller, { status: '0', page: 0, size: 100 });
  const holding = holdings.content.find((h) => h.receiptNo.endsWith(applyId))!;
  const { serverTime } = ((await (await request.get('/api/auction/time')).json()) as { value: { serverTime: string } }).value;
  const now = Date.parse(serverTime);
  const lot = await call<{ itemId: string }>(request, '/api/auction/publish/holdSell', seller, {
    holdId: holding.holdId,
    quantity: '40',
    startingUnitPrice: '100',
    addPrice: '10',
    showTime: new Date(now + HOUR / 60).toISOString(),
    startTime: new Date(now + HOUR / 2).toISOString(),
    endTime: new Date(now + HOUR).toISOString(),
    memo: '退货演示',
    contactName: '李经理',
    contactPhone: '13900000000',
    warehousId: holding.storageId,
  });
  await staff(request, '/api/admin/auction/audit', { itemId: lot.itemId, pass: true });
  await advance(request, 0.6);
  const buyer = await apiLogin(request, BUYER);
  await expect.poll(() => phaseOf(request, buyer, lot.itemId), { timeout: 30_000 }).toBe('1');
  await call(request, '/api/auction/signUp', buyer, { itemId: lot.itemId, channel: 'plain' });
  await call(request, '/api/auction/offer', buyer, { itemId: lot.itemId, offerPrice: '100' });
  await advance(request, 0.5);
  await expect.poll(() => phaseOf(request, buyer, lot.itemId), { timeout: 30_000 }).toBe('2');
  const orders = await call<{ content: { orderId: string; itemId: string }[] }>(request, '/api/auction/orders', buyer, { side: 'buyer', page: 0, size: 100 });
  const orderId = orders.content.find((o) => o.itemId === lot.itemId)!.orderId;
  await call(request, '/api/auction/confirmBidOrder', buyer, { orderId });
  await call(request, '/api/auction/order/pay', buyer, { orderId, marginPassWord: MARGIN_PASSWORD });
  return { itemId: lot.itemId, orderId };
}

/** Opens the order's after-sale panel from its row in the winning-order list of `path`. */
async function openPanel(page: Page, path: string, orderId: string) {
  await page.goto(path);
  const row = page.locator(`[data-testid="auction-order-row"][data-order="${orderId}"]`);
  await row.getByTestId('auction-aftersale').click();
  await expect(page.getByTestId('aftersale-panel')).toBeVisible();
}

test('a won auction is returned: the buyer asks with a photo, the seller refuses, staff arbitrate for the buyer, the goods go back with tracking and the money comes back', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  // The buyer's funds and margin password come first: the API logins below end this browser session.
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await funded(buyer, '张三', '50000', '50,000.00');
  await setMarginPassword(buyer);
  const { orderId } = await paidAuctionOrder(request);

  // The buyer asks for a return of the whole 10,020.00 with a photo of the goods.
  await login(buyer, BUYER, '/buyerCenter/purchase/biddingOrder');
  await openPanel(buyer, '/buyerCenter/purchase/biddingOrder', orderId);
  await buyer.getByTestId('aftersale-open').click();
  await buyer.getByTestId('aftersale-amount-input').fill('10020');
  await buyer.getByTestId('aftersale-reason').fill('到货钢材锈蚀严重');
  await buyer.locator('[data-testid="aftersale-open-form"] input[type=file]').setInputFiles({ name: 'rust.png', mimeType: 'image/png', buffer: PNG });
  await expect(buyer.getByTestId('aftersale-photo-preview')).toHaveCount(1);
  await buyer.getByTestId('aftersale-open-submit').click();
  await expect(buyer.locator('.ant-modal-confirm-title')).toContainText('10,020.00');
  await buyer.getByTestId('aftersale-open-ok').click();
  await expect(buyer.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'requested');

  // The seller sees the request with its photo and refuses it with a reason.
  await login(page, SELLER, '/sellerCenter/sales/biddingOrder');
  await openPanel(page, '/sellerCenter/sales/biddingOrder', orderId);
  await expect(page.getByTestId('aftersale-photo')).toHaveCount(1);
  await page.getByTestId('aftersale-refuse').click();
  await page.getByTestId('aftersale-refuse-reason').fill('发货时质检合格');
  await page.getByTestId('aftersale-refuse-ok').click();
  await expect(page.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'refused');

  // The buyer sees the refusal pushed live and asks the platform to arbitrate.
  await expect(buyer.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'refused', { timeout: 15_000 });
  await expect(buyer.getByTestId('aftersale-seller-reason')).toHaveText('发货时质检合格');
  await buyer.getByTestId('aftersale-arbitrate').click();
  await buyer.getByTestId('aftersale-arbitrate-reason').fill('照片显示锈蚀，质检报告未覆盖');
  await buyer.getByTestId('aftersale-arbitrate-ok').click();
  await expect(buyer.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'arbitrating');

  // Staff decide for the buyer in the back office.
  const staffPage = await staffWindow(browser, '/admin/aftersale');
  const row = staffPage.getByTestId('aftersale-row').filter({ hasText: orderId });
  await row.getByTestId('aftersale-for-buyer').click();
  await staffPage.getByTestId('aftersale-decide-reason').fill('照片显示锈蚀，支持退货');
  await staffPage.getByTestId('aftersale-decide-ok').click();
  await expect(row).toHaveCount(0);

  // The buyer ships the goods back with the carrier's tracking number.
  const before = await balances(buyer);
  await openPanel(buyer, '/buyerCenter/purchase/biddingOrder', orderId);
  await expect(buyer.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'accepted');
  await buyer.getByTestId('aftersale-ship-back').click();
  await buyer.getByTestId('aftersale-ship-back-carrier').fill('顺丰速运');
  await buyer.getByTestId('aftersale-ship-back-trackingNo').fill('SF1234567890');
  await buyer.getByTestId('aftersale-ship-back-ok').click();
  await expect(buyer.getByTestId('aftersale-return-tracking')).toHaveText('顺丰速运 SF1234567890');

  // The seller confirms the goods are back, after being told the refund; the buyer's money is back.
  await openPanel(page, '/sellerCenter/sales/biddingOrder', orderId);
  await expect(page.getByTestId('aftersale-return-tracking')).toHaveText('顺丰速运 SF1234567890');
  await page.getByTestId('aftersale-confirm-return').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText('10,020.00');
  await page.getByTestId('aftersale-confirm-return-ok').click();
  await expect(page.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'refunded');
  const after = await balances(buyer);
  expect(after.available - before.available).toBe(1_002_000n);

  // Both see it in their after-sale lists.
  await buyer.goto('/afterSale');
  await expect(buyer.getByTestId('aftersale-row').first().getByTestId('aftersale-status')).toHaveAttribute('data-status', 'refunded');
});
