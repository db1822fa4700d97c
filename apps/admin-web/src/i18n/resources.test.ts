import { describe, expect, it } from 'vitest';
import { cn } from './cn';
import { en } from './en';
import { tw } from './tw';

function flatten(messages: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) result.set(k, v);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const reference = flatten(cn);

  it.each([
    ['en', en],
    ['tw', tw],
  ] as const)('%s has every text, non-empty, with the same placeholders as cn', (_name, messages) => {
    const flat = flatten(messages);
    expect([...flat.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of reference) {
      const translated = flat.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('gives each language its own page title, so the language shows at a glance', () => {
    expect(new Set([cn.app.title, en.app.title, tw.app.title]).size).toBe(3);
  });
});
