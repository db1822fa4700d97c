import { expect, test } from '@playwright/test';
import { register, residentId, staffWindow, verifyExchangeRealName } from './support';

test('sign up, verify, receive a deposit that confirms live, move part of it to the contract account, withdraw with the fund password, staff approve, completed', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const mobile = await register(page, request, { at: '/exchange/register' });
  await verifyExchangeRealName(page, '李四光', residentId(`11010519850505${mobile.slice(-3)}`));

  await page.goto('/exchange/user/security');
  await page.locator('#setFundPassword_password').fill('246810');
  await page.locator('#setFundPassword_confirm').fill('246810');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-state')).toHaveText('已设置');

  await page.goto('/exchange/assets/deposit?asset=BTC');
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^bc1q[0-9a-z]{38}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();

  // Staff send 0.5 BTC to that address from the simulated chain's console and mine the blocks.
  const staff = await staffWindow(browser, '/admin/chain');
  await expect(staff.getByTestId('page-heading')).toBeVisible();
  await staff.locator('#chainDeposit_address').fill(address);
  await staff.locator('#chainDeposit_asset').fill('BTC');
  await staff.locator('#chainDeposit_asset').press('Enter');
  await staff.locator('#chainDeposit_amount').fill('0.5');
  await staff.getByTestId('chain-send').click();
  // The chain watcher runs every few seconds among the other scheduled jobs.
  await expect(page.getByTestId('deposit-records')).toContainText('0.5', { timeout: 20_000 });
  await staff.getByTestId('mine-BTC').click();
  await staff.getByTestId('mine-BTC').click();
  // The user's page follows the deposit over the live connection, without a reload.
  await expect(page.getByTestId('deposit-records')).toContainText('已完成', { timeout: 20_000 });

  await page.goto('/exchange/assets');
  const btc = page.getByTestId('balances-table').locator('tr[data-row-key="BTC"]');
  await expect(btc).toContainText('0.50000000');
  await page.getByTestId('transfer-BTC').click();
  await page.locator('#transfer_amount').fill('0.2');
  await page.getByTestId('transfer-submit').click();
  await page.getByTestId('transfer-confirm').click();
  await expect(btc).toContainText('0.30000000');

  await page.getByTestId('withdraw-BTC').click();
  await page.locator('#withdraw_address').fill('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  await page.locator('#withdraw_amount').fill('0.1');
  await expect(page.getByTestId('withdraw-preview')).toContainText('0.1005 BTC');
  await page.locator('#withdraw_fundPassword').fill('246810');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByTestId('withdrawal-records')).toContainText('审核中');

  await staff.goto('/admin/withdrawals');
  await staff.getByTestId('list-search').getByRole('searchbox').fill(mobile);
  await staff.getByTestId('list-search').getByRole('searchbox').press('Enter');
  const row = staff.getByTestId('withdrawals-table').locator('tr.ant-table-row').first();
  await expect(row).toContainText('0.1 BTC');
  await row.getByRole('button', { name: /通\s?过/ }).click();
  await staff.locator('.ant-popover:visible').getByRole('button', { name: /确\s?定/ }).click();
  await expect(staff.getByText('已放行').first()).toBeVisible();

  await expect(page.getByTestId('withdrawal-records')).toContainText('转账中', { timeout: 20_000 });
  await staff.goto('/admin/chain');
  await staff.getByTestId('mine-BTC').click();
  await staff.getByTestId('mine-BTC').click();
  await expect(page.getByTestId('withdrawal-records')).toContainText('已完成', { timeout: 20_000 });
  await staff.close();

  await page.goto('/exchange/assets');
  await expect(btc).toContainText('0.19950000');
});

test('the withdrawal address is checked per chain in the form before any confirmation; saved addresses and the whitelist', async ({ page, request }) => {
  test.setTimeout(120_000);
  const mobile = await register(page, request, { at: '/exchange/register' });
  await verifyExchangeRealName(page, '王五', residentId(`11010519860606${mobile.slice(-3)}`));
  await page.goto('/exchange/user/security');
  await page.locator('#setFundPassword_password').fill('246810');
  await page.locator('#setFundPassword_confirm').fill('246810');
  await page.getByTestId('fund-password-submit').click();
  await expect(page.getByTestId('fund-password-state')).toHaveText('已设置');

  await page.goto('/exchange/assets/withdraw?asset=USDT');
  const address = page.locator('#withdraw_address');
  // The message under the field, not the previous one still fading out.
  const fieldError = (id: string) => page.locator('.ant-form-item').filter({ has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  const addressError = fieldError('withdraw_address');
  await address.fill('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  await page.getByTestId('withdraw-submit').click();
  await expect(addressError).toHaveText('提现地址：不是有效的 ETH 地址');
  // One wrong letter case breaks the EIP-55 checksum.
  await address.fill('0x9858efFD232B4033E47d90003D41EC34EcaEda94');
  await expect(addressError).toHaveText('提现地址：校验码不符，请逐字核对（含大小写）');
  await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);

  await page.getByRole('link', { name: '地址管理' }).click();
  await expect(page).toHaveURL(/\/exchange\/assets\/addresses$/);
  await page.locator('#addressBook_label').fill('硬件钱包');
  await page.locator('#addressBook_address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
  await page.getByTestId('book-add').click();
  await expect(fieldError('addressBook_address')).toHaveText('提现地址：校验码不符，请逐字核对（含大小写）');
  await page.locator('#addressBook_address').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await page.getByTestId('book-add').click();
  const book = page.getByTestId('address-book');
  await expect(book).toContainText('硬件钱包');
  await expect(book).toContainText('起可用');

  await expect(page.getByTestId('whitelist-state')).toHaveText('未开启');
  await page.getByTestId('whitelist-switch').click();
  await page.locator('#whitelist_fundPassword').fill('246810');
  await page.getByTestId('whitelist-confirm').click();
  await expect(page.getByTestId('whitelist-state')).toHaveText('已开启');

  await page.goto('/exchange/assets/withdraw?asset=USDT');
  await expect(page.getByTestId('whitelist-active')).toBeVisible();
  await address.fill('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  await page.getByTestId('withdraw-submit').click();
  await expect(addressError).toHaveText('提现地址：已开启白名单，只能提现到地址簿中的地址');
  await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await expect(addressError).toHaveText('提现地址：新地址添加 24 小时后才能使用，约 24 小时后可用');
  await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);
});
