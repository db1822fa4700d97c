import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logOut, registerPersonal, submitLogin } from './support';

test('a new user registers, logs out, and logging in again brings them back to the page they asked for', async ({ page, request }) => {
  const mobile = await registerPersonal(page, request);

  await logOut(page);

  // A guarded page sends the visitor to login and, after login, back to itself.
  await page.goto('/personalCenter/accountInfo');
  await expect(page).toHaveURL(/\/login\?redirect=%2FpersonalCenter%2FaccountInfo/);
  await submitLogin(page, mobile, 'Trade@2026');
  await expect(page).toHaveURL(/\/personalCenter\/accountInfo$/);
  await expect(page.getByTestId('account-info')).toContainText(mobile.slice(-4));
});

test('a wrong password is refused with a message and the form keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, '13800000001', 'Wrong@000000');
  await expect(page.locator('.ant-message')).toBeVisible();
  await expect(page.locator('#login_loginAccount')).toHaveValue('13800000001');
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

test('a session replaced by a login elsewhere tells the user and returns them to login', async ({ page, request }) => {
  await page.goto('/login');
  await submitLogin(page, '13800000002');
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The same account logs in on another device.
  const other = await request.post('/api/user/login', { data: { loginAccount: '13800000002', password: DEMO_PASSWORD } });
  expect(((await other.json()) as { code: string }).code).toBe('0');

  await page.goto('/personalCenter/accountInfo');
  await expect(page.getByText('您的账号已在其他地方登录，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
});

test('a QR login waiting in one browser completes when a logged-in device confirms it', async ({ browser, page }) => {
  await page.goto('/QRCodeLogin');
  const uuid = await page.getByTestId('qr-image').getAttribute('data-uuid');
  expect(uuid).toBeTruthy();

  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await submitLogin(phonePage, '13800000001');
  await expect(phonePage.getByTestId('user-menu')).toBeVisible();
  await phonePage.goto(`/QRCodeLogin?confirm=${uuid}`);
  await phonePage.getByTestId('qr-confirm').click();
  await expect(phonePage.getByTestId('qr-confirm-done')).toBeVisible();
  await phone.close();

  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
});

for (const [accept, lang, loginLabel] of [
  // Ant Design spaces out a two-character Chinese button label.
  ['zh-CN,zh;q=0.9', 'zh-CN', /^登\s?录$/],
  ['zh-TW,zh;q=0.9', 'zh-TW', /^登\s?入$/],
  ['en-US,en;q=0.9', 'en', /^Log in$/],
  ['fr-FR,fr;q=0.9', 'zh-CN', /^登\s?录$/],
] as const) {
  test(`a first visit with browser language ${accept} shows the platform in ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ locale: accept.split(',')[0], extraHTTPHeaders: { 'Accept-Language': accept } });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('login-submit')).toHaveText(loginLabel);
    await context.close();
  });
}
