import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';
import { staff } from './commodity-capital';

const SELLER = '13800000002';
const REPORT_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

interface Reply<T> {
  code: string;
  message: string;
  value: T;
}

async function call<T>(request: APIRequestContext, path: string, headers: Record<string, string>, data: object = {}): Promise<T> {
  const reply = (await (await request.post(path, { data, headers })).json()) as Reply<T>;
  expect(reply.code, reply.message).toBe('0');
  return reply.value;
}

async function sellerSession(request: APIRequestContext) {
  const session = await call<{ sessionStr: string; userId: string; firmId: string }>(request, '/api/user/login', {}, { loginAccount: SELLER, password: DEMO_PASSWORD });
  return { firmId: session.firmId, headers: { sessionstr: session.sessionStr, userid: session.userId, firmid: session.firmId, terminaltype: '4' } };
}

/**
 * The demo seller's spot listing, made through the API as the seller would from the seller center
 * (the listing journey covers those pages): 100 bundles of rebar stocked in, 30 of them listed.
 */
async function demoListing(request: APIRequestContext): Promise<{ listingId: string; firmId: string }> {
  const { firmId, headers } = await sellerSession(request);
  const types = ((await (await request.get('/api/catalog/commodityTypes')).json()) as Reply<{ commodityTypeId: string; name: string; grades: { gradeId: string }[]; packages: { packagId: string }[] }[]>).value;
  const rebar = types.find((t) => t.name === '螺纹钢')!;
  const storages = await call<{ content: { storageId: string }[] }>(request, '/api/storage/list', {}, {});
  const apply = await call<{ applyId: string }>(request, '/api/warehouse/apply', headers, {
    type: '1',
    commodityTypeId: rebar.commodityTypeId,
    batch: `AL${Date.now()}`,
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
  const upload = (await (await request.post('/api/warehouse/inspection/upload', { headers, multipart: { file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: REPORT_PDF } } })).json()) as Reply<{ id: string }>;
  await call(request, '/api/warehouse/inspection/report', headers, { applyId: apply.applyId, reportType: '1', fileId: upload.value.id });
  await staff(request, '/api/admin/warehouse/inspection/review', { applyId: apply.applyId, pass: true });
  await staff(request, '/api/admin/warehouse/arrive', { applyId: apply.applyId });
  await staff(request, '/api/admin/warehouse/store', { applyId: apply.applyId });

  const holdings = await call<{ content: { holdId: string; receiptNo: string; status: string }[] }>(request, '/api/warehouse/holdings', headers, { status: '0', page: 0, size: 100 });
  const holding = holdings.content.find((h) => h.receiptNo.endsWith(apply.applyId))!;
  const listing = await call<{ listingId: string; status: string }>(request, '/api/listing/create', headers, {
    holdId: holding.holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '1188.00',
    quantity: '30',
    weight: '75.15',
    openTicketDay: 7,
  });
  expect(listing.status).toBe('O');
  return { listingId: listing.listingId, firmId };
}

async function staffLogin(page: Page, target: string) {
  await page.goto(target);
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.locator('#adminLogin_loginAccount').fill('admin');
  await page.locator('#adminLogin_password').fill(DEMO_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('page-heading')).toHaveText('挂牌管理');
}

/** Types a new trading fee rate, saves it through the confirmation and waits for the saved notice. */
async function saveFeeRate(page: Page, rate: string) {
  await page.getByTestId('field-feeRate').fill(rate);
  await page.getByTestId('fee-save').click();
  await page.getByTestId('fee-save-ok').click();
  await expect(page.getByText('费用设置已保存').first()).toBeVisible();
}

test('staff change the trading fee rate: a wrong rate is refused by name, a right one is saved and read back', async ({ page }) => {
  await staffLogin(page, '/admin/listing?tab=fees');
  const rate = page.getByTestId('field-feeRate');
  await expect(rate).not.toHaveValue('');
  const before = await rate.inputValue();
  const next = before === '0.0025' ? '0.003' : '0.0025';

  await rate.fill('0.25%');
  await page.getByTestId('fee-save').click();
  await expect(page.getByText('交易手续费率须为 0 到 1 之间、最多 4 位小数的数字')).toBeVisible();
  await expect(page.getByTestId('fee-save-ok')).toHaveCount(0);

  await saveFeeRate(page, next);
  await page.reload();
  await expect(page.getByTestId('field-feeRate')).toHaveValue(next);

  // Other journeys on this database price picks at the platform's usual rate: put it back.
  await saveFeeRate(page, before);
  await page.reload();
  await expect(page.getByTestId('field-feeRate')).toHaveValue(before);
});

test('staff force a listing off the shelf with a reason: it shows cancelled with the reason, to staff and to the seller', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { listingId, firmId } = await demoListing(request);

  await staffLogin(page, '/admin/listing?tab=all');
  const firmFilter = page.getByTestId('listing-all-filter-firm').getByRole('searchbox');
  await firmFilter.fill(firmId);
  await firmFilter.press('Enter');
  const row = page.getByTestId(`admin-listing-${listingId}`);
  await expect(row).toHaveAttribute('data-status', 'O');

  await row.getByTestId('listing-offshelf').click();
  await page.getByTestId('listing-offshelf-ok').click();
  await expect(page.getByTestId('listing-offshelf-reason-error')).toHaveText('请填写原因，至少 2 个字');
  await page.getByTestId('listing-offshelf-reason').fill('货物权属存疑，暂停挂牌');
  await page.getByTestId('listing-offshelf-ok').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(`强制下架挂牌 ${listingId}？`);
  await page.getByTestId('listing-offshelf-confirm-ok').click();

  await expect(row).toHaveAttribute('data-status', 'U');
  await expect(row.getByTestId('listing-status')).toHaveText('已撤销');
  await expect(row.getByTestId('listing-reason')).toHaveText('货物权属存疑，暂停挂牌');
  await expect(row.getByTestId('listing-offshelf')).toHaveCount(0);

  // The seller reads the same state and reason on its own listings.
  const { headers } = await sellerSession(request);
  const mine = await call<{ content: { listingId: string; status: string; reason: string }[] }>(request, '/api/listing/mine', headers, { page: 0, size: 50 });
  expect(mine.content.find((l) => l.listingId === listingId)).toMatchObject({ status: 'U', reason: '货物权属存疑，暂停挂牌' });
});
