import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiCall as call, freshMobile, latestCode, PNG, residentId, staffApiHeaders, staffWindow, submitLogin } from './support';

const FUND = '246810';
const PASSWORD = 'Trade@2026';

interface Fiat {
  page: Page;
  mobile: string;
  nickname: string;
}


async function upload(request: APIRequestContext, auth: Record<string, string>): Promise<string> {
  const res = await request.post('/api/otc/image', { headers: auth, multipart: { file: { name: 'picture.png', mimeType: 'image/png', buffer: PNG } } });
  return ((await res.json()) as { value: { id: string } }).value.id;
}

/**
 * A verified exchange user with a fund password, coins deposited on the simulated chain and moved to
 * the fiat account, a nickname, a contact and a CNY bank card; a merchant also has the deposit frozen
 * and is approved by staff. Logged in to the exchange in a browser of its own.
 */
async function fiatUser(browser: Browser, request: APIRequestContext, staff: Record<string, string>, options: { merchant: boolean }): Promise<Fiat> {
  const mobile = freshMobile();
  await call(request, '/api/code/send', { account: mobile, purpose: 'register' });
  const session = await call(request, '/api/user/register', { registerWay: 'mobile', loginAccount: mobile, code: await latestCode(request, mobile, 'register'), password: PASSWORD, termsAccepted: true });
  const auth = { sessionstr: session.sessionStr ?? '', userid: session.userId ?? '', firmid: session.firmId ?? '' };
  await call(request, '/api/verification/basic', { name: '法币用户', idNumber: residentId(`31010419900303${mobile.slice(-3)}`) }, auth);
  await call(request, '/api/user/paymentPassword/set', { kind: 'fund', password: FUND }, auth);
  const holdings = options.merchant ? { USDT: '1000', TPT: '50000' } : { USDT: '20' };
  for (const [asset, amount] of Object.entries(holdings)) {
    const { address } = await call(request, '/api/wallet/deposit/address', { asset }, auth);
    await call(request, '/api/admin/chain/deposit', { chain: 'ETH', address, asset, amount }, staff);
  }
  await call(request, '/api/admin/chain/mine', { chain: 'ETH', blocks: 12 }, staff);
  for (const [asset, amount] of Object.entries(holdings)) {
    await call(request, '/api/exchange/assets/transfer', { asset, from: 'spot', to: 'fiat', amount, requestId: `otc${mobile}${asset}` }, auth);
  }
  const nickname = `${options.merchant ? '商家' : '买家'}${mobile.slice(-6)}`;
  await call(request, '/api/otc/nickname', { nickname }, auth);
  await call(request, '/api/otc/contact', { wechat: `wx${mobile.slice(-6)}` }, auth);
  await call(request, '/api/otc/payment-method/save', { method: 'bank', currency: 'CNY', accountName: nickname, account: `62220200${mobile.slice(-8)}`, bankName: '中国工商银行', fundPassword: FUND }, auth);
  if (options.merchant) {
    await call(request, '/api/otc/merchant/apply', { documents: [await upload(request, auth)], agree: true, fundPassword: FUND }, auth);
    const list = await call<{ content: { id: string; account: string }[] }>(request, '/api/admin/otc/merchants', { status: 'submitted', size: 50 }, staff);
    const row = list.content.find((r) => r.account.endsWith(mobile.slice(-4)));
    expect(row, 'the merchant application is listed for review').toBeTruthy();
    await call(request, '/api/admin/otc/merchants/review', { id: row?.id, approve: true }, staff);
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/exchange/login?redirect=%2Ffiat');
  await submitLogin(page, mobile, PASSWORD);
  await expect(page).toHaveURL(/\/exchange\/fiat$/);
  return { page, mobile, nickname };
}

/** The merchant posts a fixed-price CNY sell ad of 100 USDT from the post-ad page, and sees it among its ads. */
async function postSellAd(merchant: Fiat, price: string): Promise<void> {
  await merchant.page.goto('/exchange/fiat/ads/post');
  await merchant.page.getByTestId('ad-price-input').fill(price);
  await merchant.page.getByTestId('ad-volume-input').fill('100');
  await merchant.page.getByTestId('ad-min-input').fill('50');
  await merchant.page.getByTestId('ad-max-input').fill('5000');
  await merchant.page.getByTestId('ad-note-input').fill('付款后请在聊天里告诉我');
  await merchant.page.getByTestId('post-ad-submit').click();
  await merchant.page.getByTestId('post-ad-confirm').click();
  await expect(merchant.page).toHaveURL(/\/exchange\/fiat\/ads$/);
  await expect(merchant.page.getByTestId('my-ads-table')).toContainText('100 / 100 USDT');
}

/** The buyer finds the merchant's ad in the buy list and orders `volume` USDT, landing on the order page. */
async function order(buyer: Fiat, merchant: Fiat, volume: string, amount: string): Promise<string> {
  await buyer.page.goto('/exchange/fiat');
  const row = buyer.page.getByTestId('market-table').locator('tr.ant-table-row', { hasText: merchant.nickname });
  await expect(row).toContainText('成交 0 单');
  await row.getByRole('button').click();
  await buyer.page.getByTestId('order-volume').fill(volume);
  await expect(buyer.page.getByTestId('order-amount')).toContainText(amount);
  await buyer.page.getByTestId('order-submit').click();
  await expect(buyer.page).toHaveURL(/\/exchange\/fiat\/orders\/\d+$/);
  await expect(buyer.page.getByTestId('order-status')).toHaveText('待付款');
  return buyer.page.url().split('/').pop() ?? '';
}

async function fiatBalance(page: Page, asset: string) {
  await page.goto('/exchange/assets');
  await page.getByTestId('tab-fiat').click();
  return page.getByTestId('balances-table').locator(`tr[data-row-key="${asset}"]`);
}

test('a merchant sells USDT to a buyer: ad, order, chat, payment, release, balances moved', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const staff = await staffApiHeaders(request);
  const merchant = await fiatUser(browser, request, staff, { merchant: true });
  const buyer = await fiatUser(browser, request, staff, { merchant: false });
  await postSellAd(merchant, '7.20');

  const orderId = await order(buyer, merchant, '10', '72.00');
  // The seller's card is shown only now that there is an order, with the 15-minute countdown.
  await expect(buyer.page.getByTestId('payment-account')).toHaveText(`62220200${merchant.mobile.slice(-8)}`);
  await expect(buyer.page.getByTestId('order-countdown')).toContainText(/1[45]:\d\d/);

  await buyer.page.getByTestId('chat-input').fill('您好，马上转账');
  await buyer.page.getByTestId('chat-send').click();
  await merchant.page.goto(`/exchange/fiat/orders/${orderId}`);
  await expect(merchant.page.getByTestId('order-chat')).toContainText('您好，马上转账');
  await merchant.page.getByTestId('chat-input').fill('好的，收到后放币');
  await merchant.page.getByTestId('chat-send').click();
  // Over the live connection: the buyer sees the reply without reloading.
  await expect(buyer.page.getByTestId('order-chat')).toContainText('好的，收到后放币');

  await buyer.page.getByTestId('order-paid').click();
  await buyer.page.getByTestId('paid-confirm').click();
  await expect(buyer.page.getByTestId('order-status')).toHaveText('已付款');
  await expect(merchant.page.getByTestId('order-status')).toHaveText('已付款');
  await merchant.page.getByTestId('order-release').click();
  await merchant.page.getByTestId('release-password').fill(FUND);
  await merchant.page.getByTestId('release-confirm').click();
  await expect(merchant.page.getByTestId('order-status')).toHaveText('已完成');
  await expect(buyer.page.getByTestId('order-status')).toHaveText('已完成');

  await expect(await fiatBalance(buyer.page, 'USDT')).toContainText('30.000000');
  // The merchant: 1000 − 100 escrowed for the ad, of which 10 went to the buyer; 90 still frozen for the ad.
  const merchantUsdt = await fiatBalance(merchant.page, 'USDT');
  await expect(merchantUsdt).toContainText('900.000000');
  await expect(merchantUsdt).toContainText('90.000000');
});

