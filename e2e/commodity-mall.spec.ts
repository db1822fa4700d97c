import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staff } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call } from './commodity-listing';
import { PNG, login } from './support';

type AddressRow = { id: string; defaultFlag: string };

/**
 * Goods of the demo seller on sale in a class of their own, through the API (the back office's
 * audit and the seller's form have page tests): 59.90 a piece in 5kg and 10kg, 50 in stock.
 * The API logins end the browsers' sessions, so the browsers log in after this.
 */
async function goodsOnSale(request: APIRequestContext, tag: number): Promise<{ commodityId: string; name: string }> {
  const className = `粮油${tag % 100000}`;
  await staff(request, '/api/admin/mall/classes/save', { name: className, sort: 1 });
  const classes = ((await (await request.post('/api/mall/classes', { data: {} })).json()) as { value: { classId: string; name: string }[] }).value;
  const classId = classes.find((c) => c.name === className)!.classId;
  const seller = await apiLogin(request, SELLER);
  const picture = await call<{ id: string }>(request, '/api/mall/goods/upload', seller, {}, { file: { name: 'rice.png', mimeType: 'image/png', buffer: PNG } });
  const name = `五常大米 ${tag}`;
  const goods = await call<{ commodityId: string }>(request, '/api/mall/goods/create', seller, { classId, name, specs: ['5kg', '10kg'], price: '59.90', stock: 50, images: [picture.id], description: '东北新米' });
  await staff(request, '/api/admin/mall/goods/audit', { commodityId: goods.commodityId, pass: true });
  const buyer = await apiLogin(request, BUYER);
  if ((await call<AddressRow[]>(request, '/api/firm/address/list', buyer, {})).length === 0)
    await call(request, '/api/firm/address/save', buyer, { recipients: '张三', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: '江宁区胜太路88号', defaultFlag: '1' });
  return { commodityId: goods.commodityId, name };
}

const orderRow = (page: Page, orderId: string) => page.locator(`[data-testid="mall-order-row"][data-order-id="${orderId}"]`);

test('a buyer buys in the mall paying by WeChat (the sandbox pay page), the seller ships, the buyer confirms receipt, returns the goods and is refunded', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const tag = Date.now();
  const { commodityId, name } = await goodsOnSale(request, tag);

  // The buyer finds the goods in the mall, picks 10kg × 2 and confirms the order to the default address.
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER, '/mall/mall');
  await buyer.getByTestId('mall-search').locator('input').fill(String(tag));
  await buyer.getByTestId('mall-search').locator('input').press('Enter');
  await expect(buyer.getByTestId('mall-goods-card')).toHaveCount(1);
  await expect(buyer.getByTestId('mall-goods-price')).toHaveText('¥59.90');
  await buyer.getByTestId('mall-goods-card').click();
  await expect(buyer).toHaveURL(new RegExp(`/mall/productionDetails/${commodityId}$`));
  await buyer.getByTestId('mall-spec').getByText('10kg').click();
  await buyer.getByTestId('mall-amount').fill('2');
  await buyer.getByTestId('mall-buy').click();
  await expect(buyer).toHaveURL(/\/mall\/confirmOrder\?/);
  await expect(buyer.getByTestId('mall-confirm-total')).toHaveText('¥119.80');
  await buyer.getByTestId('mall-pay-wechat').click();
  await buyer.getByTestId('mall-submit-order').click();

  // WeChat Pay: the payer opens the provider's page and presses pay; the order is paid and listed.
  await expect(buyer.getByTestId('mobilepay-panel')).toHaveAttribute('data-channel', 'wechat');
  await expect(buyer.getByTestId('mobilepay-amount')).toContainText('119.80');
  const [payPage] = await Promise.all([buyer.waitForEvent('popup'), buyer.getByTestId('mobilepay-open').click()]);
  await payPage.getByRole('button', { name: /确认支付/ }).click();
  await expect(payPage.getByText('支付成功')).toBeVisible();
  await expect(buyer).toHaveURL(/\/mall\/user\/orderList$/, { timeout: 60_000 });
  const mine = buyer.locator('[data-testid="mall-order-row"]').filter({ hasText: name });
  await expect(mine.getByTestId('mall-order-status')).toHaveAttribute('data-status', 'W');
  const orderId = (await mine.getAttribute('data-order-id'))!;
  await expect(mine.getByTestId('mall-order-total')).toHaveText('¥119.80');

  // The seller ships it with the carrier's tracking number.
  await login(page, SELLER, '/mall/user/orderList');
  await page.getByTestId('mall-orders-seller').click();
  await orderRow(page, orderId).getByTestId('mall-order-ship').click();
  await page.getByTestId('mall-tracking-no').fill('SF1234567890');
  await page.getByTestId('mall-ship-ok').click();
  await expect(orderRow(page, orderId).getByTestId('mall-order-status')).toHaveAttribute('data-status', 'S');

  // The buyer confirms receipt.
  await buyer.reload();
  await orderRow(buyer, orderId).getByTestId('mall-order-receive').click();
  await buyer.getByTestId('mall-confirm-ok').click();
  await expect(orderRow(buyer, orderId).getByTestId('mall-order-status')).toHaveAttribute('data-status', 'T');

  // …and asks to return 5kg worth of it: 50.00 of the 119.80.
  await orderRow(buyer, orderId).locator('.ant-table-row-expand-icon').click();
  await buyer.getByTestId('aftersale-open').click();
  await buyer.getByTestId('aftersale-amount-input').fill('50');
  await buyer.getByTestId('aftersale-reason').fill('大米受潮结块');
  await buyer.getByTestId('aftersale-open-submit').click();
  await buyer.getByTestId('aftersale-open-ok').click();
  await expect(buyer.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'requested');

  // The seller accepts, the buyer ships the goods back, the seller confirms they are back: refunded.
  await page.reload();
  await page.getByTestId('mall-orders-seller').click();
  await orderRow(page, orderId).locator('.ant-table-row-expand-icon').click();
  await page.getByTestId('aftersale-accept').click();
  await page.getByTestId('aftersale-accept-ok').click();
  await expect(page.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'accepted');
  await buyer.reload();
  await orderRow(buyer, orderId).locator('.ant-table-row-expand-icon').click();
  await buyer.getByTestId('aftersale-ship-back').click();
  await buyer.getByTestId('aftersale-ship-back-carrier').fill('顺丰速运');
  await buyer.getByTestId('aftersale-ship-back-trackingNo').fill('SF9876543210');
  await buyer.getByTestId('aftersale-ship-back-ok').click();
  await expect(buyer.getByTestId('aftersale-return-tracking')).toHaveText('顺丰速运 SF9876543210');
  await page.reload();
  await page.getByTestId('mall-orders-seller').click();
  await orderRow(page, orderId).locator('.ant-table-row-expand-icon').click();
  await page.getByTestId('aftersale-confirm-return').click();
  await page.getByTestId('aftersale-confirm-return-ok').click();
  await expect(page.getByTestId('aftersale-status')).toHaveAttribute('data-status', 'refunded');
  await buyer.reload();
  await expect(orderRow(buyer, orderId).getByTestId('mall-order-status')).toHaveAttribute('data-status', 'R');
});
