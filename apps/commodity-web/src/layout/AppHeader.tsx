import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, useSession } from '@tp/web-kit';
import { useSaveLanguage } from '../api/identity';
import { paths } from '../paths';
import { HeaderNav } from './HeaderNav';
import { headerLoginPath, selectedNav } from './navigation';

// Only a logged-in user has the menu (and its dropdown): a visitor's first load goes without it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const saveLanguage = useSaveLanguage();

  return (
    <header className="shell-header">
      <Link to={paths.home} className="shell-brand">
        <span className="shell-brand-mark" aria-hidden>
          大宗
        </span>
        <span data-testid="app-name">{t('app.title')}</span>
      </Link>
      <HeaderNav selected={selectedNav(pathname)} />
      <div className="shell-actions">
        <LanguageSwitcher onChange={(language) => isLoggedIn && saveLanguage.mutate(language)} />
        {isLoggedIn ? (
          <Suspense>
            <UserMenu />
          </Suspense>
        ) : (
          <>
            <Button
              type="text"
              data-testid="header-login"
              onClick={() => void navigate(headerLoginPath(pathname, search))}
            >
              {t('nav.login')}
            </Button>
            <Button type="primary" data-testid="header-register" onClick={() => void navigate(paths.register)}>
              {t('nav.register')}
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
