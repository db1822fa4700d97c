import { createI18n } from '@tp/web-kit';
import { cn } from './cn';
import { en } from './en';
import { tw } from './tw';

export const i18n = createI18n({ resources: { cn, en, tw }, documentTitle: (instance) => instance.t('app.title') });
