import { describe, expect, it } from 'vitest';
import { acceptLanguage, detectLanguage, htmlLang } from './languages';

describe('detectLanguage', () => {
  it.each([
    [['zh-CN'], 'cn'],
    [['zh'], 'cn'],
    [['zh-SG', 'en'], 'cn'],
    [['zh-Hans-CN'], 'cn'],
    [['zh-TW'], 'tw'],
    [['zh-HK'], 'tw'],
    [['zh-MO'], 'tw'],
    [['zh-Hant'], 'tw'],
    [['zh-Hant-HK'], 'tw'],
    [['en-US'], 'en'],
    [['en'], 'en'],
    [['en-GB', 'zh-CN'], 'en'],
    [['fr-FR'], 'cn'],
    [['fr-FR', 'de'], 'cn'],
    [['fr-FR', 'zh-TW'], 'tw'],
    [[], 'cn'],
  ] as const)('maps %j to %s', (languages, expected) => {
    expect(detectLanguage(languages)).toBe(expected);
  });

  it('prefers a stored explicit choice, ignoring invalid stored values', () => {
    expect(detectLanguage(['zh-CN'], 'en')).toBe('en');
    expect(detectLanguage(['en-US'], 'tw')).toBe('tw');
    expect(detectLanguage(['en-US'], 'fr')).toBe('en');
    expect(detectLanguage(['zh-TW'], null)).toBe('tw');
  });
});

describe('language tags', () => {
  it('gives the html lang and Accept-Language of each language', () => {
    expect([htmlLang('cn'), htmlLang('tw'), htmlLang('en')]).toEqual(['zh-CN', 'zh-TW', 'en']);
    expect([acceptLanguage('cn'), acceptLanguage('tw'), acceptLanguage('en')]).toEqual(['zh-CN', 'zh-TW', 'en-US']);
  });
});
