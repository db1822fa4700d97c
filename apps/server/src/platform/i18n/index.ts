import type { Language } from '@tp/contract';

/** A user-facing text in the three languages of the products. */
export interface LocalizedText {
  cn: string;
  en: string;
  tw: string;
}

export const text = (cn: string, en: string, tw: string): LocalizedText => ({ cn, en, tw });

/** Fills `{name}` placeholders. */
export function render(message: LocalizedText, lang: Language, params: Record<string, string | number> = {}): string {
  return message[lang].replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

/** Maps an Accept-Language header to one of the products' languages; unknown falls back to cn. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'cn';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag === 'cn' || tag === 'tw' || tag === 'en') return tag;
    if (/^zh-(tw|hk|mo)|^zh-hant/.test(tag)) return 'tw';
    if (tag.startsWith('zh')) return 'cn';
    if (tag.startsWith('en')) return 'en';
  }
  return 'cn';
}
