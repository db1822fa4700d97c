import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freshMobile, latestCode, submitLogin } from './support';

/** A signed call of the Binance-shaped API with the key the page handed out. */
async function signedAccount(request: APIRequestContext, apiKey: string, secret: string) {
  const query = `timestamp=${Date.now()}&recvWindow=10000`;
  const signature = createHmac('sha256', secret).update(query).digest('hex');
  const response = await request.get(`/api/v3/account?${query}&signature=${signature}`, { headers: { 'X-MBX-APIKEY': apiKey } });
  return { status: response.status(), body: (await response.json()) as { code?: number; balances?: { asset: string; free: string }[] } };
}

test('a user creates an API key, sees the secret once, calls the API with it, and deletes it', async ({ page, request }) => {
  const mobile = freshMobile();
  await request.post('/api/code/send', { data: { account: mobile, purpose: 'register' } });
  const registered = await request.post('/api/user/register', {
    data: { registerWay: 'mobile', loginAccount: mobile, code: await latestCode(request, mobile, 'register'), password: 'Trade@2026', termsAccepted: true },
  });
  expect(((await registered.json()) as { code: string }).code).toBe('0');

  await page.goto('/exchange/login?redirect=%2Fuser%2Fapi-keys');
  await submitLogin(page, mobile, 'Trade@2026');
  await expect(page).toHaveURL(/\/exchange\/user\/api-keys$/);

  await page.getByTestId('apikey-label').fill('grid bot');
  await page.getByTestId('apikey-scope-trade').click();
  await page.getByTestId('apikey-create').click();
  const apiKey = (await page.getByTestId('apikey-created-key').textContent()) ?? '';
  const secret = (await page.getByTestId('apikey-created-secret').textContent()) ?? '';
  expect(apiKey).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
  await page.getByTestId('apikey-secret-saved').click();

  // Listed by label and key; the secret is never shown again.
  const list = page.getByTestId('apikey-list');
  await expect(list).toContainText('grid bot');
  await expect(list).not.toContainText(secret);
  await page.reload();
  await expect(page.getByTestId('apikey-list')).toContainText('grid bot');
  await expect(page.locator('body')).not.toContainText(secret);

  const ok = await signedAccount(request, apiKey, secret);
  expect(ok.status).toBe(200);
  expect(ok.body.balances?.map((b) => b.asset)).toContain('USDT');
  expect((await signedAccount(request, apiKey, 'x'.repeat(64))).body.code).toBe(-1022);

  await page.locator('[data-testid^="apikey-delete-"]').click();
  await page.locator('.ant-popconfirm-buttons .ant-btn-dangerous').click();
  await expect(page.getByTestId('apikey-list')).not.toContainText('grid bot');
  const refused = await signedAccount(request, apiKey, secret);
  expect(refused.status).toBe(401);
  expect(refused.body.code).toBe(-2015);
});
