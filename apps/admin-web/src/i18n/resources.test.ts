// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describeTranslations } from '@tp/web-kit';
import { cn } from './cn';
import { en } from './en';
import { i18n } from './index';
import { tw } from './tw';

describeTranslations({ describe, it, expect, afterEach }, { cn, en, tw }, i18n);
