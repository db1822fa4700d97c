import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, PNG, login, staffLogin } from './support';
import { staff } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call, choose, rebarType, stockedHolding } from './commodity-listing';
import { advanceClock, funded, listingStaffLogin, sellerHolding } from './commodity-trading-support';

// Pledge financing (仓单质押融资) end to end: the seller pledges goods, a funder lends against them,
// the platform clock moves on, the loan is repaid or the collateral taken.

const FUNDER = '13800000003';
const FUNDER_NAME = '上海钢联贸易有限公司';

/** The demo enterprise certified (kept when a run on the same database did it) and set up by staff as a funder with a rebar product. */
async function funderReady(request: APIRequestContext): Promise<void> {
  const headers = await apiLogin(request, FUNDER);
  const admin = await call<{ sessionStr: string; staffId: string }>(request, '/api/admin/login', {}, { account: 'admin', password: DEMO_PASSWORD });
  const staffHeaders = { sessionstr: admin.sessionStr, userid: admin.staffId, firmid: '', terminaltype: '4' };
  const info = await call<{ status: string }>(request, '/api/firm/certification', headers);
  if (info.status !== '2') {
    const photo = async (field: string) =>
      (await call<{ id: string }>(request, `/api/firm/certification/photo?field=${field}`, headers, {}, { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } })).id;
    const registerNo = `91310000${String(Date.now()).slice(-8)}MA`;
    await call(request, '/api/firm/certification/submit', headers, {
      enterpriseName: FUNDER_NAME,
      registerNo,
      corporateName: '王大明',
      enterprisePhone: '021-62345678',
      operatorName: '王总',
      operatorPhone: FUNDER,
      enterpriseAddress: '上海市浦东新区世纪大道 100 号',
      firmType: '1',
      businessPhoto: await photo('businessPhoto'),
      corporatePositiveCard: await photo('corporatePositiveCard'),
      corporateReverseCard: await photo('corporateReverseCard'),
    });
    const queue = await call<{ content: { id: string }[] }>(request, '/api/admin/certification/list', staffHeaders, { status: '1', keyword: registerNo });
    for (const level of ['member', 'risk']) await call(request, '/api/admin/certification/decide', staffHeaders, { id: queue.content[0]!.id, level, approve: true });
  }
  const { factorId } = await call<{ factorId: string }>(request, '/api/admin/pledge/funders/save', staffHeaders, { firmId: headers.firmid, name: FUNDER_NAME, graceDays: 3, active: true });
  const rebar = await rebarType(request);
  await call(request, '/api/admin/pledge/products/save', staffHeaders, {
    factorId,
    commodityTypeId: rebar.commodityTypeId,
    ltv: '0.7',
    annualRate: '0.065',
    penaltyRate: '0.18',
    maintenanceRatio: '0.8',
    referencePrice: '4000',
    terms: ['30', '90'],
    marginCallDays: 3,
  });
}

/**
 * The seller applies for 40 of a fresh holding (100.200 t) from its financing page; returns the new
 * loan's id. The goods are stocked in through the API first: its sign-in would end the page's session.
 */
async function applyFor(page: Page, request: APIRequestContext, batch: string, term: '30' | '90'): Promise<string> {
  const holding = await sellerHolding(request, await stockedHolding(request, batch));
  await login(page, SELLER, '/sellerCenter/sales/myFinancing');
  await page.getByTestId('pledge-apply').click();
  await choose(page, 'field-holdId', `${holding.holdId} · ${holding.receiptNo} · `);
  await page.getByTestId('field-quantity').fill('40');
  await choose(page, 'field-factorId', FUNDER_NAME);
  await choose(page, 'field-paybackTimeId', term);
  const applied = page.waitForResponse((r) => r.url().endsWith('/api/pledge/apply') && r.ok());
  await page.getByTestId('apply-submit').click();
  const financeId = (((await (await applied).json()) as { value: { financeId: string } }).value).financeId;
  await expect(page.getByTestId('pledge-status').first()).toHaveAttribute('data-pledge', '1');
  return financeId;
}

