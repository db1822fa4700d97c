// The download centre: staff publish a document, anyone downloads it; the platform's texts are linked.
import { expect, test } from './page-errors';
import { staffWindow } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('staff publish a contract template with its version; a visitor finds it on /fileDownload with its size and reads the FAQ', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const title = `购销合同范本${Date.now() % 100000}`;
  const desk = await staffWindow(browser, '/admin/downloads');
  await desk.getByTestId('download-title').fill(title);
  await desk.getByTestId('download-version').fill('v3.2');
  await desk.locator('input[type=file]').setInputFiles({ name: 'template.pdf', mimeType: 'application/pdf', buffer: PDF });
  await desk.getByTestId('download-publish').click();
  await expect(desk.getByRole('row', { name: new RegExp(title) })).toContainText('v3.2');
  await desk.close();

  await page.goto('/fileDownload');
  await expect(page.getByTestId('page-heading').first()).toHaveText('下载中心');
  const row = page.getByTestId('documents').getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('v3.2');
  await expect(row).toContainText(`${(PDF.length / 1024).toFixed(1)} KB`);
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: '下载' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByRole('link', { name: '常见问题：入金与出金' }).click();
  await expect(page).toHaveURL(/\/footer\/footerDetails\/faq-funds$/);
  await expect(page.getByText('资金密码', { exact: false }).first()).toBeVisible();
});
