import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { staff } from './commodity-capital';
import { SELLER, apiLogin, call, productOnSale, rebarType, stockedHolding } from './commodity-listing';
import { sellerHolding } from './commodity-trading-support';

const SESSION_CODES = ['-10011', '-2', '-4'];
/** The client waits this long after a "session expired" answer before it leaves for login; a page is watched a little longer. */
const EXPIRY_WATCH_MS = 1_500;
/** Each page loads its own chunk and data: generous on a busy machine. */
const PAGE_TIMEOUT_MS = 60_000;

interface Published {
  listingId: string;
  noteId: string;
  productId: string;
  firmId: string;
}

/** What a visitor should find on the public pages, published by the seller through the API and approved by staff. */
async function publish(request: APIRequestContext): Promise<Published> {
  const batch = `V${Date.now()}`;
  const applyId = await stockedHolding(request, batch);
  const { holdId } = await sellerHolding(request, applyId);
  const headers = await apiLogin(request, SELLER);
  const rebar = await rebarType(request);

  const listing = await call<{ listingId: string }>(request, '/api/listing/create', headers, {
    holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '3850.5',
    quantity: '10',
    weight: '25.05',
    openTicketDay: 3,
  });

  const note = await call<{ noteId: string }>(request, '/api/supply/release', headers, {
    kind: 'supply',
    title: `螺纹钢现货 ${batch}`,
    commodityName: '螺纹钢',
    price: '3650.5',
    unit: '吨',
    weight: '120',
    weightUnit: '吨',
    address: '江苏省张家港市',
    companyName: '李四钢贸',
    contactsName: '李四',
    contactsPhone: '13912345678',
  });
  await staff(request, '/api/admin/supply/audit', { noteId: note.noteId, pass: true });

  const productId = await productOnSale(request, headers, { name: `石膏粉 ${batch}`, price: '1234.5' });
  return { listingId: listing.listingId, noteId: note.noteId, productId, firmId: headers.firmid! };
}

/** Every API answer the page got that says "no valid session": a visitor's page must need none. */
function watchSessionRefusals(page: Page) {
  const seen: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    seen.push(
      response
        .json()
        .then((body: { code?: string }) => (body.code && SESSION_CODES.includes(body.code) ? `${response.request().method()} ${new URL(response.url()).pathname} → ${body.code}` : null))
        .catch(() => null),
    );
  });
  return async () => (await Promise.all(seen)).filter((entry): entry is string => entry !== null);
}

/** Opens a public page as a visitor: it shows its content, stays where it is and never speaks of an expired session. */
async function visit(page: Page, path: string, content: (page: Page) => Locator) {
  await page.goto(path);
  await expect(content(page)).toBeVisible({ timeout: PAGE_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  // A "session expired" answer leads to login after a delay: watch the page past it.
  await page.waitForTimeout(EXPIRY_WATCH_MS);
  expect(new URL(page.url()).pathname, `${path} stays put`).toBe(path.split('?')[0]);
  await expect(page.getByText('会话已失效')).toHaveCount(0);
}

test('a visitor browses every public page of the commodity platform without being sent to login', async ({ page, request }) => {
  test.setTimeout(600_000);
  const published = await publish(request);
  const refusals = watchSessionRefusals(page);

  await visit(page, '/index', (p) => p.getByTestId('home-heading'));

  // The market: the listing, its price per bundle (a spot listing's package unit), and its detail page.
  await visit(page, '/ResourceDocuments/ResourceDocuments', (p) => p.getByTestId(`market-row-${published.listingId}`));
  await expect(page.getByTestId('page-heading')).toHaveText('现货资源');
  const row = page.getByTestId(`market-row-${published.listingId}`);
  await expect(row.getByTestId('market-price')).toHaveText('3,850.50 元/捆');
  await expect(row.getByTestId('market-login')).toBeVisible();
  await visit(page, `/ResourceDocuments/details/${published.listingId}`, (p) => p.getByTestId('listing-detail'));
  await expect(page.getByTestId('detail-price')).toHaveText('3,850.50 元/捆');
  await expect(page.getByTestId('detail-login')).toBeVisible();

  // Purchase requests: the board, and a detail page (one that is gone says so, in place).
  await visit(page, '/purchaseDocument/purchaseDocument', (p) => p.getByTestId('page-heading').filter({ hasText: '采购单' }));
  await expect(page.locator('.ant-table, .ant-empty').first()).toBeVisible();
  await visit(page, '/purchaseDocument/details/999999999', (p) => p.getByText('该挂牌不存在或已下架'));

  await visit(page, '/search', (p) => p.getByTestId(`market-row-${published.listingId}`));
  await expect(page.getByTestId('page-heading')).toHaveText('搜索');

  // Supply and demand notes: the board and the note, whose contact is for logged-in users.
  await visit(page, '/supplyDemandInfo', (p) => p.getByTestId('board-note-title').filter({ hasText: '螺纹钢现货' }).first());
  await visit(page, `/supplyDemandInfo/details/${published.noteId}`, (p) => p.getByTestId('note-title'));
  await expect(page.getByTestId('note-login-for-contact')).toBeVisible();

  // The product shop: the list, a product and the seller's shop front.
  await visit(page, '/productionSell/productionSell', (p) => p.getByTestId('product-tile-name').filter({ hasText: '石膏粉' }).first());
  await visit(page, `/productionDetails/details/${published.productId}`, (p) => p.getByTestId('product-name'));
  await expect(page.getByTestId('product-price')).toContainText('1,234.50');
  await expect(page.getByTestId('product-login-to-buy')).toBeVisible();
  await visit(page, `/shopCenter/${published.firmId}`, (p) => p.getByTestId('shop-name'));

  // Content and footer pages.
  await visit(page, '/news', (p) => p.getByTestId('content-item').first());
  await visit(page, '/notice', (p) => p.getByTestId('page-heading'));
  await visit(page, '/helpCenter', (p) => p.getByTestId('page-heading'));
  await visit(page, '/footer/footerDetails/clauses', (p) => p.getByTestId('page-heading').filter({ hasText: '用户协议' }));

  // Signing in and up.
  await visit(page, '/login', (p) => p.getByTestId('login-submit'));
  await visit(page, '/register', (p) => p.getByTestId('page-heading'));
  await visit(page, '/Forget', (p) => p.getByTestId('page-heading'));

  expect(await refusals(), 'calls refused for want of a session').toEqual([]);

  // An action needs a firm: the visitor is asked to log in, and comes back to the market after.
  await page.goto('/ResourceDocuments/ResourceDocuments');
  await page.getByTestId(`market-row-${published.listingId}`).getByTestId('market-login').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2FResourceDocuments%2FResourceDocuments$/);
  await expect(page.getByText('会话已失效')).toHaveCount(0);
});
