import { expect, test } from '@playwright/test';

test('the home page shows the latest notices and news, and each opens to its full text', async ({ page }) => {
  await page.goto('/index');
  const notices = page.getByTestId('latest-notice');
  await expect(notices).toContainText('关于春节期间交易时间安排的公告');
  await expect(page.getByTestId('latest-news')).toContainText('本周螺纹钢现货价格小幅回升');

  await notices.getByRole('link', { name: '关于春节期间交易时间安排的公告' }).click();
  await expect(page).toHaveURL(/\/notice\/noticeDetails\/\d+$/);
  await expect(page.getByTestId('page-heading')).toHaveText('关于春节期间交易时间安排的公告');
  await expect(page.getByTestId('content-body')).toContainText('节后第一个工作日9:00恢复交易');
});

test('the news list pages 20 at a time and a footer link opens its page', async ({ page }) => {
  await page.goto('/news');
  await expect(page.getByTestId('content-item')).toHaveCount(3);

  await page.getByRole('contentinfo').getByRole('link', { name: '条款' }).click();
  await expect(page).toHaveURL(/\/footer\/footerDetails\/clauses$/);
  await expect(page.getByTestId('page-heading')).toHaveText('用户协议');
});

test('an item that does not exist says so and offers the way home', async ({ page }) => {
  await page.goto('/news/newsList/newsDetails/999999');
  await expect(page.getByTestId('page-heading')).toHaveText('内容不存在或已下线');
});
