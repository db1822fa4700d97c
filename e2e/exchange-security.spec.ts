import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, latestCode, logOut, register, sendCode, submitLogin } from './support';

/** What an authenticator app shows now for the secret the set-up page showed. */
const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** Each code is accepted once: the next one comes with the authenticator's next 30-second step. */
async function nextStep(page: Page): Promise<void> {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
}

/** Staff send `amount` BTC to the address from the simulated chain and mine it to its confirmations. */
async function depositBtc(request: APIRequestContext, address: string, amount: string): Promise<void> {
  const login = await request.post('/api/admin/login', { data: { account: 'admin', password: DEMO_PASSWORD } });
  const staff = ((await login.json()) as { value: { sessionStr: string; staffId: string } }).value;
  const headers = { sessionstr: staff.sessionStr, userid: staff.staffId };
  for (const [path, data] of [
    ['/api/admin/chain/deposit', { chain: 'BTC', address, asset: 'BTC', amount }],
    ['/api/admin/chain/mine', { chain: 'BTC', blocks: 2 }],
  ] as const) {
    const body = (await (await request.post(path, { data, headers })).json()) as { code: string; message: string };
    expect(body.code, `${path}: ${body.message}`).toBe('0');
  }
}

/** Turns two-factor authentication on from the security page, with the code computed from the secret it shows; returns the secret. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.goto('/exchange/user/security');
  await expect(page.getByTestId('two-factor-state')).toHaveText('未开启');
  await page.getByTestId('two-factor-start').click();
  await expect(page.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByTestId('two-factor-code').fill(codeOf(secret));
  await page.getByTestId('two-factor-confirm').click();
  const recovery = page.getByTestId('recovery-codes').locator('li');
  await expect(recovery).toHaveCount(10);
  await expect(recovery.first()).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await page.getByTestId('recovery-codes-saved').click();
  await expect(page.getByTestId('two-factor-state')).toHaveText('已开启');
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10');
  return secret;
}

test('a user turns on two-factor authentication with the code computed from the shown secret, logs out, logs in with a code and withdraws with one', async ({ page, request }) => {
  test.setTimeout(240_000);
  const mobile = await register(page, request, { at: '/exchange/register' });

  await page.goto('/exchange/assets/deposit?asset=BTC');
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^bc1q/);
  await depositBtc(request, address, '0.5');

  await page.goto('/exchange/user/security');
  await page.locator('#setFundPassword_password').fill('246810');
  await page.locator('#setFundPassword_confirm').fill('246810');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-state')).toHaveText('已设置');

  const secret = await turnOnTwoFactor(page);

  await logOut(page);
  await page.goto('/exchange/login?redirect=%2Fassets%2Fwithdraw%3Fasset%3DBTC');
  await submitLogin(page, mobile, 'Trade@2026');
  // The password was right: the second step asks for the authenticator's code.
  await expect(page.getByTestId('login-totp-code')).toBeVisible();
  await nextStep(page);
  await page.getByTestId('login-totp-code').fill(codeOf(secret));
  await page.getByTestId('login-totp-submit').click();
  await expect(page).toHaveURL(/\/exchange\/assets\/withdraw\?asset=BTC$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await expect(page.getByTestId('withdraw-available')).toContainText('0.5', { timeout: 20_000 });
  await page.locator('#withdraw_address').fill('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  await page.locator('#withdraw_amount').fill('0.1');
  await page.locator('#withdraw_fundPassword').fill('246810');
  // Without the code the form does not send.
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('请输入两步验证码')).toBeVisible();
  await nextStep(page);
  await page.getByTestId('second-factor-code').fill(codeOf(secret));
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByTestId('withdrawal-records')).toContainText('0.1');
  await expect(page.getByTestId('withdrawal-records')).toContainText('审核中');
});

test('with two-factor authentication on, a forgotten password is reset only with the authenticator code as well as the SMS code', async ({ page, request }) => {
  test.setTimeout(240_000);
  const mobile = await register(page, request, { at: '/exchange/register' });
  const registeredAt = Date.now();
  const secret = await turnOnTwoFactor(page);
  await logOut(page);

  await page.goto('/exchange/forget');
  await page.locator('#forget_loginAccount').fill(mobile);
  // One code a minute per account: the sign-up's went out just before.
  await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
  await sendCode(page, request);
  await page.locator('#forget_code').fill(await latestCode(request, mobile, 'reset'));
  await page.locator('#forget_password').fill('Reset@2026x');
  await page.locator('#forget_confirm').fill('Reset@2026x');
  await page.getByTestId('forget-submit').click();

  // The SMS code was right: the page asks for the authenticator's code, the form kept as typed.
  await expect(page.getByTestId('second-factor-code')).toBeVisible();
  await expect(page.getByText('请输入两步验证码')).toBeVisible();
  await expect(page.locator('#forget_loginAccount')).toHaveValue(mobile);
  await expect(page.locator('#forget_password')).toHaveValue('Reset@2026x');
  await nextStep(page);
  await page.getByTestId('second-factor-code').fill(codeOf(secret));
  await page.getByTestId('forget-submit').click();
  await expect(page).toHaveURL(/\/exchange\/login$/);

  await submitLogin(page, mobile, 'Reset@2026x');
  await expect(page.getByTestId('login-totp-code')).toBeVisible();
  await nextStep(page);
  await page.getByTestId('login-totp-code').fill(codeOf(secret));
  await page.getByTestId('login-totp-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
