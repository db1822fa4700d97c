import { expect, test } from '@playwright/test';
import { balances, staff } from './commodity-capital';
import { VERIFIED, downloadContract, ensureSeal, signFromList, verifyOnPage, verifyUpload } from './commodity-contract-support';
import { BUYER, SELLER, apiLogin, call, choose, stockedHolding } from './commodity-listing';
import { fillFields, login } from './support';
import { MARGIN_PASSWORD, confirmListing, funded, openPickDetail, requestPurchase, setMarginPassword } from './commodity-trading-support';

const INVOICE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a margin listing is bargained, confirmed, paid with the margin password, invoiced and settled', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const applyId = await stockedHolding(request, `T${Date.now()}`);

  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await funded(buyer, '张三', '50000', '50,000.00');
  await setMarginPassword(buyer);
  const buyerBefore = await balances(buyer);

  await login(page, SELLER);
  await funded(page, '李四', '50000', '50,000.00');
  const sellerBefore = await balances(page);

  // The seller publishes a margin listing (保证金挂牌) of 40 bundles / 100.2 t at 1000 per tonne from the holding.
  await page.goto('/sellerCenter/addResourceOrder');
  await page.getByTestId('field-kind').getByText('保证金挂牌').click();
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('请填写持仓')).toBeVisible();
  await choose(page, 'field-holdId', applyId, true);
  await expect(page.getByTestId('field-holdId')).toContainText('100.000');
  await fillFields(page, { price: '1000', quantity: '40', weight: '300', poundsPoor: '1.5' });
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('重量不能超过 250.500')).toBeVisible();
  await expect(page.getByText('磅差须为 0 到 1 之间的小数，最多 4 位小数')).toBeVisible();
  // What was typed stays: only the two bad fields are corrected.
  await expect(page.getByTestId('field-price')).toHaveValue('1000');
  await page.getByTestId('field-weight').fill('100.2');
  await page.getByTestId('field-poundsPoor').fill('0.03');
  const listingRow = await confirmListing(page, '100,200.00', '壹拾万零贰佰元整');
  const listingId = ((await listingRow.getAttribute('data-testid')) ?? '').replace('my-listing-', '');
  const listed = await balances(page);
  // Seller margin: 20% of 100200.00, frozen.
  expect(listed.frozen - sellerBefore.frozen).toBe(2004000n);

  // The buyer finds it on the market by commodity and bargains 10 bundles at 950 per tonne (10/40 of 100.2 t = 25.05 t).
  await buyer.goto('/ResourceDocuments/ResourceDocuments');
  // Narrowed to this price too, so listings left by other journeys on the same database do not push it off the first page.
  await choose(buyer, 'filter-commodity', '螺纹钢');
  await buyer.getByTestId('filter-priceMin').fill('1000');
  await buyer.getByTestId('filter-priceMax').fill('1000');
  await buyer.getByTestId('filter-search').click();
  await buyer.getByTestId(`market-row-${listingId}`).getByTestId('market-detail').click();
  await expect(buyer).toHaveURL(new RegExp(`/ResourceDocuments/details/${listingId}$`));
  await expect(buyer.getByTestId('detail-remaining')).toHaveText('40.000 / 40.000 捆');
  await buyer.getByTestId('detail-bargain').click();
  await buyer.getByTestId('field-bargain-price').fill('950');
  await buyer.getByTestId('field-bargain-quantity').fill('10');
  await expect(buyer.getByTestId('bargain-amount')).toHaveText('货款：23,797.50 元');
  await buyer.getByTestId('bargain-submit').click();
  await expect(buyer.getByText('操作成功').first()).toBeVisible();
  await buyer.goto('/matching/buyAgreeList');
  const offer = buyer.locator(`[data-testid^="bargain-row-"][data-listing="${listingId}"]`).first();
  await expect(offer).toHaveAttribute('data-status', 'W');
  const bargainId = ((await offer.getAttribute('data-testid')) ?? '').replace('bargain-row-', '');

  // The seller accepts the offer: a pick at the bargained price, awaiting the seller's confirmation.
  await page.goto('/sellerCenter/baojia');
  const received = page.getByTestId(`bargain-row-${bargainId}`);
  await received.getByTestId('bargain-accept').click();
  await expect(page.getByTestId('bargain-accept-amount')).toHaveText('货款：23,797.50 元');
  await page.getByTestId('bargain-accept-ok').click();
  // Answered, it leaves the waiting list and shows as accepted in the history.
  await expect(received).toHaveCount(0);
  await page.goto('/sellerCenter/sellAgreeList');
  await expect(page.getByTestId(`bargain-row-${bargainId}`)).toHaveAttribute('data-status', 'A');

  await page.goto('/sellerCenter/resource/spotResourceOrder');
  const sellerPick = page.locator(`[data-testid^="seller-pick-"][data-listing="${listingId}"]`).first();
  await expect(sellerPick).toHaveAttribute('data-status', 'W');
  const pickId = ((await sellerPick.getAttribute('data-testid')) ?? '').replace('seller-pick-', '');
  await sellerPick.getByTestId('pick-confirm').click();
  await expect(page.getByTestId('confirm-amount')).toContainText('贰万叁仟柒佰玖拾柒元伍角');
  await page.getByTestId('confirmPick-ok').click();
  await expect(sellerPick).toHaveAttribute('data-status', 'T');
  await expect(sellerPick).toHaveAttribute('data-pay', 'F');

  // The buyer pays the balance (amount less the 20% margin) with the margin password.
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  const buyerPick = buyer.getByTestId(`buyer-pick-${pickId}`);
  await expect(buyerPick).toHaveAttribute('data-pay', 'F');
  await buyerPick.getByTestId('pick-payBalance').click();
  await expect(buyer.getByTestId('payBalance-amount')).toHaveText('应付尾款：19,038.00 元');
  await buyer.getByTestId('payBalance-submit').click();
  await expect(buyer.getByText('请填写保证金密码')).toBeVisible();
  await buyer.getByTestId('field-marginPassWord').fill(MARGIN_PASSWORD);
  await buyer.getByTestId('payBalance-submit').click();
  await expect(buyer.getByTestId('confirm-amount')).toContainText('壹万玖仟零叁拾捌元整');
  await buyer.getByTestId('payBalance-ok').click();
  await expect(buyerPick).toHaveAttribute('data-pay', 'L');

  // The pick is from a spot-sourced listing, so the presale orders page (listing source C) leaves it out.
  await buyer.getByTestId('listing-menu-preSellOrder').click();
  await expect(buyer).toHaveURL(/\/buyerCenter\/purchase\/preSellOrder$/);
  await expect(buyer.getByTestId('listing-empty').or(buyer.locator('[data-testid^="buyer-pick-"]').first())).toBeVisible();
  await expect(buyer.getByTestId(`buyer-pick-${pickId}`)).toHaveCount(0);

  // The goods are the buyer's now.
  await buyer.goto('/matching/holdProduct');
  await expect(buyer.locator('[data-testid^="holding-row-"][data-status="0"]').getByTestId('holding-quantity').filter({ hasText: '10.000 捆' }).first()).toBeVisible();

  // The seller invoices; the buyer reads the invoice and confirms it.
  await page.goto('/sellerCenter/resource/spotResourceOrder');
  await sellerPick.getByTestId('pick-uploadInvoice').click();
  await page.getByTestId('field-invoiceTitle').fill('张三');
  await page.getByTestId('field-taxpayerId').fill('91310000MA1FL0000X');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByText('请填写发票文件')).toBeVisible();
  await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: INVOICE_PDF });
  await expect(page.getByTestId('field-invoiceAmount')).toHaveValue('23797.50');
  await page.getByTestId('invoice-submit').click();
  await page.getByTestId('openInvoice-ok').click();
  await expect(sellerPick).toHaveAttribute('data-invoice', 'O');

  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await buyerPick.getByTestId('pick-detail').click();
  await expect(buyer.getByTestId('invoice-title')).toHaveText('张三');
  await expect(buyer.getByTestId('invoice-amount')).toHaveText('23,797.50');
  await expect(buyer.getByTestId('detail-priceFlag')).toHaveAttribute('data-status', 'T');
  await buyer.keyboard.press('Escape');
  await buyerPick.getByTestId('pick-confirmInvoice').click();
  await buyer.getByTestId('confirmInvoice-ok').click();
  await expect(buyerPick).toHaveAttribute('data-invoice', 'T');

  // The pick's history lists the margin events in order.
  await buyerPick.getByTestId('pick-detail').click();
  for (const event of ['2', '3', '4', '5', '6']) await expect(buyer.getByTestId(`margin-event-${event}`).first()).toBeVisible();

  // Money: the buyer paid the bargained amount, nothing stays frozen for this pick.
  const buyerAfter = await balances(buyer);
  expect(buyerBefore.available - buyerAfter.available).toBe(2379750n);
  expect(buyerAfter.frozen).toBe(buyerBefore.frozen);
  // The seller got the amount less the 0.2% fee (47.59), and the margin of the picked quarter back (5010.00);
  // the rest of the listing's margin (15030.00) stays frozen.
  const sellerAfter = await balances(page);
  expect(sellerAfter.available - sellerBefore.available).toBe(-2004000n + 501000n + 2374991n);
  expect(sellerAfter.frozen - sellerBefore.frozen).toBe(1503000n);

  // Both parties sign the deal's contract with their seals, the seller first from its sales contracts.
  await ensureSeal(page, { r: 210, g: 20, b: 20 });
  await page.goto('/sellerCenter/sales/contract');
  const sellerContract = await signFromList(page, pickId);
  await expect(sellerContract).toHaveAttribute('data-status', '1');

  // The buyer reaches it from the pick's contract link: the bargained amount, also in words.
  await ensureSeal(buyer, { r: 180, g: 0, b: 40 });
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await openPickDetail(buyer, buyerPick);
  await buyer.getByTestId('detail-contract').click();
  await expect(buyer).toHaveURL(/\/buyerCenter\/purchase\/contract\?contractId=/);
  const buyerContract = buyer.getByTestId(`contract-row-${pickId}`);
  await expect(buyerContract.getByTestId('contract-amount')).toHaveText('23,797.50');
  await expect(buyerContract.getByTestId('contract-amount-words')).toHaveText('贰万叁仟柒佰玖拾柒元伍角');
  const contractNo = (await buyerContract.getAttribute('data-contract-no')) ?? '';
  expect(contractNo).toMatch(/^HT\d{8}[0-9A-HJKMNP-TV-Z]{10}$/);
  await signFromList(buyer, pickId);
  await expect(buyerContract).toHaveAttribute('data-status', '3');

  // Each downloads the signed copy: this deal's amount in uppercase Chinese, both seals, and it verifies.
  const bought = await downloadContract(buyer, buyerContract, contractNo);
  expect(bought.text).toContain(`合同编号：${contractNo}`);
  expect(bought.text).toContain('人民币（大写）贰万叁仟柒佰玖拾柒元伍角');
  expect(bought.text.match(/电子签章时间/g)).toHaveLength(2);
  expect(await verifyUpload(request, contractNo, bought.pdf)).toMatchObject({ ok: true, tampered: false, contractNo, message: VERIFIED });
  await verifyOnPage(buyer, contractNo, bought.pdf);
  await expect(buyer.getByTestId('contract-verification')).toHaveAttribute('data-ok', 'true');
  await expect(buyer.getByTestId('contract-verification-message')).toHaveText(VERIFIED);

  await page.reload();
  await expect(sellerContract).toHaveAttribute('data-status', '3');
  const sold = await downloadContract(page, sellerContract, contractNo);
  expect(sold.text).toContain('人民币（大写）贰万叁仟柒佰玖拾柒元伍角');
  expect(await verifyUpload(request, contractNo, sold.pdf)).toMatchObject({ ok: true, tampered: false, contractNo });
});