test('an order the buyer never pays expires after 15 minutes on the sandbox clock and its escrow goes back to the ad', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const staff = await staffApiHeaders(request);
  const merchant = await fiatUser(browser, request, staff, { merchant: true });
  const buyer = await fiatUser(browser, request, staff, { merchant: false });
  await postSellAd(merchant, '7.30');
  await order(buyer, merchant, '20', '146.00');
  await merchant.page.goto('/exchange/fiat/ads');
  await expect(merchant.page.getByTestId('my-ads-table')).toContainText('80 / 100 USDT');

  // Staff move trading time 16 minutes on and let the expiry run at once.
  await call(request, '/api/admin/sandbox/clock', { advanceHours: 16 / 60 }, staff);
  const run = await call<{ expired: number }>(request, '/api/admin/otc/sandbox/expire', {}, staff);
  expect(run.expired).toBeGreaterThanOrEqual(1);
  await expect(buyer.page.getByTestId('order-status')).toHaveText('已过期');
  await expect(buyer.page.getByTestId('payment-hidden')).toBeVisible();
  await merchant.page.reload();
  await expect(merchant.page.getByTestId('my-ads-table')).toContainText('100 / 100 USDT');
  const merchantUsdt = await fiatBalance(merchant.page, 'USDT');
  await expect(merchantUsdt).toContainText('900.000000');
  await expect(merchantUsdt).toContainText('100.000000');
});

