import { expect, test } from '@playwright/test';
import { login, staffLogin } from './support';
import { balances, move, signWithIcbc, staff } from './commodity-capital';

const MAIN_ACCOUNT = '13800000003';

test('the demo enterprise signs with ICBC, funds in through the bank callback, and gets a failed fund out back', async ({ page, request }) => {
  // Two asynchronous bank round trips (each up to 20 s) on top of signing and four page loads.
  test.setTimeout(120_000);
  await login(page, MAIN_ACCOUNT);

  await signWithIcbc(page);
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
  await login(page, MAIN_ACCOUNT);
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
  await staffLogin(page, '/admin/bank');
  await expect(page.getByTestId('ops-table')).toBeVisible();
  await page.getByRole('tab', { name: '沙箱银行' }).click();
  await expect(page.getByTestId('sandbox-icbc')).toBeVisible();
  await page.getByRole('tab', { name: '交易商资金' }).click();
  await expect(page.getByTestId('funds-table')).toContainText('上海钢联贸易有限公司');
  await page.getByRole('tab', { name: '对账差异' }).click();
  await page.getByTestId('recon-run').click();
  await expect(page.getByText(/对账完成/)).toBeVisible();
});
