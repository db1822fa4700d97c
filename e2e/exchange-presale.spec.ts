import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './page-errors';
import { apiCall as call, type ApiHeaders as Headers, freshMobile, latestCode, pressOk, residentId, staffApiHeaders, staffLogin, submitLogin } from './support';


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

/** The browser's local wall-clock time of an instant, as the back office's date pickers show and accept it. */
function pickerTime(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Picks an option of the back-office form's select whose input has this id. */
async function choose(page: Page, id: string, option: string) {
  await expect(async () => {
    const select = page.locator('.ant-select', { has: page.locator(`#${id}`) });
    if (!(await select.evaluate((el) => el.classList.contains('ant-select-open')))) await select.click();
    await page.locator(`.ant-select-dropdown:has([id="${id}_list"])`).locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 5_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('staff publish a project, a user subscribes, the project ends, the allocation and refund show, and the tokens unlock in stages on the sandbox clock', async ({ browser, page, request }) => {
  test.setTimeout(180_000);

  // The project's window is set on the server's trading clock, which the sandbox may have moved already.
  const listed = (await (await request.get('/api/presale/projects?page=0&size=1')).json()) as { value: { content: { projectId: string }[] } };
  const detail = (await (await request.get(`/api/presale/project?projectId=${listed.value.content[0]!.projectId}`)).json()) as { value: { serverTime: string } };
  const now = new Date(detail.value.serverTime).getTime();

  // Staff publish the project through the back office's form.
  const desk = await browser.newPage();
  await staffLogin(desk, '/admin/presale');
  await desk.getByTestId('presale-create').click();
  const form = desk.getByRole('dialog');
  await expect(form.getByTestId('presale-name')).toBeVisible();
  const fields: Record<string, string> = {
    name: 'Journey Coin 预售',
    companyName: 'Journey Labs Pte. Ltd.',
    coinName: 'Journey Coin',
    coinType: 'ERC-20',
    abbreviation: 'JNY',
    website: 'https://journey.example',
    contractAddress: '0x1234',
    whitePaper: 'https://journey.example/wp.pdf',
    chatGroup: 't.me/journey',
    totalIssue: '1000000',
    amount: '100',
    price: '2',
    minPurchase: '10',
    maxPurchase: '100',
    exchangeRatio: '1',
    feeRate: '0.001',
    paymentCurrency: 'USDT',
  };
  for (const [name, value] of Object.entries(fields)) await form.getByTestId(`presale-${name}`).fill(value);
  await form.locator('#quantityPlaces').fill('2');
  await form.locator('#introduction').fill('旅程币用于社区治理。');
  // The range picker marks both its inputs, start and end, with the test id.
  const range = form.getByTestId('presale-window');
  await range.first().click();
  await range.first().fill(pickerTime(now - 60_000));
  await range.first().press('Enter');
  await range.last().fill(pickerTime(now + 30 * 60_000));
  await range.last().press('Enter');
  await expect(range.first()).toHaveValue(pickerTime(now - 60_000));
  await expect(range.last()).toHaveValue(pickerTime(now + 30 * 60_000));
  await choose(desk, 'allocation', '按比例配售');
  await choose(desk, 'lockupRule', '分期解锁');
  await form.locator('#unlockStages_0_afterDays').fill('1');
  await form.locator('#unlockStages_0_percent').fill('50');
  await form.locator('#unlockStages_1_afterDays').fill('2');
  await form.locator('#unlockStages_1_percent').fill('50');
  await form.getByTestId('presale-save').click();
  const saved = desk.waitForResponse((response) => response.url().endsWith('/api/admin/presale/projects/save'));
  await pressOk(desk, 'presale-publish-ok', () => expect(desk.getByText('项目已发布')).toBeVisible({ timeout: 2_000 }));
  const project = ((await (await saved).json()) as { value: { projectId: string } }).value;
  const published = desk.getByTestId('presale-projects').locator(`tbody tr[data-row-key="${project.projectId}"]`);
  await expect(published).toContainText('Journey Coin 预售 (JNY)');
  await expect(published).toContainText('按比例配售');
  await expect(published).toContainText('进行中');
  await desk.close();

  // Staff's own session for the simulated chain and the sandbox clock; it ends the back office's one.
  const staff = await staffApiHeaders(request);

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
