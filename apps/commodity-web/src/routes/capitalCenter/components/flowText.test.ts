import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { COMMODITY_JOURNAL_TYPES, JournalType } from '@tp/contract';
import { cn } from '../../../i18n/cn';
import { en } from '../../../i18n/en';
import { tw } from '../../../i18n/tw';
import { flowMemoText, flowTypeText } from './flowText';

const LANGUAGES = { cn, en, tw } as const;

async function translator(lng: keyof typeof LANGUAGES): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { [lng]: { translation: LANGUAGES[lng] } }, interpolation: { escapeValue: false } });
  return instance.t;
}

describe.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])('fund statement in %s', (lng) => {
  it('words every business type the fund account can be moved by, each differently, never as its code', async () => {
    const t = await translator(lng);
    const other = flowTypeText(t, 'auction.signup.freeze');
    const texts = COMMODITY_JOURNAL_TYPES.map((type) => flowTypeText(t, type));
    for (const [i, text] of texts.entries()) {
      expect(text, COMMODITY_JOURNAL_TYPES[i]).toBeTruthy();
      expect(text, COMMODITY_JOURNAL_TYPES[i]).not.toMatch(/[a-z]+\.[a-z]+/);
      expect(text, COMMODITY_JOURNAL_TYPES[i]).not.toBe(other);
    }
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('words a business type it does not know yet as other business', async () => {
    const t = await translator(lng);
    const text = flowTypeText(t, 'auction.signup.freeze');
    expect(text).toBe(LANGUAGES[lng].capital.flowType.other);
    expect(text).not.toContain('auction');
  });

  it('shows who acted instead of an internal id', async () => {
    const t = await translator(lng);
    const staff = flowMemoText(t, { type: JournalType.warehouseInspectionFreeze, description: 'staff:9001' });
    const user = flowMemoText(t, { type: JournalType.warehouseInspectionRelease, description: 'user:42' });
    expect(staff).toBe(LANGUAGES[lng].capital.memo.staff);
    expect(user).toBe(LANGUAGES[lng].capital.memo.firmUser);
    expect(`${staff}${user}`).not.toMatch(/9001|42|staff:|user:/);
  });
});

describe('fund statement summaries', () => {
  it('names the bank serial, the request number, the storage day and the bank refusal', async () => {
    const t = await translator('cn');
    expect(flowMemoText(t, { type: JournalType.bankDeposit, description: 'ICBCM3X7F2A9' })).toBe('银行流水号 ICBCM3X7F2A9');
    expect(flowMemoText(t, { type: JournalType.bankWithdrawFreeze, description: 'R202611250001' })).toBe('申请编号 R202611250001');
    expect(flowMemoText(t, { type: JournalType.warehouseStorageFee, description: '2026-11-25' })).toBe('2026-11-25 仓储费');
    expect(flowMemoText(t, { type: JournalType.bankWithdrawRelease, description: '账户余额不足' })).toBe('银行退回：账户余额不足');
    expect(flowMemoText(t, { type: JournalType.bankWithdrawRelease, description: 'bank unavailable' })).toBe('银行暂时无法处理，资金已退回');
    expect(flowMemoText(t, { type: JournalType.demoGrant, description: 'demo deposit' })).toBe('演示环境初始资金');
  });

  it('leaves the summary empty when the journal has none or only an internal reference', async () => {
    const t = await translator('en');
    expect(flowMemoText(t, { type: JournalType.listingPickSettle, description: '' })).toBe('');
    expect(flowMemoText(t, { type: 'auction.signup.freeze', description: 'bidder:77' })).toBe('');
  });
});
