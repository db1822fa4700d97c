import { expect, test, type Response } from '@playwright/test';

/**
 * The first-load budget: 250 kB of JavaScript over the wire (compressed, as the browser receives
 * it) per landing route.
 */
const BUDGET_BYTES = 250 * 1024;

/** Each app's landing route, and something on it that shows the page has drawn. */
const LANDING_ROUTES = [
  { route: '/index', drawn: 'language-switcher' },
  { route: '/exchange/', drawn: 'language-switcher' },
  { route: '/admin/login', drawn: 'admin-login-submit' },
] as const;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

for (const { route, drawn } of LANDING_ROUTES) {
  test(`${route} loads at most ${kB(BUDGET_BYTES)} of JavaScript over the wire`, async ({ browser }) => {
    // A fresh context has an empty cache: everything the page needs comes over the wire.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });

    await page.goto(route, { waitUntil: 'networkidle' });
    // Generous: on a busy CI machine the first paint can take several seconds.
    await expect(page.getByTestId(drawn).first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    let total = 0;
    const uncompressed: string[] = [];
    for (const response of scripts) {
      // The encoded body: the bytes that crossed the wire, after brotli or gzip.
      total += (await response.request().sizes()).responseBodySize;
      if (!(await response.headerValue('content-encoding'))) uncompressed.push(new URL(response.url()).pathname);
    }
    console.log(`first load ${route}: ${kB(total)} of JavaScript in ${scripts.length} files (budget ${kB(BUDGET_BYTES)})`);
    await context.close();

    expect(uncompressed, `${route} received scripts without compression`).toEqual([]);
    expect(total, `${route} pulled ${kB(total)} of JavaScript over the wire, over the ${kB(BUDGET_BYTES)} budget`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
