import { describe, expect, it } from 'vitest';
import { kitMessages } from './messages';
import { NO_GAPS, flattenMessages, translationGaps } from './parity';

describe('kitMessages', () => {
  it('says "network unstable" as the spec words it in each language', () => {
    expect([kitMessages.cn.networkUnstable, kitMessages.en.networkUnstable, kitMessages.tw.networkUnstable]).toEqual([
      '网络不稳定',
      'Network unstable',
      '網路不穩定',
    ]);
  });

  it.each(['en', 'tw'] as const)('%s has every text with the placeholders of cn', (language) => {
    expect(translationGaps(kitMessages.cn, kitMessages[language])).toEqual(NO_GAPS);
  });

  it('finds what a translation lacks', () => {
    const gaps = translationGaps({ a: 'x {{n}}', b: { c: 'y' } }, { a: 'x', b: { c: ' ' }, d: 'z' });
    expect(gaps).toEqual({ missing: [], extra: ['d'], empty: ['b.c'], placeholders: ['a'] });
    expect(flattenMessages({ b: { c: 'y' } })).toEqual(new Map([['b.c', 'y']]));
  });
});
