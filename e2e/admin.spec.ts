import { expect, test } from '@playwright/test';
import { staffLogin } from './support';

test('staff log in, find a user by mobile number and page through firms', async ({ page }) => {
  await staffLogin(page, '/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('staff-name')).toContainText('admin');

  await page.getByTestId('list-search').getByRole('searchbox').fill('13800000003');
  await page.getByTestId('list-search').getByRole('searchbox').press('Enter');
  const users = page.getByTestId('users-table');
  await expect(users).toContainText('王总');
  await expect(users.locator('tbody tr.ant-table-row')).toHaveCount(1);

  await page.getByRole('link', { name: '交易商管理' }).click();
  await expect(page.getByTestId('firms-table')).toContainText('上海钢联贸易有限公司');
});

test('a code sent on the commodity platform shows in the back office dev outbox', async ({ page, request }) => {
  const sent = await request.post('/api/code/send', { data: { account: '13800000002', purpose: 'login' } });
  expect(((await sent.json()) as { code: string }).code).toBe('0');

  await staffLogin(page, '/admin/outbox');
  await page.getByTestId('list-search').getByRole('searchbox').fill('13800000002');
  await page.getByTestId('list-search').getByRole('searchbox').press('Enter');
  await expect(page.getByTestId('outbox-table')).toContainText('login');
  await expect(page.getByTestId('outbox-table').locator('code').first()).toHaveText(/^\d{6}$/);
});

test('turning the upgrade notice on shows the upgrade page on the commodity platform, and off again restores it', async ({ page, browser }) => {
  await staffLogin(page, '/admin/system');
  await page.getByTestId('upgrade-notice').fill('系统维护中，预计一小时后恢复');
  await page.getByRole('button', { name: /保\s?存公告/ }).click();
  await expect(page.getByText('已保存').first()).toBeVisible();
  await page.getByTestId('switch-upgrade').click();
  await page.getByTestId('confirm-upgrade').click();
  await expect(page.getByTestId('switch-upgrade')).toHaveAttribute('aria-checked', 'true');

  const visitor = await browser.newPage();
  await visitor.goto('/index');
  await expect(visitor.getByText('系统维护中，预计一小时后恢复')).toBeVisible();

  await page.getByTestId('switch-upgrade').click();
  await page.getByTestId('confirm-upgrade').click();
  await expect(page.getByTestId('switch-upgrade')).toHaveAttribute('aria-checked', 'false');
  await visitor.goto('/index');
  await expect(visitor.getByTestId('home-heading')).toBeVisible();
  await visitor.close();
});
