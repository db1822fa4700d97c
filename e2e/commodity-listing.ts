import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';
import { staff } from './commodity-capital';

// The demo firms trading listings with each other: shared by the listing and trading journeys.

export const SELLER = '13800000002';
export const BUYER = '13800000001';

const REPORT_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export async function call<T>(request: APIRequestContext, path: string, headers: Record<string, string>, data: object = {}): Promise<T> {
  const reply = (await (await request.post(path, { data, headers })).json()) as { code: string; message: string; value: T };
  expect(reply.code, reply.message).toBe('0');
  return reply.value;
}

/** The seller's goods stocked in through the warehouse's own API (the warehouse journey covers its pages): 100 / 250.5 rebar. */
export async function stockedHolding(request: APIRequestContext, batch: string): Promise<string> {
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

export async function login(page: Page, account: string) {
  await page.goto('/login?redirect=%2FcapitalCenter%2Finfo');
  await page.locator('#login_loginAccount').fill(account);
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/capitalCenter\/info$/);
}


/** Picks the option containing `text` from an antd Select, typing it first when the Select is searchable. */
export async function choose(page: Page, testId: string, text: string, search = false) {
  // The dropdown may still be opening: retry until the choice took.
  // Only this Select's own dropdown (its input names the list it controls): another one still
  // closing may be visible too, and a click there changes nothing here.
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!(await select.evaluate((el) => el.classList.contains('ant-select-open')))) await select.click();
    if (search) await select.locator('input').fill(text);
    const list = await select.locator('input').first().getAttribute('aria-controls');
    const dropdown = list ? page.locator(`.ant-select-dropdown:has([id="${list}"])`) : page.locator('.ant-select-dropdown:visible');
    await dropdown.locator('.ant-select-item-option', { hasText: text }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
