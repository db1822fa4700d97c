import { createI18n } from '@tp/web-kit';

// Each language is its own chunk: a page downloads only the one it shows (see main.tsx).
export const i18n = createI18n({
  resources: {
    cn: () => import('./cn').then((m) => m.cn),
    en: () => import('./en').then((m) => m.en),
    tw: () => import('./tw').then((m) => m.tw),
  },
  documentTitle: (instance) => instance.t('app.title'),
});
