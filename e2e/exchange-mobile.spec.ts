import { expect, test, type Page } from '@playwright/test';
import { register } from './support';

// An ordinary phone held upright.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** How wide the page is laid out: wider than the screen means the user scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('on a phone the landing, trade and wallet pages fit the screen; the header’s menu button opens the site’s sections', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/exchange/');
  await expect(page.getByTestId('app-name')).toBeVisible();
  await expect(page.getByTestId('header-menu')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // The sections and the visitor's login and sign-up are in the menu.
  await page.getByTestId('header-menu').click();
  const drawer = page.getByTestId('header-drawer');
  await expect(drawer.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(drawer.getByTestId('drawer-login')).toBeVisible();
  await drawer.getByRole('link', { name: '币币交易' }).click();
  await expect(page).toHaveURL(/\/exchange\/trade\/BTCUSDT$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('order-book')).toBeVisible();
  await expect(page.getByTestId('chart-panel')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  await register(page, request, { at: '/exchange/register' });
  await page.goto('/exchange/assets');
  await expect(page.getByTestId('balances-table')).toBeVisible();
  await expect(page.getByTestId('deposit-USDT')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.goto('/exchange/assets/records');
  await expect(page.getByTestId('page-heading')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  // Logged in, the menu lists the wallet too.
  await page.getByTestId('header-menu').click();
  await expect(drawer.getByRole('link', { name: '资产' })).toBeVisible();
});

test('at 1280 px the header shows its sections inline and no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/exchange/');
  await expect(page.locator('.ex-nav').getByRole('link', { name: '币币交易' })).toBeVisible();
  await expect(page.getByTestId('header-menu')).toBeHidden();
  await expect(page.getByTestId('header-register')).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
});
