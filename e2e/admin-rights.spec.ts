import { expect, test } from '@playwright/test';
import { staffLogin } from './support';

test('the reviewer finds no withdrawal approval: no menu entry, and its address shows no access', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 403) refused.push(res.url());
  });
  await staffLogin(page, '/admin/withdrawals', 'auditor');
  await expect(page).toHaveURL(/\/admin\/withdrawals$/);
  await expect(page.getByTestId('no-access')).toContainText('无权访问');
  await expect(page.getByTestId('page-heading')).toHaveCount(0);

  const menu = page.locator('.ant-layout-sider');
  await expect(menu.getByRole('link', { name: '高级认证审核' })).toBeVisible();
  await expect(menu.getByRole('link', { name: '提现审核' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '银行通道' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: '员工角色' })).toHaveCount(0);

  // A page the reviewer may use opens as usual.
  await menu.getByRole('link', { name: '高级认证审核' }).click();
  await expect(page.getByTestId('page-heading')).toBeVisible();
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  // The pages never asked the server for what it would refuse.
  expect(refused).toEqual([]);
});

test('the reviewer lands on a page they may open, not on the users page', async ({ page }) => {
  await staffLogin(page, '/admin/users', 'auditor', { fresh: true });
  await expect(page).not.toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('page-heading')).toBeVisible();
});

test('the super-administrator verifies the audit chain from the audit log', async ({ page }) => {
  await staffLogin(page, '/admin/audit');
  await expect(page.getByTestId('page-heading')).toHaveText('审计日志');
  await page.getByTestId('audit-verify').click();
  await expect(page.getByTestId('audit-verify-result')).toContainText('审计链完整');
  await page.locator('.ant-layout-sider').getByRole('link', { name: '员工角色' }).click();
  await expect(page.getByTestId('roles-table')).toContainText('审核员');
  await expect(page.getByTestId('roles-table')).toContainText('财务');
});
