import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

const MAIN_ACCOUNT = '13800000003';
const FUND_PASSWORD = '135790';
const BANK = { bankAccountName: '上海钢联贸易有限公司', bankAccount: '6222020200112233445', openBankName: '中国工商银行上海分行', openBankNum: '102290000011' };

/** Shown money ("1,000.50") as exact cents, so the test compares without floats. */
function cents(shown: string): bigint {
  const [whole = '0', fraction = ''] = shown.replace(/[,¥\s]/g, '').split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

async function login(page: Page) {
  await page.goto('/login?redirect=%2FcapitalCenter%2Finfo');
  await page.locator('#login_loginAccount').fill(MAIN_ACCOUNT);
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/capitalCenter\/info$/);
}

/** The back office's call, as staff make it from the sandbox bank console. */
async function staff(request: APIRequestContext, path: string, data: object) {
  const login = await request.post('/api/admin/login', { data: { account: 'admin', password: DEMO_PASSWORD } });
  const session = ((await login.json()) as { value: { sessionStr: string; staffId: string } }).value;
  const response = await request.post(path, { data, headers: { sessionstr: session.sessionStr, userid: session.staffId, firmid: '', terminaltype: '4' } });
  expect(((await response.json()) as { code: string }).code).toBe('0');
}

async function balances(page: Page) {
  await page.goto('/capitalCenter/info');
  await expect(page.getByTestId('balance-available')).toBeVisible();
  return { available: cents(await page.getByTestId('balance-available').innerText()), frozen: cents(await page.getByTestId('balance-frozen').innerText()) };
}

/** Fills and confirms the fund in / fund out form; the confirmation shows the amount. */
async function move(page: Page, path: string, amount: string, shown: string) {
  await page.goto(path);
  await page.getByTestId('field-amount').fill(amount);
  await page.getByTestId('field-pwd').fill(FUND_PASSWORD);
  await page.getByTestId('fund-submit').click();
  await expect(page.getByTestId('confirm-amount')).toContainText(`¥${shown}`);
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByTestId('sent-status')).toBeVisible();
}

test('the demo enterprise signs with ICBC, funds in through the bank callback, and gets a failed fund out back', async ({ page, request }) => {
  await login(page);

  // Fund password (kept when a previous run on the same database set it).
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
    await page.getByTestId('field-bankAccountName').fill(BANK.bankAccountName);
    await page.getByTestId('field-certNo').fill('91310000MA1FL0000X');
    await page.getByTestId('field-contactPhone').fill('13900000000');
    await submitDocument.click();
  }
  await expect(page.getByTestId('document-subaccount')).toHaveText(/^6222\d{16}$/);
  if ((await page.getByTestId('document-status').getAttribute('data-status')) === '0') {
    await page.getByTestId('document-sign').click();
    await expect(page).toHaveURL(/\/capitalCenter\/sign\?bankId=icbc/);
    await page.getByTestId('field-bankAccountName').fill(BANK.bankAccountName);
    await page.getByTestId('field-bankAccount').fill(BANK.bankAccount);
    await page.locator('#openBankName').fill(BANK.openBankName);
    await page.getByTestId('field-openBankNum').fill(BANK.openBankNum);
    await page.getByTestId('sign-submit').click();
    await expect(page.getByTestId('sign-result-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  }
  await page.goto('/capitalCenter/signListICBC');
  await expect(page.getByTestId('sign-table-icbc').locator('[data-status="1"]')).toBeVisible();

  // Fund in: paying until the sandbox bank's signed callback, then credited and in the flows.
  const before = await balances(page);
  await move(page, '/capitalCenter/deposit', '1000.509', '1,000.50');
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const afterDeposit = await balances(page);
  expect(afterDeposit.available - before.available).toBe(100050n);
  await expect(page.getByTestId('flow-table-available')).toContainText('+1,000.50');
  await expect(page.getByTestId('flow-table-available')).toContainText('入金');

  // Fund out that the bank fails: frozen while paying, released when the failure comes back.
  await staff(request, '/api/admin/bank/sandbox/control', { bankId: 'icbc', action: 'failNext' });
  await move(page, '/capitalCenter/withdraw', '300', '300.00');
  await expect(page.getByTestId('sent-status')).toHaveAttribute('data-status', '2', { timeout: 20_000 });
  const afterFailure = await balances(page);
  expect(afterFailure).toEqual(afterDeposit);
  await page.getByRole('tab', { name: '冻结流水' }).click();
  await expect(page.getByTestId('flow-table-frozen')).toContainText('出金解冻');
  await page.getByRole('tab', { name: '出入金记录' }).click();
  await expect(page.getByTestId('transfer-table').locator('[data-status="2"]').first()).toBeVisible();
});

test('the ICBC pages answer "not yet opened" while the bank function is off', async ({ page, request }) => {
  await login(page);
  await staff(request, '/api/admin/system/switches', { bankFunction: false });
  try {
    await page.goto('/capitalCenter/info-icbc');
    await expect(page.getByText('暂未开通')).toBeVisible();
    await expect(page).toHaveURL(/\/capitalCenter\/info$/);
  } finally {
    await staff(request, '/api/admin/system/switches', { bankFunction: true });
  }
  await page.goto('/capitalCenter/info-icbc');
  await expect(page.getByTestId('icbc-sign-status')).toBeVisible();
});

test('the back office shows bank operations, the sandbox banks and the firms’ funds', async ({ page }) => {
  await page.goto('/admin/bank');
  await page.locator('#adminLogin_loginAccount').fill('admin');
  await page.locator('#adminLogin_password').fill(DEMO_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('ops-table')).toBeVisible();
  await page.getByRole('tab', { name: '沙箱银行' }).click();
  await expect(page.getByTestId('sandbox-icbc')).toBeVisible();
  await page.getByRole('tab', { name: '交易商资金' }).click();
  await expect(page.getByTestId('funds-table')).toContainText('上海钢联贸易有限公司');
  await page.getByRole('tab', { name: '对账差异' }).click();
  await page.getByTestId('recon-run').click();
  await expect(page.getByText(/对账完成/)).toBeVisible();
});
