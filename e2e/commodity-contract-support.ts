import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { pdfText } from '../apps/server/test/pdf-text';

// Steps every journey that ends in a signed contract shares: the firm's seal, signing from the
// contract list, downloading the signed copy and checking it against the platform's record.

export const VERIFIED = '验证通过：文件未被篡改，双方签名均有效';

/** Uploads the firm's seal in the personal center when it has none yet (a rerun on the same database keeps it). */
export async function ensureSeal(page: Page, color: { r: number; g: number; b: number }) {
  await page.goto('/personalCenter/electronicSignature');
  const empty = page.getByTestId('seal-empty');
  await expect(empty.or(page.locator('.ant-image img'))).toBeVisible();
  if (!(await empty.isVisible())) return;
  const seal = await sharp({ create: { width: 240, height: 240, channels: 4, background: { ...color, alpha: 1 } } }).png().toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: seal });
  await expect(empty).toBeHidden();
}

/** Signs the pick's contract from the contract list the page shows, through its confirmation. */
export async function signFromList(page: Page, pickId: string): Promise<Locator> {
  const row = page.getByTestId(`contract-row-${pickId}`);
  await row.getByTestId('contract-sign').click();
  await page.getByTestId('contract-sign-ok').click();
  return row;
}

/** Downloads the contract of a list row; the file is named after the contract number. */
export async function downloadContract(page: Page, row: Locator, contractNo: string): Promise<{ pdf: Buffer; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('contract-download').click()]);
  expect(download.suggestedFilename()).toBe(`${contractNo}.pdf`);
  const pdf = await readFile((await download.path())!);
  return { pdf, text: pdfText(pdf) };
}

/** What the public verify endpoint answers for a contract file. */
export async function verifyUpload(request: APIRequestContext, contractNo: string, pdf: Buffer) {
  const reply = (await (await request.post('/api/contract/verify/upload', { multipart: { file: { name: `${contractNo}.pdf`, mimeType: 'application/pdf', buffer: pdf } } })).json()) as {
    value: { ok: boolean; tampered: boolean; contractNo: string; message: string };
  };
  return reply.value;
}

/** The contract page's own check of a file the user holds. */
export async function verifyOnPage(page: Page, contractNo: string, pdf: Buffer) {
  await page.getByTestId('contract-verify-file').click();
  await page.locator('.ant-modal input[type=file]').setInputFiles({ name: `${contractNo}.pdf`, mimeType: 'application/pdf', buffer: pdf });
}
