import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, PNG } from './support';
import { staff } from './commodity-capital';
import { rebarApplication } from '../apps/server/test/fixtures';

// The demo firms trading listings with each other: shared by the listing and trading journeys.

export const SELLER = '13800000002';
export const BUYER = '13800000001';

const REPORT_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

type Multipart = NonNullable<NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart']>;

/** Posts to the platform's API (a JSON body, or a multipart form) and returns the answer's value, which must be a success. */
export async function call<T>(request: APIRequestContext, path: string, headers: Record<string, string>, data: object = {}, multipart?: Multipart): Promise<T> {
  const reply = (await (await request.post(path, multipart ? { multipart, headers } : { data, headers })).json()) as { code: string; message: string; value: T };
  expect(reply.code, reply.message).toBe('0');
  return reply.value;
}

/** Logs a demo firm user in through the API: the session headers its calls carry (`firmid` names its firm). */
export async function apiLogin(request: APIRequestContext, account: string): Promise<Record<string, string>> {
  const session = await call<{ sessionStr: string; userId: string; firmId: string }>(request, '/api/user/login', {}, { loginAccount: account, password: DEMO_PASSWORD });
  return { sessionstr: session.sessionStr, userid: session.userId, firmid: session.firmId, terminaltype: '4' };
}

export interface CommodityType {
  commodityTypeId: string;
  name: string;
  grades: { gradeId: string; gradeName: string }[];
  packages: { packagId: string }[];
}

/** The catalogue's rebar (螺纹钢), which the demo firms trade. */
export async function rebarType(request: APIRequestContext): Promise<CommodityType> {
  const types = ((await (await request.get('/api/catalog/commodityTypes')).json()) as { value: CommodityType[] }).value;
  const rebar = types.find((t) => t.name === '螺纹钢');
  expect(rebar, 'rebar in the catalogue').toBeTruthy();
  return rebar!;
}

/** The seller's goods stocked in through the warehouse's own API (the warehouse journey covers its pages): 100 / 250.5 rebar. */
export async function stockedHolding(request: APIRequestContext, batch: string): Promise<string> {
  const headers = await apiLogin(request, SELLER);
  const rebar = await rebarType(request);
  const storages = await call<{ content: { storageId: string }[] }>(request, '/api/storage/list', {}, {});
  const apply = await call<{ applyId: string }>(request, '/api/warehouse/apply', headers, rebarApplication(rebar, storages.content[0]!.storageId, { batch, firmName: '李四' }));
  await staff(request, '/api/admin/warehouse/audit', { applyId: apply.applyId, pass: true });
  await staff(request, '/api/admin/warehouse/inspection/fee', { applyId: apply.applyId, fee: '0' });
  const upload = (await (await request.post('/api/warehouse/inspection/upload', { headers, multipart: { file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: REPORT_PDF } } })).json()) as { value: { id: string } };
  await call(request, '/api/warehouse/inspection/report', headers, { applyId: apply.applyId, reportType: '1', fileId: upload.value.id });
  await staff(request, '/api/admin/warehouse/inspection/review', { applyId: apply.applyId, pass: true });
  await staff(request, '/api/admin/warehouse/arrive', { applyId: apply.applyId });
  await staff(request, '/api/admin/warehouse/store', { applyId: apply.applyId });
  return apply.applyId;
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

/**
 * A product of the seller's shop (opened or renamed first), on sale: 50 bags of 40 kg with one
 * picture, created through the API and approved by staff (the product journey covers those pages).
 */
export async function productOnSale(request: APIRequestContext, headers: Record<string, string>, product: { name: string; price: string }): Promise<string> {
  await call(request, '/api/product/shop/save', headers, { name: `李四建材店 ${Date.now()}`, contactName: '李四', contactPhone: '13912345678' });
  const upload = await call<{ id: string }>(request, '/api/product/upload', headers, undefined, { file: { name: 'gypsum.png', mimeType: 'image/png', buffer: PNG } });
  const { productId } = await call<{ productId: string }>(request, '/api/product/create', headers, {
    ...product,
    commodityTypeId: (await rebarType(request)).commodityTypeId,
    specification: '40kg/袋',
    unit: '袋',
    stock: 50,
    images: [upload.id],
  });
  await staff(request, '/api/admin/product/audit', { productId, pass: true });
  return productId;
}
