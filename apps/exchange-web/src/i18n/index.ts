import type { Language } from '@tp/contract';
import { createI18n } from '@tp/web-kit';

// Each language (i18n/<language>/index.ts) is its own chunk: a page downloads only the one it shows (see main.tsx).
export const i18n = createI18n({
  resources: (language) => import(`./${language}/index.ts`).then((m: Record<Language, Record<string, unknown>>) => m[language]),
  documentTitle: (instance) => instance.t('app.title'),
});