test('a purchase request passes audit, is found by search, a seller sells to it and the buyer confirms', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const applyId = await stockedHolding(request, `Q${Date.now()}`);

  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await funded(buyer, '张三', '20000', '20,000.00');
  const buyerBefore = await balances(buyer);

  // The buyer asks for 5 bundles / 12.525 t of rebar at 900 per tonne, paid in full: 11272.50 frozen.
  await requestPurchase(buyer, { price: '900', quantity: '5', weight: '12.525' }, '壹万壹仟贰佰柒拾贰元伍角');
  const purchaseRow = buyer.locator('[data-testid^="my-listing-"]').first();
  await expect(purchaseRow).toHaveAttribute('data-status', 'A');
  const listingId = ((await purchaseRow.getAttribute('data-testid')) ?? '').replace('my-listing-', '');
  const frozen = await balances(buyer);
  expect(frozen.frozen - buyerBefore.frozen).toBe(1127250n);

  // Staff pass the audit; a visitor sees it but must log in to act.
  await staff(request, '/api/admin/listing/audit', { listingId, pass: true });
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/purchaseDocument/details/${listingId}`);
  await expect(visitor.getByTestId('detail-listing-status')).toHaveAttribute('data-status', 'O');
  await visitor.getByTestId('detail-login').click();
  await expect(visitor).toHaveURL(/\/login\?redirect=%2FpurchaseDocument%2Fdetails%2F/);

  // The seller searches for rebar; the search stays for the session.
  await login(page, SELLER);
  await page.goto('/search');
  await page.getByTestId('search-text').fill('螺纹');
  await page.getByTestId('search-submit').click();
  await page.goto('/index');
  await page.goto('/search');
  await expect(page.getByTestId('search-text')).toHaveValue('螺纹');
  await page.getByRole('tab', { name: '采购单' }).click();
  const row = page.getByRole('tabpanel', { name: '采购单' }).getByTestId(`market-row-${listingId}`);
  await row.getByTestId('sellTo-open').click();
  await choose(page, 'field-sellTo-holdId', applyId, true);
  await page.getByTestId('field-sellTo-quantity').fill('6');
  await page.getByTestId('sellTo-submit').click();
  await expect(page.getByText('数量不能超过 5.000')).toBeVisible();
  await page.getByTestId('field-sellTo-quantity').fill('5');
  await page.getByTestId('sellTo-submit').click();
  await expect(page.getByTestId('confirm-amount')).toContainText('壹万壹仟贰佰柒拾贰元伍角');
  await page.getByTestId('sellTo-ok').click();
  await expect(page.getByText('操作成功').first()).toBeVisible();

  // The buyer owns the request, so the buyer confirms the seller's pick: paid in full, the goods move.
  await buyer.goto('/matching/pickGoods');
  await buyer.getByRole('tab', { name: '待确认 · 买方' }).click();
  const pick = buyer.locator(`[data-testid^="buyer-pick-"][data-listing="${listingId}"]`).first();
  await pick.getByTestId('pick-confirm').click();
  await buyer.getByTestId('confirmPick-ok').click();
  await buyer.goto('/buyerCenter/buy/spotBuyOrder');
  await expect(buyer.locator(`[data-testid^="buyer-pick-"][data-listing="${listingId}"]`).first()).toHaveAttribute('data-status', 'T');
  await buyer.goto('/matching/holdProduct');
  await expect(buyer.locator('[data-testid^="holding-row-"][data-status="0"]').getByTestId('holding-quantity').filter({ hasText: '5.000 捆' }).first()).toBeVisible();
  const after = await balances(buyer);
  expect(buyerBefore.available - after.available).toBe(1127250n);
});

test('a presale pick shows on the buyer center’s presale orders page', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // Both firms fund their accounts in the browser first: the API logins below end those page sessions.
  const buyer = await (await browser.newContext()).newPage();
  await login(buyer, BUYER);
  await funded(buyer, '张三', '5000', '5,000.00');
  await login(page, SELLER);
  await funded(page, '李四', '5000', '5,000.00');

  // The seller offers 40 bundles of rebar to be stocked in later (source C), staff pass it; the buyer picks 5 of them.
  const seller = await apiLogin(request, SELLER);
  const types = ((await (await request.get('/api/catalog/commodityTypes')).json()) as { value: { commodityTypeId: string; name: string; grades: { gradeId: string }[] }[] }).value;
  const rebar = types.find((t) => t.name === '螺纹钢')!;
  // Well ahead: earlier journeys move the platform's sandbox clock on by months (pledge loans run 90 days).
  const stockInDay = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
  const presale = await call<{ listingId: string }>(request, '/api/listing/margin/create', seller, {
    bsFlag: 'S',
    sourceId: 'C',
    putWarehousDay: stockInDay,
    commodityTypeId: rebar.commodityTypeId,
    gradeId: rebar.grades[0]!.gradeId,
    price: '10',
    quantity: '40',
    weight: '100.2',
    openTicketDay: 5,
  });
  await staff(request, '/api/admin/listing/audit', { listingId: presale.listingId, pass: true });
  const pick = await call<{ pickId: string }>(request, '/api/listing/pick', await apiLogin(request, BUYER), { listingId: presale.listingId, quantity: '5' });

  await login(buyer, BUYER);
  await buyer.goto('/buyerCenter/purchase/spotOrder');
  await buyer.getByTestId('listing-menu-preSellOrder').click();
  await expect(buyer).toHaveURL(/\/buyerCenter\/purchase\/preSellOrder$/);
  await expect(buyer.getByTestId('page-heading')).toHaveText('预售订单');
  const row = buyer.getByTestId(`buyer-pick-${pick.pickId}`);
  await expect(row).toHaveAttribute('data-status', 'W');
  await expect(row).toHaveAttribute('data-listing', presale.listingId);
  await expect(row.getByTestId('pick-amount')).toHaveText('125.25');
  await expect(row.getByTestId('pick-buyerDefault')).toHaveText('无');
});
