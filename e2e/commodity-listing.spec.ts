// Forms refused by their own checks must not leave an uncaught error in the page.
import { expect, test } from './page-errors';
import { balances, move, signWithIcbc } from './commodity-capital';
import { BUYER, SELLER, choose, stockedHolding } from './commodity-listing';
import { fillFields, login } from './support';

test('a seller lists part of a holding, another firm picks it, the seller confirms: goods and funds move', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const batch = `L${Date.now()}`;
  const applyId = await stockedHolding(request, batch);

  // The buyer, another firm, funds its account through the sandbox bank.
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await signWithIcbc(buyer, '张三');
  await move(buyer, '/capitalCenter/deposit', '50000', '50,000.00');
  await expect(buyer.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const buyerBefore = await balances(buyer);

  // The seller lists 40 of its 100 bundles at 1234.56.
  await login(page, SELLER);
  const sellerBefore = await balances(page);
  await page.goto('/sellerCenter/resource/spotResource');
  await page.getByTestId('listing-create').click();
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('请填写单价（元）')).toBeVisible();
  // The holding of this run, by its receipt (WR + day + application id).
  await choose(page, 'field-holdId', applyId, true);
  await expect(page.getByTestId('field-holdId')).toContainText('100.000');
  await fillFields(page, { price: '1234.567', quantity: '40', weight: '100.2' });
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('单价（元）须为大于 0 的数字，最多 2 位小数')).toBeVisible();
  await page.getByTestId('field-price').fill('1234.56');
  await page.getByTestId('listing-submit').click();
  await page.getByTestId('listing-create-ok').click();
  const listingRow = page.locator('[data-testid^="my-listing-"]').first();
  await expect(listingRow).toHaveAttribute('data-status', 'O');
  const listingId = ((await listingRow.getAttribute('data-testid')) ?? '').replace('my-listing-', '');
  await expect(listingRow.getByTestId('listing-remaining')).toHaveText('40.000 捆');

  // The buyer picks 15 from the market: the confirmation shows the amount, which is frozen.
  await buyer.goto('/ResourceDocuments/ResourceDocuments');
  const marketRow = buyer.getByTestId(`market-row-${listingId}`);
  await marketRow.getByTestId('pick-open').click();
  await buyer.getByTestId('field-pick-quantity').fill('41');
  await buyer.getByTestId('pick-submit').click();
  await expect(buyer.getByText('数量不能超过 40.000')).toBeVisible();
  await buyer.getByTestId('field-pick-quantity').fill('15');
  await expect(marketRow.getByTestId('market-price')).toHaveText('1,234.56 元/捆');
  await expect(buyer.getByTestId('pick-amount')).toHaveText('货款：18,518.40 元');
  await buyer.getByTestId('pick-submit').click();
  await expect(buyer.locator('.ant-modal-confirm-title')).toHaveText('确认摘牌 15 捆，货款 18,518.40 元将从可用资金中冻结。');
  // What is frozen is worked out in the open: a spot listing is priced per bundle.
  await expect(buyer.getByTestId('confirm-formula')).toHaveText('计算：1,234.56 元/捆 × 15.000 捆 = 18,518.40 元');
  await buyer.getByTestId('pick-confirm-ok').click();
  await expect(marketRow.getByTestId('market-remaining')).toHaveText('25.000 捆');
  const buyerFrozen = await balances(buyer);
  expect(buyerFrozen.frozen - buyerBefore.frozen).toBe(1851840n);
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  const buyerPick = buyer.locator('[data-testid^="buyer-pick-"]').first();
  await expect(buyerPick).toHaveAttribute('data-status', 'W');
  await expect(buyerPick.getByTestId('pick-amount')).toHaveText('18,518.40');
  await expect(buyerPick.getByTestId('pick-price')).toHaveText('1,234.56 元/捆');
  // Every column can be read: scrolled to, the invoice state is not covered by the fixed actions column
  // (a trial click fails when something else would take the click).
  await buyerPick.getByTestId('pick-invoiceStatus').click({ trial: true, timeout: 5_000 });
  const pickId = ((await buyerPick.getAttribute('data-testid')) ?? '').replace('buyer-pick-', '');

  // The seller confirms: paid in full less the 0.2% fee (37.03), the goods go to the buyer.
  await page.goto('/sellerCenter/resource/spotResource');
  const sellerPick = page.getByTestId(`seller-pick-${pickId}`);
  await sellerPick.getByTestId('pick-confirm').click();
  await page.getByTestId('confirmPick-ok').click();
  await expect(sellerPick).toHaveAttribute('data-status', 'T');
  const sellerAfter = await balances(page);
  expect(sellerAfter.available - sellerBefore.available).toBe(1848137n);

  const buyerAfter = await balances(buyer);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  expect(buyerBefore.available - buyerAfter.available).toBe(1851840n);
  await buyer.goto('/matching/holdProduct');
  await expect(buyer.locator('[data-testid^="holding-row-"][data-status="0"]').getByTestId('holding-quantity').filter({ hasText: '15.000 捆' }).first()).toBeVisible();
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await expect(buyer.getByTestId(`buyer-pick-${pickId}`)).toHaveAttribute('data-status', 'T');
});
