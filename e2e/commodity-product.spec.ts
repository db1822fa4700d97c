import { expect, test, type APIRequestContext } from '@playwright/test';
import { PNG, fillFields, login, pressOk, staffLogin } from './support';
import { balances, move, signWithIcbc } from './commodity-capital';
import { apiLogin, call, productOnSale } from './commodity-listing';

const SELLER = '13800000002';
const BUYER = '13800000001';

/** What one journal of an order moved on the account's available funds, as its account flow lists it. */
async function flowAmount(request: APIRequestContext, account: string, type: string, orderId: string): Promise<string | undefined> {
  const headers = await apiLogin(request, account);
  const flow = await call<{ content: { businessRef: string | null; amount: string }[] }>(request, '/api/capital/flow', headers, { kind: 'available', mode: 'current', type, size: 100 });
  return flow.content.find((entry) => entry.businessRef === orderId)?.amount;
}

type AddressRow = { id: string; recipients: string; defaultFlag: string };

/** The buyer's address book, emptied through the API; call it before the buyer's page logs in (an API login ends other sessions). */
async function clearAddresses(request: APIRequestContext, account: string): Promise<void> {
  const headers = await apiLogin(request, account);
  for (const address of await call<AddressRow[]>(request, '/api/firm/address/list', headers, {})) await call(request, '/api/firm/address/delete', headers, { id: address.id });
}

/** At least one delivery address in the buyer's book, added through the API when there is none. */
async function ensureAddress(request: APIRequestContext, account: string): Promise<void> {
  const headers = await apiLogin(request, account);
  if ((await call<AddressRow[]>(request, '/api/firm/address/list', headers, {})).length > 0) return;
  await call(request, '/api/firm/address/save', headers, { recipients: '张三', recipientsCellphone: '13700000000', region: '江苏省南京市', addressName: '江宁区胜太路88号', defaultFlag: '1' });
}

