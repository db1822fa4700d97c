import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { cn } from '../../../i18n/cn';
import { en } from '../../../i18n/en';
import { tw } from '../../../i18n/tw';
import { invoiceConfirmText } from './invoiceConfirm';

const LANGUAGES = { cn, en, tw } as const;
async function translator(lng: keyof typeof LANGUAGES): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { [lng]: { translation: LANGUAGES[lng] } }, interpolation: { escapeValue: false } });
  return instance.t;
}

// A spot pick, and a purchase request paid in full, hold the whole amount as the buyer's money: only the deal kind tells them from margin deals.
const spot = { pickId: '88', amount: '2505.00', marginPay: false, sellerDefault: 'N' };
const fullPaymentPurchase = { ...spot };
const margin = { ...spot, marginPay: true };
const marginPurchase = { ...spot, marginPay: true };

describe('confirming an invoice', () => {
  it('on a spot or full-payment pick promises no payment or margin release: the seller was paid at confirmation', async () => {
    const t = await translator('cn');
    for (const pick of [spot, fullPaymentPurchase]) {
      const text = invoiceConfirmText(t, pick);
      expect(text).toBe('确认收到摘牌单 88 的发票（2,505.00 元）？货款已在确认成交时付给卖方，确认发票只登记发票已收到，不再划转资金。');
      expect(text).not.toContain('保证金');
    }
  });

  it('on a margin pick says the frozen amount goes to the seller less the fee and the seller margin is released', async () => {
    const t = await translator('cn');
    for (const pick of [margin, marginPurchase]) {
      expect(invoiceConfirmText(t, pick)).toBe('确认收到摘牌单 88 的发票（2,505.00 元）？确认后，您冻结的货款 2,505.00 元付给卖方（平台手续费从中扣除），卖方保证金同时释放。');
    }
    expect(invoiceConfirmText(t, { ...margin, sellerDefault: 'F' })).toContain('卖方保证金已因违约赔付，不再释放');
  });

  it('says the same in English and traditional Chinese', async () => {
    const enT = await translator('en');
    const twT = await translator('tw');
    expect(invoiceConfirmText(enT, spot)).toContain('The seller was paid when the pick was confirmed');
    expect(invoiceConfirmText(enT, spot)).not.toMatch(/margin/i);
    expect(invoiceConfirmText(enT, margin)).toContain('goes to the seller (less the platform fee) and the seller margin is released');
    expect(invoiceConfirmText(twT, spot)).toContain('貨款已在確認成交時付給賣方');
    expect(invoiceConfirmText(twT, margin)).toContain('賣方保證金同時釋放');
  });
});
