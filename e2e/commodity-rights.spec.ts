import { expect, test } from './page-errors';
import { login } from './support';

// The demo enterprise's staff: the trader lists, picks and stocks goods in; the finance staff only handles money.
const TRADER = '13800000004';
const FINANCE = '13800000005';

test('finance staff see only the money pages: the seller center shows 无权访问 and offers no publishing', async ({ page }) => {
  await login(page, FINANCE);
  await expect(page.getByTestId('capital-menu-withdraw')).toBeVisible();

  // Typed straight in, the publish page is closed: no form, no menu entry, no refused call.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.goto('/sellerCenter/addResourceOrder');
  await expect(page.getByTestId('forbidden')).toContainText('无权访问');
  await expect(page.getByTestId('listing-submit')).toHaveCount(0);
  await expect(page.getByTestId('listing-menu-addResourceOrder')).toHaveCount(0);

  // The warehousing application page likewise, instead of its button and a failed list.
  await page.goto('/sellerCenter/resource/warehousingApply');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await expect(page.getByText('加载失败，请稍后重试')).toHaveCount(0);
  await expect(page.getByTestId('warehouse-menu-warehousingApply')).toHaveCount(0);

  // The seller center's own address has no page for them either.
  await page.goto('/sellerCenter');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  expect(refused).toEqual([]);
});

test('the trader publishes from the seller center but has no capital pages; a form with errors stays on screen without a console error', async ({ page }) => {
  await login(page, TRADER);
  await expect(page.getByTestId('forbidden')).toBeVisible();

  await page.goto('/sellerCenter/addResourceOrder');
  await expect(page.getByTestId('listing-menu-addResourceOrder')).toBeVisible();
  await expect(page.getByTestId('forbidden')).toHaveCount(0);
  // Submitting the empty form is refused by its own checks; the fields say why.
  await page.getByTestId('listing-submit').click();
  await expect(page.getByText('请填写单价（元）')).toBeVisible();
  await expect(page.getByTestId('warehouse-menu-warehousingApply')).toBeVisible();
  await expect(page.getByTestId('product-menu-shopManage')).toHaveCount(0);

  await page.goto('/capitalCenter/withdraw');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
