import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';
import { balances, move, signWithIcbc, staff } from './commodity-capital';

const SELLER = '13800000002';
const BUYER = '13800000001';

const REPORT_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function call<T>(request: APIRequestContext, path: string, headers: Record<string, string>, data: object = {}): Promise<T> {
  const reply = (await (await request.post(path, { data, headers })).json()) as { code: string; message: string; value: T };
  expect(reply.code, reply.message).toBe('0');
  return reply.value;
}

/** The seller's goods stocked in through the warehouse's own API (the warehouse journey covers its pages): 100 / 250.5 rebar. */
async function stockedHolding(request: APIRequestContext, batch: string): Promise<string> {
  const session = await call<{ sessionStr: string; userId: string; firmId: string }>(request, '/api/user/login', {}, { loginAccount: SELLER, password: DEMO_PASSWORD });
  const headers = { sessionstr: session.sessionStr, userid: session.userId, firmid: session.firmId, terminaltype: '4' };
  const types = ((await (await request.get('/api/catalog/commodityTypes')).json()) as { value: { commodityTypeId: string; name: string; grades: { gradeId: string }[]; packages: { packagId: string }[] }[] }).value;
  const rebar = types.find((t) => t.name === '螺纹钢')!;
  const storages = await call<{ content: { storageId: string }[] }>(request, '/api/storage/list', {}, {});
  const apply = await call<{ applyId: string }>(request, '/api/warehouse/apply', headers, {
    type: '1',
    commodityTypeId: rebar.commodityTypeId,
    batch,
    firmName: '李四',
    gradeId: rebar.grades[0]!.gradeId,
    manufacturer: '江苏沙钢集团',
    outWarehousDay: '2024-06-01',
    packagId: rebar.packages[0]!.packagId,
    quantity: '100',
    weight: '250.5',
    storageId: storages.content[0]!.storageId,
    reportType: '1',
  });
  await staff(request, '/api/admin/warehouse/audit', { applyId: apply.applyId, pass: true });
  await staff(request, '/api/admin/warehouse/inspection/fee', { applyId: apply.applyId, fee: '0' });
  const upload = (await (await request.post('/api/warehouse/inspection/upload', { headers, multipart: { file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: REPORT_PDF } } })).json()) as { value: { id: string } };
  await call(request, '/api/warehouse/inspection/report', headers, { applyId: apply.applyId, reportType: '1', fileId: upload.value.id });
  await staff(request, '/api/admin/warehouse/inspection/review', { applyId: apply.applyId, pass: true });
  await staff(request, '/api/admin/warehouse/arrive', { applyId: apply.applyId });
  await staff(request, '/api/admin/warehouse/store', { applyId: apply.applyId });
  return apply.applyId;
}

async function login(page: Page, account: string) {
  await page.goto('/login?redirect=%2FcapitalCenter%2Finfo');
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/capitalCenter\/info$/);
}

test('a seller lists part of a holding, another firm picks it, the seller confirms: goods and funds move', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const batch = `L${Date.now()}`;
  await stockedHolding(request, batch);

  // The buyer, another firm, funds its account through the sandbox bank.
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await signWithIcbc(buyer, '张三');
  await move(buyer, '/capitalCenter/deposit', '50000', '50,000.00');
  await expect(buyer.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const buyerBefore = await balances(buyer);

  // The seller lists 40 of its 100 bundles at 1234.56.
  await login(page, SELLER);
  const sellerBefore = await balances(page);
  await page.goto('/sellerCenter/resource/spotResource');
  await page.getByTestId('listing-create').click();
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('请填写单价（元）')).toBeVisible();
  // Pick the holding, and make sure the choice took before going on (the dropdown may still be opening).
  await expect(async () => {
    await page.getByTestId('field-holdId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '100.000' }).first().click();
    await expect(page.getByTestId('field-holdId')).toContainText('100.000', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId('field-price').fill('1234.567');
  await page.getByTestId('field-quantity').fill('40');
  await page.getByTestId('field-weight').fill('100.2');
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('单价（元）须为大于 0 的数字，最多 2 位小数')).toBeVisible();
  await page.getByTestId('field-price').fill('1234.56');
  await page.getByTestId('listing-submit').click();
  await page.getByTestId('listing-create-ok').click();
  const listingRow = page.locator('[data-testid^="my-listing-"]').first();
  await expect(listingRow).toHaveAttribute('data-status', 'O');
  const listingId = ((await listingRow.getAttribute('data-testid')) ?? '').replace('my-listing-', '');
  await expect(listingRow.getByTestId('listing-remaining')).toHaveText('40.000 捆');

  // The buyer picks 15 from the market: the confirmation shows the amount, which is frozen.
  await buyer.goto('/ResourceDocuments/ResourceDocuments');
  const marketRow = buyer.getByTestId(`market-row-${listingId}`);
  await marketRow.getByTestId('pick-open').click();
  await buyer.getByTestId('field-pick-quantity').fill('41');
  await buyer.getByTestId('pick-submit').click();
  await expect(buyer.getByText('数量不能超过 40.000')).toBeVisible();
  await buyer.getByTestId('field-pick-quantity').fill('15');
  await expect(buyer.getByTestId('pick-amount')).toHaveText('货款：18518.40 元');
  await buyer.getByTestId('pick-submit').click();
  await expect(buyer.locator('.ant-modal-confirm-title')).toHaveText('确认摘牌 15 捆，货款 18518.40 元将从可用资金中冻结。');
  await buyer.getByTestId('pick-confirm-ok').click();
  await expect(marketRow.getByTestId('market-remaining')).toHaveText('25.000 捆');
  const buyerFrozen = await balances(buyer);
  expect(buyerFrozen.frozen - buyerBefore.frozen).toBe(1851840n);
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  const buyerPick = buyer.locator('[data-testid^="buyer-pick-"]').first();
  await expect(buyerPick).toHaveAttribute('data-status', 'W');
  const pickId = ((await buyerPick.getAttribute('data-testid')) ?? '').replace('buyer-pick-', '');

  // The seller confirms: paid in full less the 0.2% fee (37.03), the goods go to the buyer.
  await page.goto('/sellerCenter/resource/spotResource');
  const sellerPick = page.getByTestId(`seller-pick-${pickId}`);
  await sellerPick.getByTestId('pick-confirm').click();
  await page.getByTestId('confirmPick-ok').click();
  await expect(sellerPick).toHaveAttribute('data-status', 'T');
  const sellerAfter = await balances(page);
  expect(sellerAfter.available - sellerBefore.available).toBe(1848137n);

  const buyerAfter = await balances(buyer);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  expect(buyerBefore.available - buyerAfter.available).toBe(1851840n);
  await buyer.goto('/matching/holdProduct');
  await expect(buyer.locator('[data-testid^="holding-row-"][data-status="0"]').getByTestId('holding-quantity').filter({ hasText: '15.000 捆' }).first()).toBeVisible();
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await expect(buyer.getByTestId(`buyer-pick-${pickId}`)).toHaveAttribute('data-status', 'T');
});
