import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SELLER, apiLogin, call, rebarType, stockedHolding } from './commodity-listing';
import { listingStaffLogin, sellerHolding } from './commodity-trading-support';

/**
 * The demo seller's spot listing, made through the API as the seller would from the seller center
 * (the listing journey covers those pages): 100 bundles of rebar stocked in, 30 of them listed.
 */
async function demoListing(request: APIRequestContext): Promise<{ listingId: string; firmId: string }> {
  const applyId = await stockedHolding(request, `AL${Date.now()}`);
  const { holdId } = await sellerHolding(request, applyId);
  const headers = await apiLogin(request, SELLER);
  const rebar = await rebarType(request);
  const listing = await call<{ listingId: string; status: string }>(request, '/api/listing/create', headers, {
    holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '1188.00',
    quantity: '30',
    weight: '75.15',
    openTicketDay: 7,
  });
  expect(listing.status).toBe('O');
  return { listingId: listing.listingId, firmId: headers.firmid! };
}

/** Types a new trading fee rate, saves it through the confirmation and waits for the saved notice. */
async function saveFeeRate(page: Page, rate: string) {
  await page.getByTestId('field-feeRate').fill(rate);
  await page.getByTestId('fee-save').click();
  await page.getByTestId('fee-save-ok').click();
  await expect(page.getByText('费用设置已保存').first()).toBeVisible();
}

test('staff change the trading fee rate: a wrong rate is refused by name, a right one is saved and read back', async ({ page }) => {
  await listingStaffLogin(page, '/admin/listing?tab=fees');
  const rate = page.getByTestId('field-feeRate');
  await expect(rate).not.toHaveValue('');
  const before = await rate.inputValue();
  const next = before === '0.0025' ? '0.003' : '0.0025';

  await rate.fill('0.25%');
  await page.getByTestId('fee-save').click();
  await expect(page.getByText('交易手续费率须为 0 到 1 之间、最多 4 位小数的数字')).toBeVisible();
  await expect(page.getByTestId('fee-save-ok')).toHaveCount(0);

  await saveFeeRate(page, next);
  await page.reload();
  await expect(page.getByTestId('field-feeRate')).toHaveValue(next);

  // Other journeys on this database price picks at the platform's usual rate: put it back.
  await saveFeeRate(page, before);
  await page.reload();
  await expect(page.getByTestId('field-feeRate')).toHaveValue(before);
});

test('staff force a listing off the shelf with a reason: it shows cancelled with the reason, to staff and to the seller', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { listingId, firmId } = await demoListing(request);

  await listingStaffLogin(page, '/admin/listing?tab=all');
  const firmFilter = page.getByTestId('listing-all-filter-firm').getByRole('searchbox');
  await firmFilter.fill(firmId);
  await firmFilter.press('Enter');
  const row = page.getByTestId(`admin-listing-${listingId}`);
  await expect(row).toHaveAttribute('data-status', 'O');

  await row.getByTestId('listing-offshelf').click();
  await page.getByTestId('listing-offshelf-ok').click();
  await expect(page.getByTestId('listing-offshelf-reason-error')).toHaveText('请填写原因，至少 2 个字');
  await page.getByTestId('listing-offshelf-reason').fill('货物权属存疑，暂停挂牌');
  await page.getByTestId('listing-offshelf-ok').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(`强制下架挂牌 ${listingId}？`);
  await page.getByTestId('listing-offshelf-confirm-ok').click();

  await expect(row).toHaveAttribute('data-status', 'U');
  await expect(row.getByTestId('listing-status')).toHaveText('已撤销');
  await expect(row.getByTestId('listing-reason')).toHaveText('货物权属存疑，暂停挂牌');
  await expect(row.getByTestId('listing-offshelf')).toHaveCount(0);

  // The seller reads the same state and reason on its own listings.
  const headers = await apiLogin(request, SELLER);
  const mine = await call<{ content: { listingId: string; status: string; reason: string }[] }>(request, '/api/listing/mine', headers, { page: 0, size: 50 });
  expect(mine.content.find((l) => l.listingId === listingId)).toMatchObject({ status: 'U', reason: '货物权属存疑，暂停挂牌' });
});
