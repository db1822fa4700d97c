import { Suspense, lazy } from 'react';
import { Button } from 'antd';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, loginPathFor, useSession } from '@tp/web-kit';
import { identity } from '../api/client';
import { paths } from '../paths';
import { fiatPaths } from '../routes/fiat/components/fiatPaths';

// Only a logged-in user has the menu: a visitor's first load does not fetch it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const NAV = [
  { to: paths.home, label: 'nav.home', end: true },
  { to: `${paths.trade}/BTCUSDT`, label: 'nav.trade', end: false },
  { to: fiatPaths.market, label: 'nav.otc', end: false },
  { to: paths.presale, label: 'presale.nav', end: false },
] as const;
const USER_NAV = [{ to: paths.assets, label: 'nav.assets', end: true }] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const saveLanguage = identity.useSaveLanguage();
  const onAuthPage = pathname === paths.login || pathname === paths.register;

  return (
    <header className="ex-header">
      <Link to={paths.home} className="ex-brand" data-testid="app-name">
        ◆ {t('app.brand')}
      </Link>
      <nav className="ex-nav">
        {[...NAV, ...(isLoggedIn ? USER_NAV : [])].map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className="ex-nav-item">
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <div className="ex-actions">
        <LanguageSwitcher onChange={(language) => isLoggedIn && saveLanguage.mutate(language)} />
        {isLoggedIn ? (
          <Suspense fallback={<Button type="text" loading data-testid="user-menu-loading" />}>
            <UserMenu />
          </Suspense>
        ) : (
          <>
            <Button
              type="text"
              data-testid="header-login"
              onClick={() => void navigate(onAuthPage ? paths.login : loginPathFor(pathname + search))}
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
