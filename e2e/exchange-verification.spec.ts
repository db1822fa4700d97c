import { expect, test } from '@playwright/test';
import { PNG, register, residentId, staffWindow, verifyExchangeRealName } from './support';

test('a new user verifies the real name, submits senior verification, staff pass it, and the user sees it passed', async ({ page, request, browser }) => {
  const mobile = await register(page, request, { at: '/exchange/register' });  await verifyExchangeRealName(page, '张三丰', residentId(`11010519900101${mobile.slice(-3)}`));

  await page.locator('#seniorVerification_name').fill('张三丰');
  await page.locator('#seniorVerification_certificateName').fill('居民身份证');
  await page.locator('#seniorVerification_certificateNumber').fill('A12345678');
  await page.locator('#seniorVerification_validity').click();
  await page.locator('#seniorVerification_validity').fill('2021-01-01');
  await page.locator('#seniorVerification_validity').press('Enter');
  await page.getByPlaceholder('结束日期').fill('2036-01-01');
  await page.getByPlaceholder('结束日期').press('Enter');
  const files = page.locator('input[type=file]');
  for (let i = 0; i < 3; i++) await files.nth(i).setInputFiles({ name: `photo${i}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-upload img')).toHaveCount(3);
  await page.getByTestId('senior-submit').click();
  await expect(page.getByTestId('verification-status')).toContainText('审核中');

  const staff = await staffWindow(browser, '/admin/verification');
  await staff.getByTestId('list-search').getByRole('searchbox').fill(mobile);
  await staff.getByTestId('list-search').getByRole('searchbox').press('Enter');
  await expect(staff.getByTestId('senior-table')).toContainText('A12345678');
  await staff.getByTestId('senior-table').getByRole('button', { name: /审\s?核/ }).click();
  await expect(staff.locator('.ant-drawer img')).toHaveCount(3);
  await staff.getByTestId('approve').click();
  await staff.getByTestId('confirm-approve').click();
  await expect(staff.getByText('已通过').first()).toBeVisible();
  await staff.close();

  await page.reload();
  await expect(page.getByTestId('verification-status')).toContainText('已认证');
  await expect(page.getByTestId('verification-status')).not.toContainText('审核中');
});

test('a user sets a six-digit fund password, and a wrong format is refused naming the rule', async ({ page, request }) => {
  await register(page, request, { at: '/exchange/register' });
  await page.goto('/exchange/user/security');
  await expect(page.getByTestId('fund-password-state')).toHaveText('未设置');
  await page.locator('#setFundPassword_password').fill('12ab');
  await page.locator('#setFundPassword_confirm').fill('12ab');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByText('资金密码须为 6 位数字')).toBeVisible();
  await page.locator('#setFundPassword_password').fill('135790');
  await page.locator('#setFundPassword_confirm').fill('135790');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-state')).toHaveText('已设置');
});

test('a sign-up through an invitation link appears, masked, in the inviter’s invitation record', async ({ page, request, browser }) => {
  await register(page, request, { at: '/exchange/register' });
  await page.goto('/exchange/user/invite');
  const link = (await page.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/exchange\/register\/[A-Z0-9]{8}$/);

  const friend = await browser.newPage();
  const mobile = await register(friend, request, { at: link, invitationCode: link.split('/').pop() ?? '' });
  await friend.close();

  await page.reload();
  await expect(page.getByTestId('invite-records')).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
});
