// The commodity platform inside the desktop client: the update dialogs, driven through the client's
// bridge (`window.desktop`), which a test stands in for; in a browser none of their code is loaded.
import type { Page } from '@playwright/test';
import { expect, test } from './page-errors';

interface FakeBridgeOptions {
  failDownload: boolean;
}

/** Installs a stand-in for the shell's bridge before the page's scripts run; it records what it is asked. */
async function inDesktopClient(page: Page, options: FakeBridgeOptions) {
  await page.addInitScript((opts: FakeBridgeOptions) => {
    const w = window as unknown as Record<string, unknown>;
    const record = { checks: 0, downloads: 0, installs: 0 };
    w.__bridgeCalls = record;
    const total = 3 * 1024 * 1024;
    w.desktop = {
      version: '1.0.0',
      platform: 'win',
      checkForUpdate: async () => {
        record.checks++;
        return { available: true, version: '2.0.0', fileName: 'tp-desktop-win-2.0.0.exe', size: total, sha512: 'x', url: '/api/download/installer/tp-desktop-win-2.0.0.exe' };
      },
      downloadUpdate: (onProgress: (p: unknown) => void) => {
        record.downloads++;
        return new Promise<void>((resolve, reject) => {
          let transferred = 0;
          const step = setInterval(() => {
            transferred = Math.min(total, transferred + 512 * 1024);
            onProgress({ transferred, total, percent: Math.floor((transferred * 100) / total), bytesPerSecond: 1024 * 1024 });
            if (opts.failDownload && transferred >= total / 2) {
              clearInterval(step);
              reject(new Error('checksum'));
            } else if (transferred >= total) {
              clearInterval(step);
              resolve();
            }
          }, 300);
        });
      },
      installAndQuit: async () => {
        record.installs++;
      },
    };
  }, options);
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __bridgeCalls: { checks: number; downloads: number; installs: number } }).__bridgeCalls);

test('in a browser the landing page shows no update dialog and loads none of its code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/index', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('language-switcher').first()).toBeVisible({ timeout: 30_000 });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => url.includes('DesktopUpdates'))).toEqual([]);
  await expect(page.getByText('发现新版本')).toHaveCount(0);
});

test('in the desktop client: update found → update now → progress that cannot be closed → install now', async ({ page }) => {
  await inDesktopClient(page, { failDownload: false });
  await page.goto('/index');
  await expect(page.getByText('发现新版本 2.0.0，是否立即更新？')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '立即更新' }).click();

  const progress = page.getByTestId('desktop-update-progress');
  await expect(progress).toContainText('下载速度 1.00 MB/s');
  await expect(progress).toContainText(/已下载 (512\.0 KB|[12]\.\d\d MB) \/ 3\.00 MB/);
  // Neither Escape nor a click beside it closes the download's dialog.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(progress).toBeVisible();

  await expect(page.getByText('更新包已下载完成，是否立即安装？安装时客户端将退出。')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: '立即安装' }).click();
  await expect.poll(async () => (await calls(page)).installs).toBe(1);
});

test('in the desktop client: a failed download is announced, its dialog closes and the update is offered again', async ({ page }) => {
  await inDesktopClient(page, { failDownload: true });
  await page.goto('/index');
  await expect(page.getByText('发现新版本 2.0.0，是否立即更新？')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '立即更新' }).click();

  await expect(page.getByText('更新包下载失败，请重试...')).toBeVisible({ timeout: 15_000 });
  const failedAt = Date.now();
  await expect(page.getByTestId('desktop-update-progress')).toBeHidden({ timeout: 5_000 });
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1_000);
  // 5 s after the failure the client is asked again, and the user is offered the update again.
  await expect.poll(async () => (await calls(page)).checks, { timeout: 10_000 }).toBe(2);
  await expect(page.getByText('发现新版本 2.0.0，是否立即更新？')).toBeVisible();
});
