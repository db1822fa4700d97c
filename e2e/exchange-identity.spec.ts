import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, latestCode, logOut, sendCode } from './support';

test('a new user signs up on the exchange by e-mail, reaches the personal page and logs in again from a guarded address', async ({ page, request }) => {
  const email = `trader${Date.now()}@example.com`;
  await page.goto('/exchange/register');
  await page.getByTestId('register-way-email').click();
  await page.locator('#register_loginAccount').fill(email);
  await sendCode(page, request);
  await page.locator('#register_code').fill(await latestCode(request, email, 'register'));
  await page.locator('#register_password').fill('Trade@2026');
  await page.locator('#register_confirm').fill('Trade@2026');
  await page.locator('#register_termsAccepted').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-user').click();
  await expect(page).toHaveURL(/\/exchange\/user$/);
  await expect(page.getByTestId('account-info')).toContainText(email);

  await logOut(page);

  await page.goto('/exchange/user');
  await expect(page).toHaveURL(/\/exchange\/login\?redirect=%2Fuser$/);
  await page.locator('#login_loginAccount').fill(email);
  await page.locator('#login_password').fill('Trade@2026');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/exchange\/user$/);
  await expect(page.getByTestId('account-info')).toContainText(email);
});

test('the exchange and the commodity platform keep separate sessions on one origin', async ({ page }) => {
  await page.goto('/exchange/login');
  await page.locator('#login_loginAccount').fill('13800000001');
  await page.locator('#login_password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
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

  await page.locator('#login_loginAccount').fill(mobile);
  await page.locator('#login_password').fill('Reset@2026x');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
