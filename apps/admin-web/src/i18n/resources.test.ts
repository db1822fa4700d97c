// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { NO_GAPS, chooseLanguage, i18nReady, translationGaps } from '@tp/web-kit';
import { cn } from './cn';
import { en } from './en';
import { i18n } from './index';
import { tw } from './tw';

describe('translations', () => {
  it.each([
    ['en', en],
    ['tw', tw],
  ] as const)('%s has every text, non-empty, with the same placeholders as cn', (_name, messages) => {
    expect(translationGaps(cn, messages)).toEqual(NO_GAPS);
  });

  it('gives each language its own page title, so the language shows at a glance', () => {
    expect(new Set([cn.app.title, en.app.title, tw.app.title]).size).toBe(3);
  });

  it('loads each language, on demand, from its own dictionary', async () => {
    await i18nReady(i18n);
    for (const [language, messages] of [['en', en], ['tw', tw], ['cn', cn]] as const) {
      await chooseLanguage(i18n, language);
      expect(i18n.t('app.title')).toBe(messages.app.title);
    }
  });
});
