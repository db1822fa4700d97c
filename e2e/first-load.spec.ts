import { expect, test, type Response } from '@playwright/test';

/**
 * The first-load target is 250 kB of JavaScript over the wire (compressed, as the browser receives
 * it) per landing route. Not every route is there yet: each carries the ceiling it stands at today,
 * so CI fails on any growth, and a route at or under the target is held to the target.
 */
const TARGET_BYTES = 250 * 1024;

/** Each app's landing route, its ceiling, and something on it that shows the page has drawn. */
const LANDING_ROUTES = [
  { route: '/index', ceilingKb: 250, drawn: 'language-switcher' },
  { route: '/exchange/', ceilingKb: 250, drawn: 'language-switcher' },
  { route: '/admin/login', ceilingKb: 250, drawn: 'admin-login-submit' },
] as const;

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

for (const { route, ceilingKb, drawn } of LANDING_ROUTES) {
  const budget = Math.max(TARGET_BYTES, ceilingKb * 1024);
  test(`${route} loads at most ${kB(budget)} of JavaScript over the wire (target ${kB(TARGET_BYTES)})`, async ({ browser }) => {
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
    console.log(`first load ${route}: ${kB(total)} of JavaScript in ${scripts.length} files (ceiling ${kB(budget)}, target ${kB(TARGET_BYTES)})`);
    await context.close();

    expect(uncompressed, `${route} received scripts without compression`).toEqual([]);
    expect(total, `${route} pulled ${kB(total)} of JavaScript over the wire, over its ${kB(budget)} ceiling`).toBeLessThanOrEqual(budget);
  });
}
