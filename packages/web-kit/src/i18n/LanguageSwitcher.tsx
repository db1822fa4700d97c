import { useCallback, useId, useRef, useState } from 'react';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@tp/contract';
import { chooseLanguage, currentLanguage } from './createI18n';
import { LANGUAGE_NAMES } from './languages';
import { KIT_NAMESPACE } from './messages';
import { useDismiss } from '../ui/useDismiss';

export interface LanguageSwitcherProps {
  /** Called after the switch, e.g. to save the choice on the server for a logged-in user. */
  onChange?: (language: Language) => void;
  className?: string;
}

/**
 * The current language's name opening a menu of the three. Every landing page carries it, so it
 * is drawn with antd's Button (already on those pages) and a plain list in the theme's colours
 * rather than a Dropdown, which would bring the menu and popup machinery into the first load.
 */
export function LanguageSwitcher({ onChange, className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation(KIT_NAMESPACE);
  const { token } = theme.useToken();
  const current = currentLanguage(i18n);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLSpanElement>(null);
  const menuId = useId();

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root);

  function pick(language: Language) {
    setOpen(false);
    if (language === current) return;
    void chooseLanguage(i18n, language).then(() => onChange?.(language));
  }

  return (
    <span ref={root} style={{ position: 'relative', display: 'inline-block' }}>
      <Button
        type="text"
        className={className}
        aria-label={t('language')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="language-switcher"
        onClick={() => setOpen((was) => !was)}
      >
        {LANGUAGE_NAMES[current]} ▾
      </Button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('language')}
          style={{
            position: 'absolute',
            top: '100%',
            left: 0,
            boxSizing: 'border-box',
            minWidth: '100%',
            zIndex: token.zIndexPopupBase + 50,
            margin: '4px 0 0',
            padding: token.paddingXXS,
            listStyle: 'none',
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {LANGUAGES.map((language) => (
            <li key={language} role="none">
              <Button
                type="text"
                block
                role="menuitemradio"
                aria-checked={language === current}
                data-testid={`language-${language}`}
                onClick={() => pick(language)}
                style={{
                  justifyContent: 'flex-start',
                  paddingInline: token.paddingSM,
                  ...(language === current && { color: token.colorPrimary, background: token.controlItemBgActive }),
                }}
              >
                {LANGUAGE_NAMES[language]}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
