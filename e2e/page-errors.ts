import { test as base, expect, type Browser, type Page } from '@playwright/test';

/**
 * Collects the uncaught errors of a page: thrown errors and unhandled promise rejections
 * (`pageerror`), and console errors that say "Uncaught". A refused action (余额不足, no seal, a form
 * with errors) must end in what the user is shown, never in one of these.
 */
export function watchPageErrors(page: Page, into: string[] = []): string[] {
  page.on('pageerror', (error) => into.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Uncaught')) into.push(`${page.url()}: ${message.text()}`);
  });
  return into;
}

/**
 * Playwright's `test` for journeys that perform refused actions: every page of the journey (the
 * default one and those of contexts it opens itself) fails the journey on an uncaught error.
 */
export const test = base.extend<{ noUncaughtErrors: void }>({
  noUncaughtErrors: [
    async ({ browser, context }, use) => {
      const errors: string[] = [];
      const watch = (page: Page) => void watchPageErrors(page, errors);
      context.on('page', watch);
      context.pages().forEach(watch);
      const newContext = browser.newContext.bind(browser);
      const watchingBrowser = browser as Browser & { newContext: Browser['newContext'] };
      watchingBrowser.newContext = async (...args) => {
        const opened = await newContext(...args);
        opened.on('page', watch);
        return opened;
      };
      try {
        await use();
      } finally {
        watchingBrowser.newContext = newContext;
      }
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
