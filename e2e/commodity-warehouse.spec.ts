import { expect, test } from '@playwright/test';
import { fillFields, login, pressOk, staffWindow } from './support';
import { balances, move, signWithIcbc } from './commodity-capital';
import { choose } from './commodity-listing';

const SELLER = '13800000003';

/** A one-page PDF, enough for the upload's `%PDF-` sniffing. */
const REPORT_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('a seller stocks goods in through audit, inspection and storage, then picks part of them up', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await login(page, SELLER);

  // Funds for the inspection fee, through the sandbox bank.
  await signWithIcbc(page);
  await move(page, '/capitalCenter/deposit', '500', '500.00');
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const funded = await balances(page);

  // The seller applies for warehousing.
  const batch = `E2E${Date.now()}`;
  await page.goto('/sellerCenter');
  await expect(page).toHaveURL(/\/sellerCenter\/resource\/warehousingApply$/);
  await page.getByTestId('apply-open').click();
  await choose(page, 'field-commodityTypeId', '螺纹钢');
  await choose(page, 'field-gradeId', 'HRB400E');
  await choose(page, 'field-packagId', '捆装');
  await choose(page, 'field-storageId', '上海宝山钢材物流园');
  await page.getByTestId('apply-submit').click();
  await expect(page.getByText('请填写批次')).toBeVisible();
  await fillFields(page, { batch, firmName: '上海钢联贸易有限公司', manufacturer: '江苏沙钢集团' });
  await page.getByTestId('field-outWarehousDay').click();
  await page.getByTestId('field-outWarehousDay').fill('2024-06-01');
  await page.getByTestId('field-outWarehousDay').press('Enter');
  await page.getByTestId('field-quantity').fill('100');
  await page.getByTestId('field-weight').fill('250.5');
  await page.getByTestId('apply-submit').click();
  const row = page.locator('[data-testid^="apply-row-"]', { hasText: batch });
  await expect(row).toHaveAttribute('data-status', '0');
  const applyId = ((await row.getAttribute('data-testid')) ?? '').replace('apply-row-', '');
  expect(applyId).toMatch(/^\d+$/);

  // Staff audit it and set the inspection fee, frozen from the seller's funds.
  const staff = await staffWindow(browser, '/admin/warehouse');
  const staffRow = staff.getByTestId(`admin-apply-${applyId}`);
  await expect(staffRow).toHaveAttribute('data-status', '0');
  await staffRow.getByTestId('audit-pass').click();
  await pressOk(staff, 'audit-pass-ok', () => expect(staffRow).toHaveAttribute('data-status', '8', { timeout: 3_000 }));
  await staffRow.getByTestId('fee-open').click();
  await staff.getByTestId('field-fee').fill('100');
  await staff.getByTestId('fee-submit').click();
  await pressOk(staff, 'fee-confirm-ok', () => expect(staffRow).toContainText('待上传报告', { timeout: 3_000 }));
  const frozen = await balances(page);
  expect(frozen.frozen - funded.frozen).toBe(10000n);
  expect(funded.available - frozen.available).toBe(10000n);

  // The seller uploads the third-party report.
  await page.goto('/sellerCenter/resource/qualityInspectionReport');
  const inspection = page.getByTestId(`inspection-row-${applyId}`);
  await expect(inspection.getByTestId('inspection-fee')).toHaveText('100.00');
  await inspection.getByTestId('report-open').click();
  await page.getByTestId('report-file').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: REPORT_PDF });
  await page.getByTestId('report-submit').click();
  await pressOk(page, 'report-confirm-ok', () => expect(inspection.getByTestId('inspection-status')).toHaveText('待审核', { timeout: 3_000 }));

  // Staff pass the report (the fee becomes platform income), the goods arrive and are stored.
  await staff.reload();
  await expect(staffRow).toHaveAttribute('data-status', '1');
  await staffRow.getByTestId('review-pass').click();
  await pressOk(staff, 'review-pass-ok', () => expect(staffRow).toHaveAttribute('data-status', '2', { timeout: 3_000 }));
  await staffRow.getByTestId('arrive').click();
  await pressOk(staff, 'arrive-ok', () => expect(staffRow).toContainText('待入库', { timeout: 3_000 }));
  await staffRow.getByTestId('store').click();
  await pressOk(staff, 'store-ok', () => expect(staffRow).toHaveAttribute('data-status', '9', { timeout: 3_000 }));
  const charged = await balances(page);
  expect(charged.frozen).toBe(funded.frozen);
  expect(funded.available - charged.available).toBe(10000n);

  // The receipt is issued and the holding appears.
  await page.goto('/sellerCenter/sales/warehouseOrder');
  await expect(page.getByTestId(`receipt-row-${applyId}`)).toContainText('在库');
  await page.goto('/matching/holdProduct');
  const holding = page.locator('[data-testid^="holding-row-"][data-status="0"]', { hasText: `${applyId}` });
  await expect(holding.getByTestId('holding-quantity')).toHaveText('100.000 捆');

  // Self pickup of 30 bundles: the seller gets a pickup code.
  await holding.getByTestId('pickup-open').click();
  await fillFields(page, { 'pickup-quantity': '30', contactName: '王师傅', contactPhone: '13912345678' });
  await page.getByTestId('pickup-submit').click();
  await pressOk(page, 'pickup-confirm-ok', () => expect(page.getByTestId('pickup-code')).toBeVisible({ timeout: 3_000 }));
  const code = ((await page.getByTestId('pickup-code').innerText()).match(/\d{6}/) ?? [''])[0];
  expect(code).toMatch(/^\d{6}$/);

  // The warehouse confirms the pickup with the code.
  await staff.getByTestId('tab-pickups').click();
  await staff.getByTestId('pickup-code-input').fill(code);
  await staff.getByTestId('pickup-confirm').click();
  await pressOk(staff, 'pickup-confirm-ok', () => expect(staff.getByText('操作成功').first()).toBeVisible({ timeout: 3_000 }));

  // The holding shows the remainder; the bill is picked up.
  await page.goto('/matching/holdProduct');
  await expect(page.locator('[data-testid^="holding-row-"][data-status="0"]', { hasText: `${applyId}` }).getByTestId('holding-quantity')).toHaveText('70.000 捆');
  await expect(page.locator('[data-testid^="holding-row-"][data-status="3"]', { hasText: `${applyId}` }).getByTestId('holding-quantity')).toHaveText('30.000 捆');
  await page.goto('/sellerCenter/logistics/selfBill');
  await expect(page.locator('[data-testid^="pickup-row-"]', { hasText: code }).getByTestId('bill-status')).toHaveText('已提货');
});
