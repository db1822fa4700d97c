import { expect, test } from '@playwright/test';
import { latestCode, logOut, register, sendCode, submitLogin } from './support';

test('a new user signs up on the exchange by e-mail, reaches the personal page and logs in again from a guarded address', async ({ page, request }) => {
  const email = await register(page, request, { at: '/exchange/register', email: `trader${Date.now()}@example.com` });

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-user').click();
  await expect(page).toHaveURL(/\/exchange\/user$/);
  await expect(page.getByTestId('account-info')).toContainText(email);

  await logOut(page);

  await page.goto('/exchange/user');
  await expect(page).toHaveURL(/\/exchange\/login\?redirect=%2Fuser$/);
  await submitLogin(page, email, 'Trade@2026');
  await expect(page).toHaveURL(/\/exchange\/user$/);
  await expect(page.getByTestId('account-info')).toContainText(email);
});

test('the exchange and the commodity platform keep separate sessions on one origin', async ({ page }) => {
  await page.goto('/exchange/login');
  await submitLogin(page, '13800000001');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.goto('/personalCenter/accountInfo');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a forgotten exchange password is reset with a code and the new one logs in', async ({ page, request }) => {
  const mobile = '13800000005';
  await page.goto('/exchange/forget');
  await page.locator('#forget_loginAccount').fill(mobile);
  await sendCode(page, request);
  await page.locator('#forget_code').fill(await latestCode(request, mobile, 'reset'));
  await page.locator('#forget_password').fill('Reset@2026x');
  await page.locator('#forget_confirm').fill('Reset@2026x');
  await page.getByTestId('forget-submit').click();
  await expect(page).toHaveURL(/\/exchange\/login$/);

  await submitLogin(page, mobile, 'Reset@2026x');
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
