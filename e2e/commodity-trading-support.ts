import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Decimal } from '@tp/decimal';
import { move, signWithIcbc } from './commodity-capital';
import { SELLER, apiLogin, call, choose } from './commodity-listing';
import { staffLogin } from './support';

// Steps the margin-trading journeys share: funding, the margin password, the seller's holding as the
// warehouse lists it, the picks' figures as the pages show them, and the back office's sandbox clock.

export const MARGIN_PASSWORD = '246810';

/** Shown money ("2,566.82", "¥1,000.50") as an exact decimal. */
export function shownMoney(text: string): Decimal {
  return Decimal.parse(text.replace(/[,¥\s]/g, ''));
}

/** Signs with the sandbox bank and funds the firm (kept when a run on the same database did it). */
export async function funded(page: Page, accountName: string, amount: string, shown: string) {
  await signWithIcbc(page, accountName);
  await move(page, '/capitalCenter/deposit', amount, shown);
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
}

/** Sets the firm user's margin password in the capital center unless a run on the same database did. */
export async function setMarginPassword(page: Page) {
  await page.goto('/capitalCenter/setPwd');
  await expect(page.getByTestId('pwd-status-margin')).toBeVisible();
  if ((await page.getByTestId('pwd-status-margin').innerText()) === '已设置') return;
  await page.getByTestId('field-kind').getByText('保证金密码').click();
  await page.getByTestId('field-password').fill(MARGIN_PASSWORD);
  await page.getByTestId('field-confirm').fill(MARGIN_PASSWORD);
  await page.getByTestId('pwd-submit').click();
  await expect(page.getByTestId('pwd-status-margin')).toHaveText('已设置');
}

/** The seller's held holding stocked in by `applyId` (its receipt number ends with the application's id). */
export async function sellerHolding(request: APIRequestContext, applyId: string): Promise<{ holdId: string; receiptNo: string }> {
  const headers = await apiLogin(request, SELLER);
  const holdings = await call<{ content: { holdId: string; receiptNo: string; status: string }[] }>(request, '/api/warehouse/holdings', headers, { status: '0', page: 0, size: 100 });
  const holding = holdings.content.find((h) => new RegExp(`^WR\\d{8}${applyId}$`).test(h.receiptNo));
  expect(holding, `holding of application ${applyId}`).toBeTruthy();
  return { holdId: holding!.holdId, receiptNo: holding!.receiptNo };
}

/** A value of the pick detail drawer's bordered descriptions, found by its label. */
export function described(drawer: Locator, label: string): Locator {
  return drawer.locator('th.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
}

/** Opens a pick's detail drawer from its row in the viewer's pick list. */
export async function openPickDetail(page: Page, row: Locator): Promise<Locator> {
  await row.getByTestId('pick-detail').click();
  const drawer = page.locator('.ant-drawer').filter({ has: page.getByTestId('detail-status') });
  await expect(drawer.getByTestId('detail-status')).toBeVisible();
  return drawer;
}

/** Closes the detail drawer; it is destroyed when hidden, so the next one shows fresh figures. */
export async function closeDrawer(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('detail-status')).toHaveCount(0);
}

/** Staff sign in to the back office's listing management (挂牌管理), landing on `target`. */
export async function listingStaffLogin(page: Page, target: string) {
  await staffLogin(page, target);
  await expect(page.getByTestId('page-heading')).toHaveText('挂牌管理');
}

/** The hours the sandbox clock already runs ahead, as the sandbox tab says ("已拨快 73 小时"). */
async function clockOffset(page: Page): Promise<Decimal> {
  const text = await page.getByTestId('sandbox-offset').innerText();
  const hours = /已拨快\s*([\d.]+)\s*小时/.exec(text)?.[1];
  expect(hours, text).toBeTruthy();
  return Decimal.parse(hours!);
}

/** Staff move the platform clock forward from the sandbox tab, through its confirmation. */
export async function advanceClock(page: Page, hours: number) {
  await page.getByTestId('listing-tab-sandbox').click();
  await expect(page.getByTestId('sandbox-offset')).toBeVisible();
  const before = await clockOffset(page);
  await page.getByTestId('sandbox-hours').fill(String(hours));
  await page.getByTestId('sandbox-advance').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(`将平台时钟拨快 ${hours} 小时`);
  await page.getByTestId('sandbox-advance-ok').click();
  await expect(page.getByText('平台时钟已拨快').first()).toBeVisible();
  await expect.poll(async () => (await clockOffset(page)).eq(before.add(String(hours)))).toBe(true);
}

/** Staff run the default sweep now instead of waiting for its schedule. */
export async function runDefaultSweep(page: Page) {
  await page.getByTestId('listing-tab-sandbox').click();
  // A notice of an earlier run may still be showing: wait for this run's answer first.
  const ran = page.waitForResponse((response) => response.url().endsWith('/api/admin/sandbox/jobs/run') && response.ok());
  await page.getByTestId('sandbox-run-listing.defaults').click();
  await ran;
  await expect(page.getByText(/违约检查已运行，变更 \d+ 条/).first()).toBeVisible();
}

/**
 * Submits the seller's listing form, checks the confirmation's goods amount in figures and in
 * capitals, confirms, and returns the new listing's row among the seller's listings (listed, `O`).
 */
export async function confirmListing(page: Page, amount: string, inCapitals: string): Promise<Locator> {
  await page.getByTestId('listing-submit').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(`货款 ${amount} 元`);
  await expect(page.getByTestId('confirm-amount')).toContainText(inCapitals);
  await page.getByTestId('listing-create-ok').click();
  await expect(page.getByText('操作成功').first()).toBeVisible();

  await page.goto('/sellerCenter/resource/sellInfoResource');
  const listingRow = page.locator('[data-testid^="my-listing-"]').first();
  await expect(listingRow).toHaveAttribute('data-status', 'O');
  return listingRow;
}

/** A purchase request (求购) of rebar HRB400E, as far as its confirmation, which words the amount in capitals. */
export async function requestPurchase(page: Page, terms: { price: string; quantity: string; weight: string }, inCapitals: string): Promise<void> {
  await page.goto('/matching/qiugou');
  await page.getByTestId('purchase-create').click();
  await choose(page, 'field-commodityTypeId', '螺纹钢');
  await choose(page, 'field-gradeId', 'HRB400E');
  await page.getByTestId('field-price').fill(terms.price);
  await page.getByTestId('field-quantity').fill(terms.quantity);
  await page.getByTestId('field-weight').fill(terms.weight);
  await page.getByTestId('listing-submit').click();
  await expect(page.getByTestId('confirm-amount')).toContainText(inCapitals);
  await page.getByTestId('listing-create-ok').click();
}
