import { LANGUAGES, type Language } from '@tp/contract';

/** Where an explicit language choice is kept; shared by the apps because they share one origin. */
export const LANGUAGE_STORAGE_KEY = 'tp.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps one BCP 47 tag to a product language, or null when the tag is none of them. */
export function languageOfTag(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (/^zh-(tw|hk|mo)\b|^zh-hant\b/.test(lower)) return 'tw';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'cn';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return null;
}

/**
 * The language to start in: a stored explicit choice wins; otherwise the first browser language
 * the products speak; otherwise cn (the spec's fallback). Same order as the server reads
 * Accept-Language, so page and server messages agree.
 */
export function detectLanguage(browserLanguages: readonly string[], stored?: string | null): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'cn';
}

const HTML_LANG: Record<Language, string> = { cn: 'zh-CN', tw: 'zh-TW', en: 'en' };
const ACCEPT_LANGUAGE: Record<Language, string> = { cn: 'zh-CN', tw: 'zh-TW', en: 'en-US' };

/** The `<html lang>` value of a product language. */
export const htmlLang = (language: Language): string => HTML_LANG[language];
/** The Accept-Language header the API client sends for a product language. */
export const acceptLanguage = (language: Language): string => ACCEPT_LANGUAGE[language];

/** Names shown in the language switcher, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = { cn: '简体中文', tw: '繁體中文', en: 'English' };