/** The warehouse confirms the goods in the back office; the funder quotes 100,000.00 in its portal. */
async function confirmAndQuote(browser: Browser, financeId: string): Promise<void> {
  const admin = await browser.newPage();
  await staffLogin(admin, '/admin/pledge');
  await admin.getByTestId('pledge-tab-warehouse').click();
  const row = admin.locator(`[data-testid="pledge-row"][data-finance="${financeId}"]`);
  await row.getByTestId('pledge-confirm').click();
  await admin.getByTestId('pledge-confirm-ok').click();
  await expect(row).toHaveCount(0);
  await admin.close();

  const funder = await browser.newPage();
  await login(funder, FUNDER, '/financial/order');
  await funder.getByTestId(`quote-${financeId}`).click();
  await expect(funder.getByTestId('field-referencePrice')).toHaveValue('4000.00');
  await funder.getByTestId('field-amount').fill('100000');
  await funder.getByTestId('quote-submit').click();
  await expect(funder.getByTestId(`quote-${financeId}`)).toHaveCount(0);
  await funder.close();
}

async function accept(page: Page, financeId: string): Promise<void> {
  await page.goto('/sellerCenter/sales/myFinancing');
  await page.getByTestId(`accept-${financeId}`).click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText('壹拾万元整');
  await page.getByTestId('accept-ok').click();
  await expect(page.getByTestId(`repay-${financeId}`)).toBeVisible();
}

async function repay(page: Page, financeId: string, amount: string, shown: string, release = false): Promise<void> {
  await page.getByTestId(`repay-${financeId}`).click();
  await page.getByTestId('field-amount').fill(amount);
  if (release) await page.getByTestId('field-release').check();
  await page.getByTestId('repay-submit').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(shown);
  await page.getByTestId('repay-ok').click();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request, browser }) => {
  await funderReady(request);
  const seller = await browser.newPage();
  await login(seller, SELLER);
  await funded(seller, '李四', '20000', '20,000.00');
  await seller.close();
  const funder = await browser.newPage();
  await login(funder, FUNDER);
  await funded(funder, FUNDER_NAME, '200000', '200,000.00');
  await funder.close();
});

test('pledge → quote → loan → 31 days → partial repayment → full repayment → goods released and listed', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const financeId = await applyFor(page, request, `PLEDGE-${Date.now()}`, '90');
  await confirmAndQuote(browser, financeId);
  await accept(page, financeId);
  await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('100,000.00');

  // 31 days on: 31 × 18.05 of interest.
  const admin = await browser.newPage();
  await listingStaffLogin(admin, '/admin/listing');
  await advanceClock(admin, 31 * 24);
  await page.reload();
  await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('100,559.55');
  await repay(page, financeId, '30559.55', '叁万零伍佰伍拾玖元伍角伍分', true);
  await expect(page.locator(`[data-testid="pledge-status"][data-pledge="15"]`)).toBeVisible();
  await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('70,000.00');

  // The rest of the 90 days: 59 × 12.63 on 70,000.00.
  await advanceClock(admin, 59 * 24);
  await admin.close();
  await page.reload();
  await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('70,745.17');
  await page.getByTestId(`bill-${financeId}`).click();
  await expect(page.getByTestId('bill-total')).toContainText('1,304.72');
  await expect(page.getByTestId('bill-total')).toContainText('壹仟叁佰零肆元柒角贰分');
  await page.keyboard.press('Escape');
  await repay(page, financeId, '70745.17', '柒万零柒佰肆拾伍元壹角柒分');
  await expect(page.locator(`[data-testid="pledge-status"][data-pledge="11"][data-finance="3"]`)).toBeVisible();

  // The goods are free again: the whole holding is listed for sale.
  const headers = await apiLogin(request, SELLER);
  const held = await call<{ content: { holdId: string; quantity: string; status: string }[] }>(request, '/api/warehouse/holdings', headers, { status: '0', page: 0, size: 100 });
  const whole = held.content.find((h) => h.quantity === '100.000');
  expect(whole, 'the released holding, whole again').toBeTruthy();
  const rebar = await rebarType(request);
  const listing = await call<{ quantity: string }>(request, '/api/listing/create', headers, {
    holdId: whole!.holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '1000',
    quantity: '100',
    weight: '250.5',
    openTicketDay: 3,
  });
  expect(listing.quantity).toMatch(/^100(\.0+)?$/);
});

