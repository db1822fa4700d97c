import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@tp/contract';
import { detectLanguage, htmlLang, isLanguage, LANGUAGE_STORAGE_KEY } from './languages';
import { KIT_NAMESPACE, kitMessages } from './messages';

export type AppTranslations = Record<Language, Record<string, unknown>>;

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
 * An i18next instance speaking cn, en and tw, starting in the stored choice or the browser's
 * language (fallback cn), with web-kit's texts in the `kit` namespace. `<html lang>` and the
 * document title follow every language change.
 */
export function createI18n({ resources, documentTitle }: CreateI18nOptions): I18n {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (lng) => {
    if (!isLanguage(lng)) return;
    document.documentElement.lang = htmlLang(lng);
    if (documentTitle) document.title = documentTitle(instance);
  });
  void instance.use(initReactI18next).init({
    lng: detectLanguage(navigator.languages, readStoredChoice()),
    fallbackLng: 'cn',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'translation',
    ns: ['translation', KIT_NAMESPACE],
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [lng, { translation: resources[lng], [KIT_NAMESPACE]: kitMessages[lng] }]),
    ),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The language the instance currently shows. */
export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLanguage(lng) ? lng : 'cn';
}

/** Switches language and remembers it as the user's explicit choice. */
export async function chooseLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode quotas); the switch still applies to this page.
  }
  await instance.changeLanguage(language);
}
