import { describe, expect, it } from 'vitest';
import { NO_GAPS, translationGaps } from './parity';
import tradeCn from './trade/cn.json';
import tradeEn from './trade/en.json';
import tradeTw from './trade/tw.json';
import { mergeTexts } from './tradeTexts';

describe('trade texts', () => {
  it('are whole in en and tw: every text of cn, non-empty, with the same placeholders', () => {
    expect(translationGaps(tradeCn, tradeEn)).toEqual(NO_GAPS);
    expect(translationGaps(tradeCn, tradeTw)).toEqual(NO_GAPS);
  });

  it("lay under an app's own texts at every depth, the app's text winning where both have one", () => {
    const app = { contract: { fields: { price: '单价（元）', seller: '出卖方' } }, app: { title: '后台' } };
    expect(mergeTexts(tradeCn, app).contract.fields).toEqual({ ...tradeCn.contract.fields, price: '单价（元）', seller: '出卖方' });
    expect(mergeTexts(tradeCn, app).contract.status).toEqual(tradeCn.contract.status);
    expect(mergeTexts(tradeCn, app).app.title).toBe('后台');
  });

  it('leave the texts they are merged from as they were', () => {
    const before = JSON.stringify(tradeCn);
    mergeTexts(tradeCn, { contract: { fields: { seller: '出卖方' } } });
    expect(JSON.stringify(tradeCn)).toBe(before);
  });
});