test('a seller opens a shop and adds a product, staff approve it, a buyer pays from the cart, the seller ships, the buyer confirms: the seller is paid less the fee', async ({ page, browser }) => {
  // Longer than the other journeys: the buyer also fills its address book on the way to paying.
  test.setTimeout(240_000);
  const tag = Date.now();
  const name = `袋装水泥 P.O42.5 ${tag}`;

  // The seller sets up the shop, with its logo.
  await login(page, SELLER, '/sellerCenter/shopManage');
  await expect(page.getByTestId('product-menu-shopManage')).toBeVisible();
  await fillFields(page, { shopName: `李四建材店 ${tag}`, contactName: '李四', contactPhone: '12345' });
  await page.getByTestId('shop-save').click();
  await expect(page.getByText('联系电话须为手机号或带区号的固定电话')).toBeVisible();
  await page.getByTestId('field-contactPhone').fill('13912345678');
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('field-logo').locator('img')).toBeVisible();
  await page.getByTestId('shop-save').click();
  await expect(page.getByText('已保存')).toBeVisible();

  // …and adds a product: 23.45 元 a bag, 100 bags, one picture; it waits for audit.
  await page.getByTestId('product-menu-addProduct').click();
  await page.getByTestId('product-submit').click();
  await expect(page.getByText('请填写商品名称')).toBeVisible();
  await expect(page.getByText('请上传 1–5 张商品图片')).toBeVisible();
  await page.getByTestId('field-name').fill(name);
  await expect(async () => {
    await page.getByTestId('field-commodityTypeId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '螺纹钢' }).first().click();
    await expect(page.getByTestId('field-commodityTypeId')).toContainText('螺纹钢', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await fillFields(page, { specification: '50kg/袋', price: '23.455', unit: '袋', stock: '100', description: '海螺牌，出厂检验合格' });
  await page.locator('input[type=file]').setInputFiles({ name: 'cement.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('field-images-item')).toHaveCount(1);
  await page.getByTestId('product-submit').click();
  await expect(page.getByText('单价（元）须为大于 0 的金额，最多两位小数')).toBeVisible();
  await page.getByTestId('field-price').fill('23.45');
  await page.getByTestId('product-submit').click();
  await expect(page).toHaveURL(/\/sellerCenter\/myProduction$/);
  const row = page.locator('[data-testid^="my-product-"]').filter({ hasText: name });
  await expect(row).toHaveAttribute('data-status', 'W');
  const productId = ((await row.getAttribute('data-testid')) ?? '').replace('my-product-', '');
  await page.getByTestId('product-menu-productionAudit').click();
  await expect(page.getByTestId(`my-product-${productId}`).getByTestId('product-status')).toHaveText('待审核');

  // Not public before audit.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/productionDetails/details/${productId}`);
  await expect(visitor.getByTestId('product-not-found')).toBeVisible();

  // Staff approve it from the audit queue.
  const admin = await (await browser.newContext()).newPage();
  await staffLogin(admin, '/admin/product');
  await expect(admin).toHaveURL(/\/admin\/product$/);
  const queued = admin.getByTestId(`admin-product-${productId}`);
  await expect(queued.getByTestId('admin-product-image')).toBeVisible();
  await queued.getByTestId('product-approve').click();
  await admin.getByTestId('product-approve-ok').click();
  await expect(queued).toHaveCount(0);

  // On sale: a visitor finds it and is sent to log in to buy.
  await visitor.goto('/productionSell/productionSell');
  await visitor.getByTestId('filter-keyword').fill(String(tag));
  await visitor.getByTestId('filter-search').click();
  await expect(visitor.getByTestId(`product-tile-${productId}`).getByTestId('product-tile-price')).toHaveText('¥23.45 / 袋');
  await visitor.getByTestId(`product-tile-${productId}`).getByTestId('product-tile-name').click();
  await expect(visitor.getByTestId('product-name')).toHaveText(name);
  await visitor.getByTestId('product-login-to-buy').click();
  await expect(visitor).toHaveURL(new RegExp(`/login\\?redirect=%2FproductionDetails%2Fdetails%2F${productId}$`));

  // The buyer funds its account through the sandbox bank (its address book starts empty).
  await clearAddresses(page.request, BUYER);
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER, '/capitalCenter/info');
  await signWithIcbc(buyer, '张三');
  await move(buyer, '/capitalCenter/deposit', '1000', '1,000.00');
  await expect(buyer.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const buyerBefore = await balances(buyer);

  // Three bags into the cart, then pay: the dialog shows the exact amount and its uppercase form.
  await buyer.goto(`/productionDetails/details/${productId}`);
  await buyer.getByTestId('product-quantity').fill('3');
  await buyer.getByTestId('product-add-to-cart').click();
  await expect(buyer.getByText('已加入购物车')).toBeVisible();
  await buyer.getByTestId('product-go-cart').click();
  await expect(buyer).toHaveURL(/\/productionSell\/cart$/);
  const line = buyer.getByTestId(`cart-line-${productId}`);
  await expect(line.getByTestId('cart-amount')).toHaveText('70.35');
  await expect(buyer.getByTestId('cart-total')).toHaveText('¥70.35');

  // Without a delivery address the order cannot be paid: the dialog links to the address book.
  await buyer.getByTestId('cart-checkout').click();
  await expect(buyer.getByText('您还没有收货地址，请先添加一个再结算。')).toBeVisible();
  await expect(buyer.getByTestId('checkout-ok')).toBeDisabled();
  await buyer.getByTestId('checkout-add-address').click();
  await expect(buyer).toHaveURL(/\/personalCenter\/myAddress$/);
  await buyer.getByTestId('address-add').click();
  await buyer.locator('#address_recipients').fill('王收货');
  await buyer.locator('#address_recipientsCellphone').fill('13711112222');
  await buyer.locator('#address_region').fill('浙江省宁波市');
  await buyer.locator('#address_addressName').fill('镇海区澥浦镇化工区8号仓');
  await pressOk(buyer, 'address-save', () => expect(buyer.getByTestId('address-table')).toContainText('王收货', { timeout: 3_000 }));

  // Back in the cart the new (default) address is chosen; a personal buyer pays from its own fund account.
  await buyer.goto('/productionSell/cart');
  await buyer.getByTestId('cart-checkout').click();
  await expect(buyer.getByTestId('checkout-address').locator('.ant-radio-wrapper-checked')).toContainText('王收货 13711112222 · 浙江省宁波市 镇海区澥浦镇化工区8号仓');
  await expect(buyer.getByText('将从您的资金账户冻结以下金额，卖家发货、您确认收货后支付给卖家：')).toBeVisible();
  await expect(buyer.getByText(/企业资金账户/)).toHaveCount(0);
  await expect(buyer.getByTestId('confirm-amount')).toHaveAttribute('data-amount', '70.35');
  await expect(buyer.getByTestId('confirm-uppercase')).toHaveText('大写：柒拾元叁角伍分');
  await buyer.getByTestId('checkout-ok').click();
  await expect(buyer.getByText('支付成功，已生成 1 个订单')).toBeVisible();
  const paid = await balances(buyer);
  expect(paid.frozen - buyerBefore.frozen).toBe(7035n);

  await buyer.goto('/productionSell/cart?tab=orders');
  const buyerOrder = buyer.locator('[data-testid^="buyer-order-"]').filter({ hasText: name });
  await expect(buyerOrder).toHaveAttribute('data-status', 'W');
  await expect(buyerOrder.getByTestId('order-consignee')).toContainText('王收货 13711112222');
  const orderId = ((await buyerOrder.getAttribute('data-testid')) ?? '').replace('buyer-order-', '');

  // The seller ships it with a tracking number to the buyer's recipient; the stock shows the three bags taken.
  await page.goto('/sellerCenter/myProduction');
  await expect(page.getByTestId(`my-product-${productId}`).getByTestId('my-product-stock')).toHaveText('97');
  await page.getByTestId('tab-sales').click();
  const sellerOrder = page.getByTestId(`seller-order-${orderId}`);
  await expect(sellerOrder).toHaveAttribute('data-status', 'W');
  await expect(sellerOrder.getByTestId('order-consignee')).toContainText('浙江省宁波市 镇海区澥浦镇化工区8号仓');
  await sellerOrder.getByTestId('order-ship').click();
  await expect(page.getByTestId('ship-consignee')).toContainText('王收货 13711112222');
  await expect(page.getByTestId('ship-consignee')).toContainText('浙江省宁波市 镇海区澥浦镇化工区8号仓');
  await page.getByTestId('field-trackingNo').fill('SF1234567890');
  await page.getByTestId('ship-ok').click();
  await expect(sellerOrder).toHaveAttribute('data-status', 'S');

  // The buyer confirms receipt: the frozen payment goes to the seller less the 0.2% fee (0.14).
  await buyer.goto('/productionSell/cart?tab=orders');
  const shipped = buyer.getByTestId(`buyer-order-${orderId}`);
  await expect(shipped.getByTestId('order-tracking')).toHaveText('SF1234567890');
  await shipped.getByTestId('order-receive').click();
  await expect(buyer.getByTestId('confirm-amount')).toHaveAttribute('data-amount', '70.35');
  await pressOk(buyer, 'order-receive-ok', () => expect(shipped).toHaveAttribute('data-status', 'T', { timeout: 3_000 }));

  const buyerAfter = await balances(buyer);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  // The account flows show this order's payment leaving the buyer and reaching the seller less the fee.
  // (Whole balances may also move meanwhile: hourly storage fees of warehouse goods are charged to them.)
  expect(await flowAmount(page.request, BUYER, 'product.order.freeze', orderId)).toBe('-70.35');
  expect(await flowAmount(page.request, SELLER, 'product.order.settle', orderId)).toBe('70.21');
});

test('a seller cancels a paid order it cannot ship, with a reason: the buyer sees who cancelled and why, and gets the payment back', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const name = `袋装石膏粉 ${Date.now()}`;
  const productId = await productOnSale(page.request, await apiLogin(page.request, SELLER), { name, price: '18.63' });

  // The buyer funds its account and pays for two bags (37.26), shipped to its default address.
  await ensureAddress(page.request, BUYER);
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER, '/capitalCenter/info');
  await signWithIcbc(buyer, '张三');
  await move(buyer, '/capitalCenter/deposit', '100', '100.00');
  await expect(buyer.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  await buyer.goto(`/productionDetails/details/${productId}`);
  await buyer.getByTestId('product-quantity').fill('2');
  await buyer.getByTestId('product-add-to-cart').click();
  await expect(buyer.getByText('已加入购物车')).toBeVisible();
  await buyer.goto('/productionSell/cart');
  await expect(buyer.getByTestId(`cart-line-${productId}`).getByTestId('cart-amount')).toHaveText('37.26');
  await buyer.getByTestId('cart-checkout').click();
  await buyer.getByTestId('checkout-ok').click();
  await expect(buyer.getByText(/支付成功/)).toBeVisible();
  await buyer.goto('/productionSell/cart?tab=orders');
  const buyerOrder = buyer.locator('[data-testid^="buyer-order-"]').filter({ hasText: name });
  await expect(buyerOrder).toHaveAttribute('data-status', 'W');
  const orderId = ((await buyerOrder.getAttribute('data-testid')) ?? '').replace('buyer-order-', '');

  // The seller cannot ship it and cancels it: the reason is required, and the dialog shows what goes back to the buyer.
  await login(page, SELLER, '/sellerCenter/myProduction?tab=sales');
  const sellerOrder = page.getByTestId(`seller-order-${orderId}`);
  await expect(sellerOrder).toHaveAttribute('data-status', 'W');
  await sellerOrder.getByTestId(`seller-cancel-${orderId}`).click();
  await expect(page.getByTestId('confirm-amount')).toHaveAttribute('data-amount', '37.26');
  await expect(page.getByTestId('seller-cancel-reason')).toBeVisible();
  await page.getByTestId('seller-cancel-ok').click();
  await expect(page.getByText('请填写取消原因')).toBeVisible();
  await page.getByTestId('seller-cancel-reason').fill(' 缺 ');
  await page.getByTestId('seller-cancel-ok').click();
  await expect(page.getByText('取消原因至少 2 个字')).toBeVisible();
  await page.getByTestId('seller-cancel-reason').fill('仓库缺货，本月无法发货');
  await page.getByTestId('seller-cancel-ok').click();
  await expect(page.getByText('订单已取消，货款已退回买家')).toBeVisible();
  await expect(sellerOrder).toHaveAttribute('data-status', 'U');
  await expect(sellerOrder.getByTestId('order-cancelled-by')).toHaveText('卖家已取消');
  await expect(sellerOrder.getByTestId(`seller-cancel-${orderId}`)).toHaveCount(0);
  await page.getByTestId('tab-products').click();
  await expect(page.getByTestId(`my-product-${productId}`).getByTestId('my-product-stock')).toHaveText('50');

  // The buyer reads who cancelled and why; the account flow shows the payment frozen and released.
  await buyer.goto('/productionSell/cart?tab=orders');
  const cancelled = buyer.getByTestId(`buyer-order-${orderId}`);
  await expect(cancelled).toHaveAttribute('data-status', 'U');
  await expect(cancelled.getByTestId('order-cancelled-by')).toHaveText('卖家已取消');
  await expect(cancelled.getByTestId('order-cancel-reason')).toHaveText('取消原因：仓库缺货，本月无法发货');
  await expect(cancelled.getByTestId('order-cancel')).toHaveCount(0);
  expect(await flowAmount(buyer.request, BUYER, 'product.order.freeze', orderId)).toBe('-37.26');
  expect(await flowAmount(buyer.request, BUYER, 'product.order.release', orderId)).toBe('37.26');
});