test('a paid order under appeal is decided by the ombudsman in the back office, who forces the release', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const staff = await staffApiHeaders(request);
  const merchant = await fiatUser(browser, request, staff, { merchant: true });
  const buyer = await fiatUser(browser, request, staff, { merchant: false });
  await postSellAd(merchant, '7.40');
  await order(buyer, merchant, '10', '74.00');
  await buyer.page.getByTestId('chat-input').fill('已转账 74 元，请放币');
  await buyer.page.getByTestId('chat-send').click();
  await buyer.page.getByTestId('order-paid').click();
  await buyer.page.getByTestId('paid-confirm').click();
  await expect(buyer.page.getByTestId('order-status')).toHaveText('已付款');

  await buyer.page.getByTestId('order-appeal').click();
  await buyer.page.getByTestId('appeal-submit').click();
  await expect(buyer.page.getByText('申诉类型不能为空')).toBeVisible();
  await buyer.page.getByTestId('appeal-type').click();
  await buyer.page.getByTitle('已付款未放币').click();
  await buyer.page.getByTestId('appeal-reason').fill('已付款超过 30 分钟，卖家未放币');
  await buyer.page.getByTestId('appeal-submit').click();
  await expect(buyer.page.getByTestId('order-status')).toHaveText('申诉中');
  const orderNo = (await buyer.page.locator('.ant-descriptions-item-content').first().innerText()).trim();

  const desk = await staffWindow(browser, '/admin/otc');
  await desk.getByTestId(`otc-appeal-open-${orderNo}`).click();
  await expect(desk.getByTestId('otc-appeal-chat')).toContainText('已转账 74 元，请放币');
  await expect(desk.getByTestId('otc-appeal-status')).toHaveText('等待处理');
  await desk.getByTestId('otc-appeal-execute').click();
  await desk.getByTestId('otc-appeal-execute-reason').fill('买家付款凭证属实，强制放币');
  await desk.getByTestId('otc-appeal-execute-ok').click();
  await expect(desk.getByTestId('otc-appeal-order-status')).toHaveText('已完成');

  await expect(buyer.page.getByTestId('order-status')).toHaveText('已完成');
  await expect(buyer.page.getByTestId('appeal-decision')).toContainText('买家付款凭证属实，强制放币');
  await expect(await fiatBalance(buyer.page, 'USDT')).toContainText('30.000000');
});
