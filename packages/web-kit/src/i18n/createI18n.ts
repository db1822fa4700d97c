import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@tp/contract';
import { detectLanguage, htmlLang, isLanguage, LANGUAGE_STORAGE_KEY } from './languages';
import { KIT_NAMESPACE, kitMessages } from './messages';

type Texts = Record<string, unknown>;

/**
 * One language's texts, or a function importing them (`() => import('./en').then((m) => m.en)`),
 * so a page downloads only the language it shows.
 */
export type LanguageTexts = Texts | (() => Promise<Texts>);

/**
 * The app's texts of each language, one by one, or one function importing the language asked for
 * (``(language) => import(`./${language}/index.ts`)``, which the bundler splits into a chunk per language).
 */
export type AppTranslations = Record<Language, LanguageTexts> | ((language: Language) => Promise<Texts>);

export interface CreateI18nOptions {
  /** The app's own texts (namespace `translation`) in cn, en and tw. */
  resources: AppTranslations;
  /** The document title in the current language; re-read on every language change. */
  documentTitle?: (instance: I18n) => string;
}

function readStoredChoice(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Hands i18next the app's texts of a language when it first needs them. i18next switches only
 * once they have arrived, so a language change never shows bare keys.
 */
function appTextsBackend(resources: AppTranslations): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read: (language, namespace, callback) => {
      if (namespace !== 'translation' || !isLanguage(language)) return callback(null, {});
      const texts = typeof resources === 'function' ? () => resources(language) : resources[language];
      if (typeof texts !== 'function') return callback(null, texts);
      texts().then(
        (loaded) => callback(null, loaded),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
    },
  };
}

const ready = new WeakMap<I18n, Promise<unknown>>();

/**
 * An i18next instance speaking cn, en and tw, starting in the stored choice or the browser's
 * language (fallback cn), with web-kit's texts in the `kit` namespace. Only the starting
 * language's app texts are fetched (see i18nReady); the others arrive when the user switches.
 * `<html lang>` and the document title follow every language change.
 */
export function createI18n({ resources, documentTitle }: CreateI18nOptions): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    document.documentElement.lang = htmlLang(lng);
    if (documentTitle) document.title = documentTitle(instance);
  });
  const language = detectLanguage(navigator.languages, readStoredChoice());
  // Set at once, not when the texts have arrived: the page is in this language from its first byte.
  document.documentElement.lang = htmlLang(language);
  const initialised = instance
    .use(initReactI18next)
    .use(appTextsBackend(resources))
    .init({
      lng: language,
      // Every language has every text (the translation tests check it), so no page needs a second
      // language as a fallback, and none is downloaded as one.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      defaultNS: 'translation',
      ns: ['translation', KIT_NAMESPACE],
      // web-kit's own texts are a few hundred bytes and the API client reads them directly.
      resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { [KIT_NAMESPACE]: kitMessages[lng] }])),
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  ready.set(instance, initialised);
  return instance;
}

/**
 * Settles once the starting language's texts have arrived (or failed to): render after it, so
 * the first paint already reads in the user's language.
 */
export async function i18nReady(instance: I18n): Promise<void> {
  await ready.get(instance);
}

/** The language the instance currently shows. */
export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : 'cn';
}

/** Switches language, once its texts have arrived, and remembers it as the user's explicit choice. */
export async function chooseLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode quotas); the switch still applies to this page.
  }
  await instance.changeLanguage(language);
}
