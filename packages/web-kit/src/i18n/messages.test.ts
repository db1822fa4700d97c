import { describe, expect, it } from 'vitest';
import { kitMessages } from './messages';

function flatten(messages: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) result.set(k, v);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('kitMessages', () => {
  it('says "network unstable" as the spec words it in each language', () => {
    expect([kitMessages.cn.networkUnstable, kitMessages.en.networkUnstable, kitMessages.tw.networkUnstable]).toEqual([
      '网络不稳定',
      'Network unstable',
      '網路不穩定',
    ]);
  });

  it.each(['en', 'tw'] as const)('%s has every text with the placeholders of cn', (language) => {
    const reference = flatten(kitMessages.cn);
    const flat = flatten(kitMessages[language]);
    for (const [key, text] of reference) {
      expect(flat.get(key)?.trim(), key).toBeTruthy();
      expect(placeholders(flat.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
