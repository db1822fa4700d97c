import type { APIRequestContext } from '@playwright/test';
// A refused signature (no seal) must not leave an uncaught error in the page.
import { expect, test } from './page-errors';
import { login } from './support';
import { move, signWithIcbc } from './commodity-capital';
import { BUYER, SELLER, apiLogin, call, stockedHolding } from './commodity-listing';
import { VERIFIED, downloadContract, ensureSeal, signFromList, verifyOnPage, verifyUpload } from './commodity-contract-support';

/**
 * The trade the contract comes from, made through the platform's own API (the listing journey
 * covers its pages): the seller stocks 100 rebar in and lists 40 at 1234.56, the buyer picks 15
 * (18518.40), the seller confirms. Returns the pick id.
 */
async function confirmedPick(request: APIRequestContext, batch: string): Promise<string> {
  const types = ((await (await request.get('/api/catalog/commodityTypes')).json()) as { value: { commodityTypeId: string; name: string; grades: { gradeId: string }[]; packages: { packagId: string }[] }[] }).value;
  const rebar = types.find((t) => t.name === '螺纹钢')!;
  await stockedHolding(request, batch);
  // After the stock-in: it logs the seller in itself, and a new login ends the one before.
  const seller = await apiLogin(request, SELLER);
  const holdings = await call<{ content: { holdId: string; quantity: string; status: string }[] }>(request, '/api/warehouse/holdings', seller, { size: 100 });
  const holding = holdings.content.filter((h) => h.status === '0' && h.quantity === '100.000').sort((a, b) => Number(b.holdId) - Number(a.holdId))[0]!;
  const listing = await call<{ listingId: string }>(request, '/api/listing/create', seller, {
    holdId: holding.holdId,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '1234.56',
    quantity: '40',
    weight: '100.2',
    openTicketDay: 3,
  });
  const buyer = await apiLogin(request, BUYER);
  const pick = await call<{ pickId: string }>(request, '/api/listing/pick', buyer, { listingId: listing.listingId, quantity: '15' });
  await call(request, '/api/listing/pick/confirm', seller, { pickId: pick.pickId });
  return pick.pickId;
}

test('both parties of a confirmed pick see its contract, sign it with their seals and download a copy that verifies', async ({ page, browser, request }) => {
  test.setTimeout(240_000);

  // The buyer funds its account through the sandbox bank, then picks; the seller confirms.
  const buyer = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await login(buyer, BUYER);
  await signWithIcbc(buyer, '张三');
  await move(buyer, '/capitalCenter/deposit', '20000', '20,000.00');
  await expect(buyer.getByTestId('sent-status')).toHaveAttribute('data-status', '1', { timeout: 20_000 });
  const pickId = await confirmedPick(request, `C${Date.now()}`);
  // The API logins above ended the buyer's page session (one session per user): log in again.
  await login(buyer, BUYER);

  // The buyer finds the contract in the buyer center: awaiting signatures, the amount also in words.
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await buyer.getByTestId('warehouse-menu-contract').click();
  await expect(buyer).toHaveURL(/\/buyerCenter\/purchase\/contract$/);
  const buyerRow = buyer.getByTestId(`contract-row-${pickId}`);
  await expect(buyerRow).toHaveAttribute('data-status', '0');
  await expect(buyerRow.getByTestId('contract-amount')).toHaveText('18,518.40');
  await expect(buyerRow.getByTestId('contract-amount-words')).toHaveText('壹万捌仟伍佰壹拾捌元肆角');
  const contractNo = (await buyerRow.getAttribute('data-contract-no')) ?? '';
  expect(contractNo).toMatch(/^HT\d{8}[0-9A-HJKMNP-TV-Z]{10}$/);
  await buyer.getByTestId('contract-filter-no').fill(contractNo);
  await buyer.getByTestId('contract-search').click();
  await expect(buyer.locator('[data-testid^="contract-row-"]')).toHaveCount(1);
  await buyerRow.getByTestId('contract-preview').click();
  await expect(buyer.getByTestId('contract-preview-frame')).toBeVisible();
  await buyer.keyboard.press('Escape');

  // Without a seal the platform refuses and says where to upload one.
  await buyer.goto('/personalCenter/electronicSignature');
  await expect(buyer.getByTestId('seal-empty').or(buyer.locator('.ant-image img'))).toBeVisible();
  if (await buyer.getByTestId('seal-empty').isVisible()) {
    await buyer.goto('/buyerCenter/purchase/contract');
    await signFromList(buyer, pickId);
    await expect(buyer.getByText('尚未设置电子签章：请先在「个人中心 › 电子签章」上传本企业的签章图片，再签署合同')).toBeVisible();
    await expect(buyerRow).toHaveAttribute('data-status', '0');
  }

  // The seller signs first, from the seller center.
  await login(page, SELLER);
  await ensureSeal(page, { r: 210, g: 20, b: 20 });
  await page.goto('/sellerCenter/sales/contract');
  const sellerRow = await signFromList(page, pickId);
  await expect(sellerRow).toHaveAttribute('data-status', '1');
  await expect(sellerRow.getByTestId('contract-sign')).toHaveCount(0);

  // Then the buyer: signed by both.
  await ensureSeal(buyer, { r: 180, g: 0, b: 40 });
  await buyer.goto('/buyerCenter/purchase/contract');
  await signFromList(buyer, pickId);
  await expect(buyerRow).toHaveAttribute('data-status', '3');
  await buyerRow.getByTestId('contract-details').click();
  await expect(buyer.getByTestId('contract-signature-seller')).toBeVisible();
  await expect(buyer.getByTestId('contract-signature-buyer')).toBeVisible();
  await buyer.keyboard.press('Escape');

  // The downloaded copy says the amount in words, carries both seals' dates and verifies.
  const { pdf, text } = await downloadContract(buyer, buyerRow, contractNo);
  expect(text).toContain('购销合同');
  expect(text).toContain(`合同编号：${contractNo}`);
  expect(text).toContain('人民币（大写）壹万捌仟伍佰壹拾捌元肆角');
  expect(text.match(/电子签章时间/g)).toHaveLength(2);
  expect(await verifyUpload(request, contractNo, pdf)).toMatchObject({ ok: true, tampered: false, contractNo, message: VERIFIED });

  // The same check from the page, with the file the buyer holds.
  await verifyOnPage(buyer, contractNo, pdf);
  await expect(buyer.getByTestId('contract-verification')).toHaveAttribute('data-ok', 'true');
  await expect(buyer.getByTestId('contract-verification-message')).toHaveText(VERIFIED);
  await buyer.keyboard.press('Escape');

  // A changed byte is reported as tampering.
  const altered = Buffer.from(pdf);
  const at = Math.floor(altered.length / 2);
  altered[at] = altered[at]! ^ 0x01;
  await verifyOnPage(buyer, contractNo, altered);
  await expect(buyer.getByTestId('contract-verification')).toHaveAttribute('data-tampered', 'true');
  await expect(buyer.getByTestId('contract-verification-message')).toHaveText('合同已被篡改：文件摘要与平台存证不符，买方签名验证失败');

  // The seller sees the contract signed by both and can download it too.
  await page.reload();
  await expect(sellerRow).toHaveAttribute('data-status', '3');
  expect((await downloadContract(page, sellerRow, contractNo)).pdf.equals(pdf)).toBe(true);
});
