import { expect, test } from '@playwright/test';
import { ENTERPRISE, approveLot, bidNext, current, inPhase, publishLot, signUp } from './commodity-auction-support';
import { balances } from './commodity-capital';
import { downloadContract } from './commodity-contract-support';
import { BUYER, SELLER, apiLogin, call, choose, stockedHolding } from './commodity-listing';
import { MARGIN_PASSWORD, advanceClock, funded, setMarginPassword } from './commodity-trading-support';
import { fillFields, login } from './support';

test('a lot from a holding is approved, bid on live in two browsers, extended by a late bid, paid and delivered; both parties download the contract and the loser gets the deposit back', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const applyId = await stockedHolding(request, `A${Date.now()}`);

  const a = await (await browser.newContext()).newPage();
  await login(a, BUYER);
  await funded(a, '张三', '50000', '50,000.00');
  await setMarginPassword(a);
  const b = await (await browser.newContext()).newPage();
  await login(b, ENTERPRISE);
  await funded(b, '上海钢联贸易有限公司', '50000', '50,000.00');
  const bBefore = await balances(b);

  // The seller publishes 40 bundles (100.2 t) of the new holding at 100.00 a tonne, steps of 10.00: notice in 5 minutes, bidding in an hour, for an hour.
  await login(page, SELLER, '/sellerCenter/resource/biddingResource');
  await choose(page, 'field-holdId', applyId, true);
  await fillFields(page, { quantity: '40', startingUnitPrice: '100', addPrice: '10', contactName: '李经理', contactPhone: '13900000000' });
  const itemId = await publishLot(page);

  // Staff approve it in the back office, then move the platform clock an hour on: bidding opens.
  const staff = await approveLot(browser, itemId);
  await advanceClock(staff, 1);

  // Both buyers sign up (2,004.00 frozen each: 20% of 100 × 100.2) and bid live.
  await signUp(a, itemId);
  await signUp(b, itemId);
  expect((await balances(b)).frozen - bBefore.frozen).toBe(200400n);
  await b.goto(`/auction/${itemId}`);
  await a.goto(`/auction/${itemId}`);
  await bidNext(a, '100.00');
  // B sees A's bid pushed live, and outbids it; A sees the outbid cue without reloading.
  await expect(current(b)).toHaveAttribute('data-price', '100.00');
  await bidNext(b, '110.00');
  await expect(a.getByTestId('auction-outbid')).toBeVisible();
  await expect(current(a)).toHaveAttribute('data-price', '110.00');
  await expect(a.locator('[data-testid="auction-bid-row"]')).toHaveCount(2);

  // Three minutes before the end, A's bid moves the end to five minutes after it.
  await advanceClock(staff, 0.95);
  const endBefore = Date.parse((await current(a).getAttribute('data-end'))!);
  await bidNext(a, '120.00');
  await expect.poll(async () => Date.parse((await current(b).getAttribute('data-end'))!)).toBeGreaterThan(endBefore);
  await expect(b.getByTestId('auction-outbid')).toBeVisible();

  // Past the extended end: A wins at 120.00 (12,024.00), B's deposit comes back.
  await advanceClock(staff, 0.1);
  await inPhase(a, itemId, '2');
  await expect.poll(async () => (await balances(b)).frozen).toBe(bBefore.frozen);

  // A confirms the winning order (the contract is issued) and pays the balance with the margin password.
  await a.goto('/buyerCenter/purchase/biddingOrder');
  const orderRow = a.getByTestId('auction-order-row').filter({ has: a.getByRole('link', { name: itemId, exact: true }) });
  const orderId = (await orderRow.getAttribute('data-order'))!;
  await orderRow.getByTestId('auction-confirm-order').click();
  await a.getByTestId('auction-confirm-order-ok').click();
  await expect(orderRow.getByTestId('auction-order-status')).toHaveAttribute('data-status', 'T');
  await orderRow.getByTestId('auction-pay').click();
  await expect(a.getByTestId('auction-pay-amount')).toHaveText('成交金额 12,024.00 − 首付款 2,004.00 = 应付尾款 10,020.00');
  await a.getByTestId('field-marginPassWord').fill(MARGIN_PASSWORD);
  await a.getByTestId('auction-pay-ok').click();
  await expect(orderRow.getByTestId('auction-order-status')).toHaveAttribute('data-pay', 'L');

  // Both parties download the contract from their contract lists.
  for (const [party, path] of [
    [a, '/buyerCenter/purchase/contract'],
    [page, '/sellerCenter/sales/contract'],
  ] as const) {
    await party.goto(path);
    const row = party.getByTestId(`contract-row-${orderId}`);
    const contractNo = await row.getByTestId('contract-no').innerText();
    const { pdf } = await downloadContract(party, row, contractNo);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }

  // The goods are A's now (read last: an API login ends the browser's session, one session per user).
  const holdings = await call<{ content: { quantity: string; weight: string; status: string }[] }>(request, '/api/warehouse/holdings', await apiLogin(request, BUYER), { status: '0', page: 0, size: 100 });
  expect(holdings.content.some((h) => h.quantity === '40.000' && h.weight === '100.200')).toBe(true);
});
