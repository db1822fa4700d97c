// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, createI18n, currentLanguage, i18nReady } from './createI18n';
import { LANGUAGE_STORAGE_KEY } from './languages';

const TEXTS = { cn: { hello: '你好' }, en: { hello: 'Hello' }, tw: { hello: '您好' } };

/** Loaders standing in for `() => import('./en')`, each counting its calls and released by hand. */
function loaders() {
  const release = new Map<string, () => void>();
  const load = (language: keyof typeof TEXTS) =>
    vi.fn(() => new Promise<Record<string, unknown>>((resolve) => release.set(language, () => resolve(TEXTS[language]))));
  return { resources: { cn: load('cn'), en: load('en'), tw: load('tw') }, release: (language: string) => release.get(language)?.() };
}

afterEach(() => localStorage.clear());

describe('createI18n', () => {
  it('downloads only the starting language, and is ready once it has arrived', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { resources, release } = loaders();
    const i18n = createI18n({ resources, documentTitle: (instance) => instance.t('hello') });
    let ready = false;
    const settled = i18nReady(i18n).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    release('en');
    await settled;
    expect(i18n.t('hello')).toBe('Hello');
    expect(document.title).toBe('Hello');
    expect(resources.en).toHaveBeenCalledTimes(1);
    expect(resources.cn).not.toHaveBeenCalled();
    expect(resources.tw).not.toHaveBeenCalled();
  });

  it('switches only once the new language has arrived, so no bare key is ever shown', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'cn');
    const { resources, release } = loaders();
    const i18n = createI18n({ resources });
    release('cn');
    await i18nReady(i18n);
    const switching = chooseLanguage(i18n, 'tw');
    await Promise.resolve();
    expect(currentLanguage(i18n)).toBe('cn');
    expect(i18n.t('hello')).toBe('你好');
    release('tw');
    await switching;
    expect(currentLanguage(i18n)).toBe('tw');
    expect(i18n.t('hello')).toBe('您好');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('tw');
    expect(resources.en).not.toHaveBeenCalled();
  });

  it("has web-kit's own texts in every language without downloading them", async () => {
    const i18n = createI18n({ resources: TEXTS });
    await i18nReady(i18n);
    await chooseLanguage(i18n, 'en');
    expect(i18n.t('networkUnstable', { ns: 'kit' })).toBe('Network unstable');
    expect(i18n.t('hello')).toBe('Hello');
  });

  it('takes one loader for every language, asking it only for the language shown', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'tw');
    const load = vi.fn((language: keyof typeof TEXTS) => Promise.resolve(TEXTS[language]));
    const i18n = createI18n({ resources: load });
    await i18nReady(i18n);
    expect(i18n.t('hello')).toBe('您好');
    expect(load.mock.calls).toEqual([['tw']]);
    await chooseLanguage(i18n, 'en');
    expect(i18n.t('hello')).toBe('Hello');
    expect(load.mock.calls).toEqual([['tw'], ['en']]);
  });
});
