import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@tp/contract';
import { chooseLanguage, currentLanguage } from './createI18n';
import { isLanguage, LANGUAGE_NAMES } from './languages';
import { KIT_NAMESPACE } from './messages';

export interface LanguageSwitcherProps {
  /** Called after the switch, e.g. to save the choice on the server for a logged-in user. */
  onChange?: (language: Language) => void;
  className?: string;
}

const ITEMS: MenuProps['items'] = LANGUAGES.map((language) => ({ key: language, label: LANGUAGE_NAMES[language], 'data-testid': `language-${language}` }));

/**
 * The current language's name opening a menu of the three. A dropdown menu rather than a select:
 * every landing page already carries the menu, and a select would add its own weight to the
 * first load.
 */
export function LanguageSwitcher({ onChange, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation(KIT_NAMESPACE);
  const current = currentLanguage(i18n);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ITEMS,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (!isLanguage(key) || key === current) return;
          void chooseLanguage(i18n, key).then(() => onChange?.(key));
        },
      }}
    >
      <Button type="text" className={className} aria-label={t('language')} data-testid="language-switcher">
        {LANGUAGE_NAMES[current]} ▾
      </Button>
    </Dropdown>
  );
}
