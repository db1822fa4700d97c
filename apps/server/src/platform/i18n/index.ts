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

/** A template with its `{name}` slots filled in every language; a slot may take a localized text or a plain value. */
export function fillText(template: LocalizedText, params: Record<string, LocalizedText | string | number>): LocalizedText {
  const fill = (lang: Language) => template[lang].replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    return typeof value === 'object' ? value[lang] : String(value);
  });
  return { cn: fill('cn'), en: fill('en'), tw: fill('tw') };
}

/** A field's refusal as a form shows it: "Label rule" in English, "标签：规则" in Chinese. */
export function fieldMessage(label: LocalizedText, rule: string, lang: Language): string {
  return lang === 'en' ? `${label.en} ${rule}` : `${label[lang]}：${rule}`;
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
