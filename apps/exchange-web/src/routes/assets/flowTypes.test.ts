import { describe, expect, it } from 'vitest';
import { EXCHANGE_JOURNAL_TYPES, journalTypeKey } from '@tp/contract';
import { cn } from '../../i18n/cn';
import { en } from '../../i18n/en';
import { tw } from '../../i18n/tw';

describe.each([
  ['cn', cn],
  ['en', en],
  ['tw', tw],
] as const)('financial log in %s', (_lng, messages) => {
  it('words every type the exchange accounts can be moved by, never as its code', () => {
    const types: Record<string, string> = messages.assets.flow.types;
    for (const type of EXCHANGE_JOURNAL_TYPES) {
      expect(types[journalTypeKey(type)], type).toBeTruthy();
      expect(types[journalTypeKey(type)], type).not.toMatch(/[a-z]+\.[a-z]+/);
    }
    expect(messages.assets.flow.otherType).toBeTruthy();
  });
});
