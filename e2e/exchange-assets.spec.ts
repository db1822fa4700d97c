import { expect, test } from '@playwright/test';
import { logOut, submitLogin } from './support';

test('a funded user sees the valuation, moves USDT from spot to contract with a confirmation, and finds it in the financial log', async ({ page }) => {
  await page.goto('/exchange/assets');
  await expect(page).toHaveURL(/\/exchange\/login\?redirect=%2Fassets$/);
  await submitLogin(page, '13800000001');
  await expect(page).toHaveURL(/\/exchange\/assets$/);

  const balances = page.getByTestId('balances-table');
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('10,000.000000');

  await page.getByTestId('transfer-USDT').click();
  await expect(page.getByTestId('transfer-available')).toContainText('10,000.000000 USDT');
  await page.locator('#transfer_amount').fill('250.5');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm').click();
  await expect(page.getByText('划转成功')).toBeVisible();

  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('9,749.500000');
  await page.getByTestId('tab-contract').click();
  await expect(balances.locator('tr[data-row-key="USDT"]')).toContainText('250.500000');

  // Valuation is unchanged by a move between the user's own accounts.
  await expect(page.getByTestId('total-value')).toContainText('62,100.00');

  await page.getByRole('link', { name: '财务日志' }).click();
  await page.getByTestId('flow-account').click();
  await page.getByTitle('合约账户').click();
  await expect(page.getByTestId('flow-table')).toContainText('划转');
  await expect(page.getByTestId('flow-table')).toContainText('250.500000');
});

test('a transfer larger than the balance is refused in the form and nothing moves', async ({ page }) => {
  await page.goto('/exchange/login?redirect=%2Fassets');
  await submitLogin(page, '13800000001');
  await page.getByTestId('transfer-BTC').click();
  await page.locator('#transfer_amount').fill('0.6');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('超过可用余额')).toBeVisible();
  await page.locator('#transfer_amount').fill('0.123456789');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByText('数量最多 8 位小数')).toBeVisible();
});

test('the exchange keeps one session across tabs, and logging out in one tab logs out the other', async ({ page }) => {
  await page.goto('/exchange/login?redirect=%2Fassets');
  await submitLogin(page, '13800000001');
  await expect(page.getByTestId('balances-table')).toBeVisible();

  // A second tab of the same browser opens a page that needs a login without being asked for one.
  const second = await page.context().newPage();
  await second.goto('/exchange/assets/flow');
  await expect(second).toHaveURL(/\/exchange\/assets\/flow$/);
  await expect(second.getByTestId('flow-table')).toBeVisible();
  await expect(second.getByTestId('user-menu')).toBeVisible();

  await logOut(second);
  // The first tab follows at once: its header offers the login, and its page sends it to login.
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page).toHaveURL(/\/exchange\/login\?redirect=%2Fassets$/);
  await second.close();
});