test('overdue → the funder takes the collateral → the surplus goes back to the borrower', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const financeId = await applyFor(page, request, `PLEDGE-OD-${Date.now()}`, '30');
  await confirmAndQuote(browser, financeId);
  await accept(page, financeId);

  // 34 days on: past the 30-day term and 3 grace days; the daily job makes the loan overdue.
  const admin = await browser.newPage();
  await listingStaffLogin(admin, '/admin/listing');
  await advanceClock(admin, 34 * 24);
  await admin.close();
  await staff(request, '/api/admin/pledge/sandbox/daily', {});

  const funder = await browser.newPage();
  await login(funder, FUNDER, '/financial/order');
  // Debt: 100,000.00 + 30 × 18.05 + 4 × 50.00 = 100,741.50; the goods at 1,200.00 × 100.200 t = 120,240.00.
  await expect(funder.getByTestId(`payoff-${financeId}`)).toHaveText('100,741.50');
  await funder.getByTestId(`dispose-${financeId}`).click();
  await funder.getByTestId('field-salePrice').fill('1200');
  await funder.getByTestId('field-reason').fill('逾期未还，处置质押物');
  await funder.getByTestId('dispose-submit').click();
  await funder.getByTestId('dispose-ok').click();
  await expect(funder.getByTestId(`dispose-${financeId}`)).toHaveCount(0);
  await funder.getByTestId('financial-menu-accountReceive').click();
  await expect(funder.getByRole('row', { name: new RegExp(`${financeId}.*19,498\\.50`) })).toBeVisible();
  await funder.close();

  await page.reload();
  await expect(page.locator(`[data-testid="pledge-status"][data-pledge="14"][data-finance="3"]`)).toBeVisible();
  await page.getByTestId(`bill-${financeId}`).click();
  await expect(page.getByTestId('pledge-bill')).toContainText('19,498.50');
});

/** The seller lists `quantity` of the loan's pledged goods at `price` from My pledge, after the confirmation; returns the listing's id. */
async function sellPledged(page: Page, financeId: string, quantity: string, price: string, inCapitals: string): Promise<string> {
  await page.goto('/sellerCenter/sales/myPledge');
  await page.getByTestId(`sell-${financeId}`).click();
  await page.getByTestId('field-sellQuantity').fill(quantity);
  await page.getByTestId('field-listPrice').fill(price);
  await page.getByTestId('sell-submit').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(inCapitals);
  await expect(page.locator('.ant-modal-confirm-title')).toContainText('先偿还融资');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/listing/create') && r.ok());
  await page.getByTestId('sell-ok').click();
  return (((await (await created).json()) as { value: { listingId: string } }).value).listingId;
}

/** Another firm picks the whole listing (through the API, keeping the seller's page signed in); the seller confirms in its spot resources. */
async function boughtAndConfirmed(page: Page, request: APIRequestContext, listingId: string, quantity: string): Promise<void> {
  const buyer = await apiLogin(request, BUYER);
  const pick = await call<{ pickId: string }>(request, '/api/listing/pick', buyer, { listingId, quantity });
  await page.goto('/sellerCenter/resource/spotResource');
  const sellerPick = page.getByTestId(`seller-pick-${pick.pickId}`);
  await sellerPick.getByTestId('pick-confirm').click();
  await page.getByTestId('confirmPick-ok').click();
  await expect(sellerPick).toHaveAttribute('data-status', 'T');
}

test('pledged goods listed → bought by another firm → the funder repaid first, the surplus to the borrower', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  // The buyer's funds: both sales come to 104,000.00.
  const buyerPage = await (await browser.newContext()).newPage();
  await login(buyerPage, BUYER);
  await funded(buyerPage, '张三', '110000', '110,000.00');
  await buyerPage.close();
  await funderTopUp(browser);

  const financeId = await applyFor(page, request, `PLEDGE-SALE-${Date.now()}`, '90');
  await confirmAndQuote(browser, financeId);
  await accept(page, financeId);

  /*
   * The day the loan is paid out nothing has accrued: 100,000.00 owed. 16 of the 40 pledged at
   * 2,600.00 a bundle: 41,600.00 less the 0.2% fee is 41,516.80, all of it to the funder; 58,483.20
   * of principal is left and 24 stay pledged.
   */
  const first = await sellPledged(page, financeId, '16', '2600', '肆万壹仟陆佰元整');
  await page.goto('/sellerCenter/sales/myPledge');
  await expect(page.getByTestId(`listed-${financeId}`)).toHaveText('16.000');
  await boughtAndConfirmed(page, request, first, '16');
  await page.goto('/sellerCenter/sales/myPledge');
  await expect(page.locator(`[data-testid="pledge-status"][data-pledge="12"][data-finance="1"][data-repayment="1"]`)).toBeVisible();
  await expect(page.getByTestId(`sold-${financeId}`)).toHaveText('16.000 / 40.080吨');
  await page.goto('/sellerCenter/sales/myFinancing');
  await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('58,483.20');

  // The other 24 at 2,600.00: 62,400.00 less 124.80 is 62,275.20; 58,483.20 repays the loan and 3,792.00 is the borrower's.
  const second = await sellPledged(page, financeId, '24', '2600', '陆万贰仟肆佰元整');
  await boughtAndConfirmed(page, request, second, '24');
  await page.goto('/sellerCenter/sales/myPledge');
  await expect(page.locator(`[data-testid="pledge-status"][data-pledge="13"][data-finance="3"][data-repayment="2"]`)).toBeVisible();
  await expect(page.getByTestId(`sold-${financeId}`)).toHaveText('40.000 / 100.200吨');
  await page.goto('/sellerCenter/sales/myFinancing');
  await page.getByTestId(`bill-${financeId}`).click();
  await expect(page.getByTestId('pledge-bill')).toContainText('3,792.00');

  // The funder's receivables show both sales, the first paying 41,516.80, the second 58,483.20 with 3,792.00 over.
  const funder = await browser.newPage();
  await login(funder, FUNDER, '/financial/accountReceive');
  await expect(funder.getByRole('row', { name: new RegExp(`${financeId}.*质押货物出售.*41,516\\.80`) })).toBeVisible();
  await expect(funder.getByRole('row', { name: new RegExp(`${financeId}.*质押货物出售.*58,483\\.20.*3,792\\.00`) })).toBeVisible();
  await funder.close();
});

