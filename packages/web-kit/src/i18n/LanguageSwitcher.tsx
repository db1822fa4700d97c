import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@tp/contract';
import { chooseLanguage, currentLanguage } from './createI18n';
import { LANGUAGE_NAMES } from './languages';
import { KIT_NAMESPACE } from './messages';

export interface LanguageSwitcherProps {
  /** Called after the switch, e.g. to save the choice on the server for a logged-in user. */
  onChange?: (language: Language) => void;
  className?: string;
}

const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export function LanguageSwitcher({ onChange, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation(KIT_NAMESPACE);
  return (
    <Select<Language>
      className={className}
      aria-label={t('language')}
      data-testid="language-switcher"
      value={currentLanguage(i18n)}
      options={OPTIONS}
      popupMatchSelectWidth={false}
      variant="borderless"
      onChange={(language) => {
        void chooseLanguage(i18n, language).then(() => onChange?.(language));
      }}
    />
  );
}
