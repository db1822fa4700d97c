import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

// The capital center as a commodity firm's main account uses it: shared by the bank and the enterprise journeys.

export const FUND_PASSWORD = '135790';
export const BANK = { bankAccountName: '上海钢联贸易有限公司', bankAccount: '6222020200112233445', openBankName: '中国工商银行上海分行', openBankNum: '102290000011' };

/** Shown money ("1,000.50") as exact cents, so the test compares without floats. */
export function cents(shown: string): bigint {
  const [whole = '0', fraction = ''] = shown.replace(/[,¥\s]/g, '').split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** The back office's call, as staff make it from the sandbox bank console. */
export async function staff(request: APIRequestContext, path: string, data: object) {
  const login = await request.post('/api/admin/login', { data: { account: 'admin', password: DEMO_PASSWORD } });
  const session = ((await login.json()) as { value: { sessionStr: string; staffId: string } }).value;
  const response = await request.post(path, { data, headers: { sessionstr: session.sessionStr, userid: session.staffId, firmid: '', terminaltype: '4' } });
  expect(((await response.json()) as { code: string }).code).toBe('0');
}

export async function balances(page: Page) {
  await page.goto('/capitalCenter/info');
  await expect(page.getByTestId('balance-available')).toBeVisible();
  return { available: cents(await page.getByTestId('balance-available').innerText()), frozen: cents(await page.getByTestId('balance-frozen').innerText()) };
}

/** Fills and confirms the fund in / fund out form; the confirmation shows the amount. */
export async function move(page: Page, path: string, amount: string, shown: string) {
  await page.goto(path);
  await page.getByTestId('field-amount').fill(amount);
  await page.getByTestId('field-pwd').fill(FUND_PASSWORD);
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('confirm-amount')).toContainText(`¥${shown}`);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('sent-status')).toBeVisible();
}

/**
 * Sets the fund password (kept when a run on the same database set it), creates the ICBC document
 * and signs with ICBC: in transit until the bank's callback, then signed.
 */
export async function signWithIcbc(page: Page, accountName = BANK.bankAccountName): Promise<void> {
  await page.goto('/capitalCenter/setPwd');
  await expect(page.getByTestId('pwd-status-fund')).toBeVisible();
  if ((await page.getByTestId('pwd-status-fund').innerText()) === '未设置') {
    await page.getByTestId('field-password').fill(FUND_PASSWORD);
    await page.getByTestId('field-confirm').fill(FUND_PASSWORD);
    await page.getByTestId('pwd-submit').click();
    await expect(page.getByTestId('pwd-status-fund')).toHaveText('已设置');
  }

  // ICBC document (0 unsigned), then the sign: 3 in transit until the bank's callback, then 1 signed.
  await page.goto('/personalCenter/createDocumentICBC');
  const submitDocument = page.getByTestId('document-submit');
  await expect(submitDocument.or(page.getByTestId('document-status'))).toBeVisible();
  if (await submitDocument.isVisible()) {
    await page.getByTestId('field-bankAccountName').fill(accountName);
    await page.getByTestId('field-certNo').fill('91310000MA1FL0000X');
    await page.getByTestId('field-contactPhone').fill('13900000000');
    await submitDocument.click();
  }
  await expect(page.getByTestId('document-subaccount')).toHaveText(/^6222\d{16}$/);
  if ((await page.getByTestId('document-status').getAttribute('data-status')) === '0') {
    await page.getByTestId('document-sign').click();
    await expect(page).toHaveURL(/\/capitalCenter\/sign\?bankId=icbc/);
    await page.getByTestId('field-bankAccountName').fill(accountName);
    await page.getByTestId('field-bankAccount').fill(BANK.bankAccount);
    await page.locator('#openBankName').fill(BANK.openBankName);
    await page.getByTestId('field-openBankNum').fill(BANK.openBankNum);
    await page.getByTestId('sign-submit').click();
    await expect(page.getByTestId('sign-result-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  }
}