/** The funder deposits 100,000.00 more, so its loans here do not depend on what the journeys before them left it. */
async function funderTopUp(browser: Browser): Promise<void> {
  const funder = await browser.newPage();
  await login(funder, FUNDER);
  await funded(funder, FUNDER_NAME, '100000', '100,000.00');
  await funder.close();
}

/** Staff set the funder's rebar reference price (the platform's valuation of pledged goods). */
async function rebarPrice(request: APIRequestContext, referencePrice: string): Promise<void> {
  const admin = await call<{ sessionStr: string; staffId: string }>(request, '/api/admin/login', {}, { account: 'admin', password: DEMO_PASSWORD });
  const staffHeaders = { sessionstr: admin.sessionStr, userid: admin.staffId, firmid: '', terminaltype: '4' };
  const { funders } = await call<{ funders: { factorId: string; name: string }[] }>(request, '/api/admin/pledge/funders', staffHeaders);
  const rebar = await rebarType(request);
  await call(request, '/api/admin/pledge/products/save', staffHeaders, {
    factorId: funders.find((f) => f.name === FUNDER_NAME)!.factorId,
    commodityTypeId: rebar.commodityTypeId,
    ltv: '0.7',
    annualRate: '0.065',
    penaltyRate: '0.18',
    maintenanceRatio: '0.8',
    referencePrice,
    terms: ['30', '90'],
    marginCallDays: 3,
  });
}

test('a margin call is an entry in the borrower’s notice list with its deadline and the amount to repay; repaying it lifts the call', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  await funderTopUp(browser);
  const financeId = await applyFor(page, request, `PLEDGE-MC-${Date.now()}`, '90');
  await confirmAndQuote(browser, financeId);
  await accept(page, financeId);

  // The reference price falls to 1,200.00: 1200 × 100.200 t × 80% = 96,192.00 may stay lent; 3,808.00 must be repaid.
  try {
    await rebarPrice(request, '1200');
    await staff(request, '/api/admin/pledge/sandbox/daily', {});
    await page.goto('/notice');
    const notice = page.locator('[data-testid="pledge-notice"][data-kind="marginCall"]').filter({ hasText: financeId });
    await expect(notice).toContainText('3,808.00');
    await expect(notice).toContainText('96,192.00');
    await page.goto('/sellerCenter/sales/myPledge');
    const deadline = page.getByRole('row', { name: new RegExp(financeId) }).getByRole('cell').nth(11);
    await expect(deadline).not.toHaveText('—');
    const shownDeadline = (await deadline.textContent()) ?? '';
    await page.goto('/notice');
    await expect(notice).toContainText(shownDeadline);

    // Repaying the 3,808.00 brings the loan back within the ratio: the call is lifted, and the list says so.
    await page.goto('/sellerCenter/sales/myFinancing');
    await repay(page, financeId, '3808', '叁仟捌佰零捌元整');
    await expect(page.getByTestId(`payoff-${financeId}`)).toHaveText('96,192.00');
    await page.goto('/notice');
    await expect(page.locator('[data-testid="pledge-notice"][data-kind="marginCallLifted"]').filter({ hasText: financeId })).toBeVisible();
  } finally {
    await rebarPrice(request, '4000');
  }
});
