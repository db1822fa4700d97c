import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './page-errors';
import { DEMO_PASSWORD, freshMobile, latestCode, residentId, submitLogin } from './support';

type Headers = Record<string, string>;

async function call(request: APIRequestContext, path: string, data: unknown, headers: Headers = {}) {
  const res = await request.post(path, { data, headers });
  const body = (await res.json()) as { code: string; message: string; value: Record<string, string> };
  expect(body.code, `${path}: ${body.message}`).toBe('0');
  return body.value;
}

/** A real-name verified user holding 1000 USDT from a confirmed deposit on the simulated chain. */
async function fundedUser(request: APIRequestContext, staff: Headers): Promise<{ mobile: string; auth: Headers }> {
  const mobile = freshMobile();
  await call(request, '/api/code/send', { account: mobile, purpose: 'register' });
  const session = await call(request, '/api/user/register', { registerWay: 'mobile', loginAccount: mobile, code: await latestCode(request, mobile, 'register'), password: 'Trade@2026', termsAccepted: true });
  const auth = { sessionstr: session.sessionStr ?? '', userid: session.userId ?? '', firmid: session.firmId ?? '' };
  await call(request, '/api/verification/basic', { name: '认购人', idNumber: residentId(`44030519900909${mobile.slice(-3)}`) }, auth);
  const { address } = await call(request, '/api/wallet/deposit/address', { asset: 'USDT' }, auth);
  await call(request, '/api/admin/chain/deposit', { chain: 'ETH', address, asset: 'USDT', amount: '1000' }, staff);
  await call(request, '/api/admin/chain/mine', { chain: 'ETH', blocks: 12 }, staff);
  return { mobile, auth };
}

test('staff publish a project, a user subscribes, the project ends, the allocation and refund show, and the tokens unlock in stages on the sandbox clock', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await call(request, '/api/admin/login', { account: 'admin', password: DEMO_PASSWORD });
  const staff = { sessionstr: login.sessionStr ?? '', userid: login.staffId ?? '' };

  // The project's window is set on the server's trading clock, which the sandbox may have moved already.
  const listed = (await (await request.get('/api/presale/projects?page=0&size=1')).json()) as { value: { content: { projectId: string }[] } };
  const detail = (await (await request.get(`/api/presale/project?projectId=${listed.value.content[0]!.projectId}`)).json()) as { value: { serverTime: string } };
  const now = new Date(detail.value.serverTime).getTime();
  const project = await call(
    request,
    '/api/admin/presale/projects/save',
    {
      name: 'Journey Coin 预售',
      companyName: 'Journey Labs Pte. Ltd.',
      coinName: 'Journey Coin',
      coinType: 'ERC-20',
      abbreviation: 'JNY',
      website: 'https://journey.example',
      contractAddress: '0x1234',
      whitePaper: 'https://journey.example/wp.pdf',
      chatGroup: 't.me/journey',
      introduction: '旅程币用于社区治理。',
      totalIssue: '1000000',
      startTime: new Date(now - 60_000).toISOString(),
      endTime: new Date(now + 30 * 60_000).toISOString(),
      price: '2',
      amount: '100',
      minPurchase: '10',
      maxPurchase: '100',
      paymentCurrency: 'USDT',
      exchangeRatio: '1',
      lockupRule: 'stages',
      unlockStages: [
        { afterDays: 1, percent: '50' },
        { afterDays: 2, percent: '50' },
      ],
      allocation: 'prorata',
      feeRate: '0.001',
      quantityPlaces: 2,
    },
    staff,
  );

  const buyer = await fundedUser(request, staff);
  const other = await fundedUser(request, staff);

  await page.goto('/exchange/login?redirect=%2Fpresale');
  await submitLogin(page, buyer.mobile, 'Trade@2026');
  await expect(page).toHaveURL(/\/exchange\/presale$/);
  await page.getByTestId(`presale-open-${project.projectId}`).click();
  await expect(page.getByTestId('page-heading')).toHaveText('Journey Coin 预售');
  await expect(page.getByTestId('presale-countdown')).toContainText('距结束');
  await expect(page.getByTestId('presale-rules')).toContainText('超额认购时按比例配售');
  await page.getByTestId('presale-quantity').fill('80');
  await expect(page.getByTestId('presale-payment')).toContainText('160.16 USDT');
  await page.getByTestId('presale-buy').click();
  await page.getByTestId('presale-confirm').click();
  await expect(page.getByText('成交成功')).toBeVisible();

  // A second subscriber oversubscribes the sale: 160 asked for 100.
  await call(request, '/api/presale/subscribe', { projectId: project.projectId, quantity: '80', paymentCurrency: 'USDT' }, other.auth);

  const records = async () => {
    await page.goto('/exchange/presale/records');
    return page.getByTestId('presale-subscriptions').locator('tbody tr.ant-table-row').first();
  };
  await expect(await records()).toContainText('认购中');
  await call(request, '/api/admin/sandbox/clock', { advanceHours: 1 }, staff);
  // Each 80 wins 50: 100 paid and 0.1 fee of the 160.16 frozen, 60.06 refunded.
  await expect(async () => {
    const row = await records();
    await expect(row).toContainText('成功', { timeout: 1000 });
    await expect(row.getByTestId('presale-refund')).toHaveText('60.06 USDT', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const placements = page.getByTestId('presale-placements');
  await expect(placements.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(placements).toContainText('待解锁');

  await call(request, '/api/admin/sandbox/clock', { advanceHours: 24 }, staff);
  await expect(async () => {
    await page.goto('/exchange/presale/records');
    await expect(placements.locator('tbody tr.ant-table-row').filter({ hasText: '待解锁' })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await call(request, '/api/admin/sandbox/clock', { advanceHours: 24 }, staff);
  await expect(async () => {
    await page.goto('/exchange/presale/records');
    await expect(placements.locator('tbody tr.ant-table-row').filter({ hasText: '待解锁' })).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const row = page.getByTestId('presale-subscriptions').locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText('50');
});
