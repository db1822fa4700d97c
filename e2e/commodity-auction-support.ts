import { expect, type Browser, type Page } from '@playwright/test';
import { staffWindow } from './support';

// The steps the auction journeys share: the lot's room, sign-up, live bids and the staff audit.

/** The enterprise main account of the demo, a second party in the auction journeys. */
export const ENTERPRISE = '13800000003';

/** The lot's state as the room shows it (kept in data attributes of the live panel). */
export const current = (page: Page) => page.getByTestId('auction-current');

/** Opens the room until the lot shows `status`: the phase sweep moves it within seconds of the clock, and a lot not yet public is not found. */
export async function inPhase(page: Page, itemId: string, status: string) {
  await expect(async () => {
    await page.goto(`/auction/${itemId}`);
    await expect(page.getByTestId('auction-status')).toHaveAttribute('data-status', status, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Signs up in the room through the deposit's confirmation, which names the deposit frozen. */
export async function signUp(page: Page, itemId: string, deposit = '2,004.00') {
  await inPhase(page, itemId, '1');
  await page.getByTestId('auction-signup').click();
  await expect(page.locator('.ant-modal-confirm-title')).toContainText(`报名将冻结保证金 ${deposit} 元`);
  await page.getByTestId('auction-signup-ok').click();
  await expect(page.getByTestId('auction-bid')).toBeVisible();
}

/** Bids the next valid price the room offers (up in a forward auction, down in a margin buy), through its confirmation. */
export async function bidNext(page: Page, price: string) {
  await expect(page.getByTestId('auction-bid')).toHaveText(`出价 ${price}`);
  await page.getByTestId('auction-bid').click();
  await page.getByTestId('auction-bid-ok').click();
  await expect(current(page)).toHaveAttribute('data-leading', 'true');
}

/** Publishes the filled form through its confirmation; the new lot's id, from the notice, once the firm's list shows it awaiting the audit. */
export async function publishLot(page: Page): Promise<string> {
  await page.getByTestId('auction-publish').click();
  await page.getByTestId('auction-publish-ok').click();
  const published = await page.getByText(/竞拍 \d+ 已发布/).first().innerText();
  const itemId = /竞拍 (\d+) 已发布/.exec(published)![1]!;
  await expect(page.getByTestId('auction-lot-row').filter({ has: page.getByText(itemId, { exact: true }) }).getByTestId('auction-status')).toHaveText('待审核');
  return itemId;
}

/** Staff approve the lot in the back office; their window, left on the listing settings (whose sandbox tab moves the clock). */
export async function approveLot(browser: Browser, itemId: string): Promise<Page> {
  const staff = await staffWindow(browser, '/admin/auction');
  await staff.getByTestId('auction-tab-audit').click();
  const auditRow = staff.locator(`[data-testid="auction-row"][data-item="${itemId}"]`);
  await auditRow.getByTestId('auction-pass').click();
  await staff.getByTestId('auction-pass-ok').click();
  await expect(auditRow).toHaveCount(0);
  await staff.goto('/admin/listing');
  return staff;
}
