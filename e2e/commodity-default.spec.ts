import { expect, test } from '@playwright/test';
import { Decimal, formatAmount, toChineseUppercase } from '@tp/decimal';
import { balances } from './commodity-capital';
import { BUYER, SELLER, choose, stockedHolding } from './commodity-listing';
import { fillFields, login } from './support';
import { advanceClock, closeDrawer, confirmListing, funded, listingStaffLogin, openPickDetail, runDefaultSweep, sellerHolding, setMarginPassword, shownMoney } from './commodity-trading-support';

/** Capital center figures are exact cents; the pick's figures are decimals: compare them as cents. */
const cents = (value: Decimal) => BigInt(value.mul('100').truncate(0).toString());

test('a buyer who does not pay the balance is delayed, then defaults: the margin goes to the seller less the platform share, the goods go back', async ({ page, browser, request }) => {
  test.setTimeout(180_000);

  // The seller's 100 bundles / 250.5 t of rebar, stocked in through the warehouse's own API.
  const applyId = await stockedHolding(request, `D${Date.now()}`);
  const holding = await sellerHolding(request, applyId);

  // Both firms fund their accounts through the sandbox bank, side by side: the buyer for its margin
  // (and sets its margin password), the seller for the margin its listing freezes.
  const buyer = await (await browser.newContext()).newPage();
  const [buyerBefore, sellerBefore] = await Promise.all([
    (async () => {
      await login(buyer, BUYER);
      await funded(buyer, '张三', '20000', '20,000.00');
      await setMarginPassword(buyer);
      return balances(buyer);
    })(),
    (async () => {
      await login(page, SELLER);
      await funded(page, '李四', '20000', '20,000.00');
      return balances(page);
    })(),
  ]);

  // The seller publishes a margin sell listing (保证金挂牌) of 40 of the 100 bundles, 100.2 t at
  // 512.34 per tonne: 51336.46, of which its margin is frozen.
  await page.goto('/sellerCenter/addResourceOrder');
  await page.getByTestId('field-kind').getByText('保证金挂牌').click();
  await choose(page, 'field-holdId', `${holding.holdId} · ${holding.receiptNo} · `);
  await fillFields(page, { price: '512.34', quantity: '40', weight: '100.2' });
  const listingRow = await confirmListing(page, '51,336.46', '伍万壹仟叁佰叁拾陆元肆角陆分');
  await expect(listingRow.getByTestId('listing-remaining')).toHaveText('40.000 捆');
  const listingId = ((await listingRow.getAttribute('data-testid')) ?? '').replace('my-listing-', '');
  const sellerListed = await balances(page);
  expect(sellerListed.frozen).toBeGreaterThan(sellerBefore.frozen);

  // The buyer finds it on the market by its price, opens it and picks 10 bundles (25.05 t: 12834.11).
  await buyer.goto('/ResourceDocuments/ResourceDocuments');
  await buyer.getByTestId('filter-priceMin').fill('512.34');
  await buyer.getByTestId('filter-priceMax').fill('512.34');
  await buyer.getByTestId('filter-search').click();
  await buyer.getByTestId(`market-row-${listingId}`).getByTestId('market-detail').click();
  await expect(buyer).toHaveURL(new RegExp(`/ResourceDocuments/details/${listingId}$`));
  await expect(buyer.getByTestId('detail-remaining')).toHaveText('40.000 / 40.000 捆');
  await buyer.getByTestId('detail-pick').click();
  await buyer.getByTestId('field-pick-quantity').fill('10');
  await expect(buyer.getByTestId('pick-amount')).toHaveText('货款：12,834.11 元');
  await buyer.getByTestId('pick-submit').click();
  await expect(buyer.locator('.ant-modal-confirm-title')).toContainText('确认摘牌 10 捆，货款 12,834.11 元');
  await expect(buyer.getByTestId('confirm-amount')).toContainText('壹万贰仟捌佰叁拾肆元壹角壹分');
  // The margin frozen now is shown before the money moves, in figures and in uppercase Chinese.
  const confirmMargin = buyer.getByTestId('confirm-margin');
  const announcedMargin = Decimal.parse((await confirmMargin.getAttribute('data-amount')) ?? '');
  await expect(confirmMargin).toContainText(`冻结保证金：${formatAmount(announcedMargin, 2, { thousands: true })} 元，大写：${toChineseUppercase(announcedMargin.toFixed(2))}`);
  await expect(buyer.locator('.ant-modal-confirm-title')).toContainText(`买方保证金 ${formatAmount(announcedMargin, 2, { thousands: true })} 元`);
  await buyer.getByTestId('pick-confirm-ok').click();
  await expect(buyer.getByTestId('detail-remaining')).toHaveText('30.000 / 40.000 捆');

  // The pick waits for the seller; its margin, as the pick shows it, is what the capital center froze.
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  const buyerPick = buyer.locator(`[data-testid^="buyer-pick-"][data-listing="${listingId}"]`).first();
  await expect(buyerPick).toHaveAttribute('data-status', 'W');
  const pickId = ((await buyerPick.getAttribute('data-testid')) ?? '').replace('buyer-pick-', '');
  let drawer = await openPickDetail(buyer, buyerPick);
  await expect(drawer.getByTestId('detail-amount')).toHaveText('12,834.11');
  const buyerMargin = shownMoney(await drawer.getByTestId('detail-buyerMargin').innerText());
  expect(buyerMargin.isPositive()).toBe(true);
  expect(buyerMargin.toFixed(2)).toBe(announcedMargin.toFixed(2));
  await closeDrawer(buyer);
  const buyerPicked = await balances(buyer);
  expect(buyerPicked.frozen - buyerBefore.frozen).toBe(cents(buyerMargin));
  expect(buyerBefore.available - buyerPicked.available).toBe(cents(buyerMargin));

  // The seller confirms the pick: the margin stays as the first payment, the balance falls due.
  await page.goto('/sellerCenter/resource/spotResourceOrder');
  const sellerPick = page.getByTestId(`seller-pick-${pickId}`);
  await expect(sellerPick).toHaveAttribute('data-status', 'W');
  await sellerPick.getByTestId('pick-confirm').click();
  await expect(page.getByTestId('confirm-amount')).toContainText('壹万贰仟捌佰叁拾肆元壹角壹分');
  await page.getByTestId('confirmPick-ok').click();
  await expect(sellerPick).toHaveAttribute('data-status', 'T');
  await expect(sellerPick).toHaveAttribute('data-pay', 'F');
  drawer = await openPickDetail(page, sellerPick);
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveAttribute('data-status', 'N');
  const pickSellerMargin = shownMoney(await drawer.getByTestId('detail-sellerMargin').innerText());
  expect(pickSellerMargin.isPositive()).toBe(true);
  await closeDrawer(page);

  // Staff read the platform's terms, then move the clock past the balance deadline and run the sweep.
  const staff = await (await browser.newContext()).newPage();
  await listingStaffLogin(staff, '/admin/listing?tab=fees');
  await expect(staff.getByTestId('field-forfeitPlatformShare')).not.toHaveValue('');
  const platformShare = await staff.getByTestId('field-forfeitPlatformShare').inputValue();
  const balanceDays = Number(await staff.getByTestId('field-balanceDays').inputValue());
  const graceDays = Number(await staff.getByTestId('field-graceDays').inputValue());
  expect(balanceDays).toBeGreaterThan(0);

  await advanceClock(staff, balanceDays * 24 + 1);
  await runDefaultSweep(staff);
  await staff.getByTestId('listing-tab-defaults').click();
  const monitored = staff.getByTestId(`default-pick-${pickId}`);
  await expect(monitored).toHaveAttribute('data-buyer', 'W');
  await expect(monitored.getByTestId('buyer-default')).toHaveText('延期');
  await expect(monitored.getByTestId('default-reason')).toContainText(/买方未在 .+ 前支付尾款/);

  // In the grace period the buyer sees the delay and its reason, and could still pay.
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  const buyerRow = buyer.getByTestId(`buyer-pick-${pickId}`);
  await expect(buyerRow).toHaveAttribute('data-status', 'T');
  await expect(buyerRow.getByTestId('pick-payBalance')).toBeVisible();
  drawer = await openPickDetail(buyer, buyerRow);
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveAttribute('data-status', 'W');
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveText('延期');
  await expect(drawer.getByTestId('detail-defaultReason')).toContainText(/买方未在 .+ 前支付尾款/);
  await closeDrawer(buyer);

  // Past the grace period the next sweep declares the default.
  await advanceClock(staff, graceDays * 24);
  await runDefaultSweep(staff);
  await staff.getByTestId('listing-tab-defaults').click();
  await expect(monitored).toHaveAttribute('data-buyer', 'F');
  await expect(monitored.getByTestId('buyer-default')).toHaveText('已违约');
  await expect(monitored.getByTestId('default-reason')).toContainText('买方违约：逾期未付尾款，保证金赔付卖方');

  // Both parties read the default and its reason on their pick pages; the pick is closed, nothing left to do.
  const reason = '买方违约：逾期未付尾款，保证金赔付卖方';
  await buyer.reload();
  await expect(buyerRow).toHaveAttribute('data-status', 'F');
  await expect(buyerRow.getByTestId('pick-payBalance')).toHaveCount(0);
  await expect(buyerRow.getByTestId('pick-buyerDefault')).toHaveText('已违约');
  drawer = await openPickDetail(buyer, buyerRow);
  await expect(drawer.getByTestId('detail-status')).toHaveAttribute('data-status', 'F');
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveAttribute('data-status', 'F');
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveText('已违约');
  await expect(drawer.getByTestId('detail-defaultReason')).toContainText(reason);
  await expect(drawer.getByTestId('margin-event-7').first()).toBeVisible();
  await closeDrawer(buyer);

  await page.reload();
  await expect(sellerPick).toHaveAttribute('data-status', 'F');
  // The seller's own list shows its side: the seller did not default.
  await expect(sellerPick.getByTestId('pick-sellerDefault')).toHaveText('无');
  drawer = await openPickDetail(page, sellerPick);
  await expect(drawer.getByTestId('detail-buyerDefault')).toHaveAttribute('data-status', 'F');
  await expect(drawer.getByTestId('detail-sellerDefault')).toHaveAttribute('data-status', 'N');
  await expect(drawer.getByTestId('detail-defaultReason')).toContainText(reason);
  await closeDrawer(page);

  // Money: the buyer's margin is no longer frozen, it is gone; the seller got it less the platform's
  // share (truncated to fen), and its own margin for the picked part is released.
  const buyerAfter = await balances(buyer);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  expect(buyerBefore.available - buyerAfter.available).toBe(cents(buyerMargin));
  const platform = buyerMargin.mul(platformShare).truncate(2);
  const sellerAfter = await balances(page);
  expect(sellerAfter.available - sellerListed.available).toBe(cents(buyerMargin.sub(platform).add(pickSellerMargin)));
  expect(sellerListed.frozen - sellerAfter.frozen).toBe(cents(pickSellerMargin));

  // The picked goods are the seller's again: back with the never-listed 60 bundles, held (70 / 175.35 t);
  // only the listing's unpicked 30 bundles (75.15 t) stay frozen behind it.
  await page.goto('/matching/holdProduct');
  const ofReceipt = page.locator(`[data-testid^="holding-row-"][data-receipt="${holding.receiptNo}"]`);
  await expect(ofReceipt).toHaveCount(2);
  const held = ofReceipt.and(page.locator('[data-status="0"]'));
  await expect(held.getByTestId('holding-quantity')).toHaveText('70.000 捆');
  await expect(held.getByTestId('holding-weight')).toHaveText('175.350 吨');
  const frozen = ofReceipt.and(page.locator('[data-status="1"]'));
  await expect(frozen.getByTestId('holding-quantity')).toHaveText('30.000 捆');
  await expect(frozen.getByTestId('holding-weight')).toHaveText('75.150 吨');
  // The listing's unpicked 30 bundles are still on offer.
  await page.goto('/sellerCenter/resource/sellInfoResource');
  await expect(page.getByTestId(`my-listing-${listingId}`).getByTestId('listing-remaining')).toHaveText('30.000 捆');
});
