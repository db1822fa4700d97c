import { expect, test } from './page-errors';
import { staffWindow } from './support';

const EXCHANGE_SERVICE_MAILBOX = 'service@tp-exchange.example';
const LEGAL_KINDS = ['terms', 'privacy', 'kyc-aml', 'legal-statement', 'risk-disclosure', 'fiat-agreement', 'asset-commitment', 'digital-assets'] as const;

const TITLES = {
  'zh-CN': { terms: '服务条款', privacy: '隐私政策', 'kyc-aml': '了解你的客户与反洗钱政策', 'legal-statement': '法律声明', 'risk-disclosure': '风险揭示书', 'fiat-agreement': '法币交易服务协议', 'asset-commitment': '资产合法性承诺书', 'digital-assets': '数字资产介绍' },
  'zh-TW': { terms: '服務條款', privacy: '隱私政策', 'kyc-aml': '了解你的客戶與反洗錢政策', 'legal-statement': '法律聲明', 'risk-disclosure': '風險揭示書', 'fiat-agreement': '法幣交易服務協議', 'asset-commitment': '資產合法性承諾書', 'digital-assets': '數字資產介紹' },
  'en-US': { terms: 'Terms of Service', privacy: 'Privacy Policy', 'kyc-aml': 'KYC and AML Policy', 'legal-statement': 'Legal Statement', 'risk-disclosure': 'Risk Disclosure', 'fiat-agreement': 'Fiat Service Agreement', 'asset-commitment': 'Asset-Legitimacy Commitment', 'digital-assets': 'Introduction to Digital Assets' },
} as const;
const MINIMUM_AGE = { 'zh-CN': '须年满 16 周岁', 'zh-TW': '須年滿 16 週歲', 'en-US': 'at least 16 years old' } as const;
const SINGAPORE = { 'zh-CN': '新加坡', 'zh-TW': '新加坡', 'en-US': 'Singapore' } as const;

for (const locale of ['zh-CN', 'zh-TW', 'en-US'] as const) {
  test(`every legal page renders in ${locale}, from the footer`, async ({ browser }) => {
    const context = await browser.newContext({ locale, extraHTTPHeaders: { 'Accept-Language': `${locale},${locale.slice(0, 2)};q=0.9` } });
    const page = await context.newPage();
    await page.goto('/exchange/');
    const footer = page.getByTestId('site-footer');
    for (const kind of LEGAL_KINDS) {
      await footer.getByTestId(`footer-${kind}`).click();
      await expect(page).toHaveURL(new RegExp(`/exchange/${kind}$`));
      await expect(page.getByTestId('page-heading')).toHaveText(TITLES[locale][kind]);
      await expect(page.getByTestId('legal-version')).toContainText('1');
      await expect(page.getByTestId('legal-text')).toContainText(EXCHANGE_SERVICE_MAILBOX);
      if (kind !== 'digital-assets') await expect(page.getByTestId('legal-text')).toContainText(SINGAPORE[locale]);
    }
    await page.goto('/exchange/terms');
    await expect(page.getByTestId('legal-text')).toContainText(MINIMUM_AGE[locale]);
    await context.close();
  });
}

test('a visitor finds the pinned announcement on the home page, the help centre, the fees in force and the contact mailbox', async ({ page }) => {
  await page.goto('/exchange/');
  const notices = page.getByTestId('home-notices');
  await expect(notices).toContainText('预售专区上线公告');
  await notices.getByRole('link', { name: /预售专区上线公告/ }).click();
  await expect(page.getByTestId('page-heading')).toHaveText('预售专区上线公告');
  await expect(page.getByText('未中签部分原路退回')).toBeVisible();

  await page.goto('/exchange/trade/BTCUSDT');
  await expect(page.getByTestId('notice-bar')).toContainText('预售专区上线公告');

  const footer = page.getByTestId('site-footer');
  await footer.getByRole('link', { name: '帮助中心' }).click();
  await expect(page.getByTestId('page-heading')).toHaveText('帮助中心');
  await page.getByTestId('help-faq').getByText('忘记登录密码怎么办？').click();
  await expect(page.getByText('通过手机或邮箱验证码重置')).toBeVisible();

  await footer.getByRole('link', { name: '费率' }).click();
  const markets = page.getByTestId('fee-markets');
  await expect(markets.locator('tr[data-row-key="BTCUSDT"]')).toContainText('0.1%');
  await expect(page.getByTestId('fee-assets').locator('tr[data-row-key="USDT"]')).toContainText('10');

  await footer.getByRole('link', { name: '联系我们' }).click();
  await expect(page.getByTestId('service-mailbox')).toHaveText(EXCHANGE_SERVICE_MAILBOX);
  await footer.getByRole('link', { name: 'APP 下载' }).click();
  await expect(page.getByTestId('download-qr')).toBeVisible();
  await footer.getByRole('link', { name: '公告' }).click();
  await expect(page.getByTestId('notice-list')).toContainText('钱包系统例行维护完成');
});

test('staff publish a new version of a legal text and readers get it at once', async ({ browser, page }) => {
  const staff = await staffWindow(browser, '/admin/content');
  await staff.getByRole('tab', { name: '法律文本' }).click();
  await staff.getByTestId('legal-kind').click();
  await staff.getByTitle('数字资产介绍').click();
  await expect(staff.getByTestId('legal-versions')).toContainText('系统初始版本');
  await staff.getByTestId('legal-publish').click();
  await staff.getByTestId('body-en').fill('Digital assets are recorded on a blockchain. Version two, written by staff.');
  await staff.getByTestId('legal-publish-submit').click();
  await staff.getByRole('button', { name: /确\s?定|OK/ }).last().click();
  await expect(staff.getByText('已发布第 2 版')).toBeVisible();
  await expect(staff.getByTestId('legal-versions').locator('tr[data-row-key="2"]')).toBeVisible();

  const context = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } });
  const reader = await context.newPage();
  await reader.goto('/exchange/digital-assets');
  await expect(reader.getByTestId('legal-text')).toContainText('Version two, written by staff.');
  await expect(reader.getByTestId('legal-version')).toContainText('Version 2');
  await context.close();
  await page.goto('/exchange/digital-assets');
  await expect(page.getByTestId('page-heading')).toHaveText('数字资产介绍');
});
