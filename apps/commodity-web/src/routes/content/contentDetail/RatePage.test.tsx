// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { chooseLanguage } from '@tp/web-kit';
import type { Language } from '@tp/contract';
import { queryClient } from '../../../api/client';
import { i18n } from '../../../i18n';
import { findSlow, openAt, reply, resetAroundEachTest, stubApi, type ApiCall } from '../../../test-support';

let feeRate = '0.002';
let calls: ApiCall[] = [];

resetAroundEachTest();
beforeEach(() => {
  calls = stubApi((path) => {
    if (path === '/api/listing/fee-settings') {
      return reply({ feeRate, defaultBuyerMarginRatio: '0.2', defaultSellerMarginRatio: '0.15', balanceDays: 3, graceDays: 1, forfeitPlatformShare: '0.2', marketCloseTime: '15:00' });
    }
    if (path === '/api/content/detail') return reply({ id: '1', columnId: '5', title: '收费标准', summary: '', slug: 'rate', publishedAt: '2026-01-01T00:00:00.000Z', body: '交易手续费按成交金额的万分之五向买卖双方收取。' });
    if (path === '/api/system/switches') return undefined;
    return reply([]);
  });
});

async function openRatePage(language: Language) {
  await chooseLanguage(i18n, language);
  openAt('/footer/footerDetails/rate');
  return findSlow('content-body');
}

describe('the rate page (收费标准)', () => {
  it('states the fee the platform charges, from the seller only, as the fee settings say', async () => {
    feeRate = '0.002';
    const body = await openRatePage('cn');
    expect(body.textContent).toContain('按成交金额的 0.2% 向卖方收取');
    expect(body.textContent).toContain('买方保证金为成交金额的 20%，卖方保证金为 15%');
    expect(body.textContent).not.toContain('万分之五');
    expect(calls.some((call) => call.path === '/api/content/detail')).toBe(false);
  }, 20_000);

  it('follows a fee changed in the back office, in every language', async () => {
    feeRate = '0.0035';
    expect((await openRatePage('en')).textContent).toContain('Trading fee: 0.35% of the deal amount, charged to the seller');
    cleanup();
    queryClient.clear();
    expect((await openRatePage('tw')).textContent).toContain('按成交金額的 0.35% 向賣方收取');
  }, 20_000);
});
