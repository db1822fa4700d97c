import { expect, test } from '@playwright/test';
import { balances } from './commodity-capital';
import { funded, requestPurchase } from './commodity-trading-support';
import { registerPersonal, verifyRealName } from './support';

test('a new personal user is sent to real-name verification before trading, verifies, and then trades in that name', async ({ page, request }) => {
  test.setTimeout(240_000);
  await registerPersonal(page, request);

  // Trading before verification is refused, naming it, with the way to the page.
  await requestPurchase(page, { price: '800', quantity: '2', weight: '5.01' }, '肆仟零捌元');
  await expect(page.getByText('请先完成实名认证').first()).toBeVisible();
  await page.getByTestId('realname-prompt-link').click();
  await expect(page).toHaveURL(/\/personalCenter\/realName$/);

  // A mistyped ID is named on its field before anything is sent.
  await page.locator('#realName_name').fill('周明');
  await page.locator('#realName_idNumber').fill('11010119900307001');
  await page.getByTestId('realname-submit').click();
  await expect(page.getByText('身份证号码须为 18 位，最后一位可为数字或 X')).toBeVisible();

  const idNumber = await verifyRealName(page, '周明');
  await expect(page.getByTestId('realname-name')).toHaveText('周*');
  await page.reload();
  await expect(page.getByTestId('realname-id')).toHaveText(`${idNumber.slice(0, 6)}********${idNumber.slice(-4)}`);

  // Verified, the person signs with the bank in their real name, funds the firm and the request is taken.
  await funded(page, '周明', '5000', '5,000.00');
  const before = await balances(page);
  await requestPurchase(page, { price: '800', quantity: '2', weight: '5.01' }, '肆仟零捌元');
  const purchaseRow = page.locator('[data-testid^="my-listing-"]').first();
  await expect(purchaseRow).toHaveAttribute('data-status', 'A');
  expect((await balances(page)).frozen - before.frozen).toBe(400800n);
});
