import 'i18next';
import type { KitMessages } from '@tp/web-kit';
import type { Messages } from './cn';

// Keys passed to `t` are checked against the Chinese texts (the other languages are typed by them).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages; kit: KitMessages };
  }
}
