import { Suspense, lazy, useState } from 'react';
import { Button, Drawer } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, loginPathFrom, useSession } from '@tp/web-kit';
import { identity } from '../api/client';
import { paths } from '../paths';
import { fiatPaths } from '../routes/fiat/components/fiatPaths';

// Only a logged-in user has the menu: a visitor's first load does not fetch it.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

const NAV = [
  { to: paths.home, label: 'nav.home', end: true },
  { to: `${paths.trade}/BTCUSDT`, label: 'nav.trade', end: false },
  { to: paths.futures, label: 'futures.nav', end: false },
  { to: fiatPaths.market, label: 'nav.otc', end: false },
  { to: paths.presale, label: 'presale.nav', end: false },
] as const;
const USER_NAV = [{ to: paths.assets, label: 'nav.assets', end: true }] as const;
/** The sign-in pages the header's "log in" does not lead back to. */
const AUTH_PAGES = [paths.login, paths.register, paths.forget];

/**
 * The site header. On a phone (see `styles.css`) the sections and the visitor's login and sign-up
 * move into a drawer opened by the menu button, and the user menu shows its icon only, so the
 * header fits a 390 px screen.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const saveLanguage = identity.useSaveLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = [...NAV, ...(isLoggedIn ? USER_NAV : [])];

  const goToLogin = () => void navigate(loginPathFrom(pathname, search, AUTH_PAGES, paths.login));
  const goToRegister = () => void navigate(paths.register);
  const fromDrawer = (go: () => void) => () => {
    setMenuOpen(false);
    go();
  };

  return (
    <header className="ex-header">
      <Button type="text" className="ex-menu-button" icon={<MenuOutlined />} aria-label={t('nav.menu')} data-testid="header-menu" onClick={() => setMenuOpen(true)} />
      <Link to={paths.home} className="ex-brand" data-testid="app-name">
        ◆ {t('app.brand')}
      </Link>
      <nav className="ex-nav">
        {items.map((item) => (
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
          <span className="ex-visitor-actions">
            <Button type="text" data-testid="header-login" onClick={goToLogin}>
              {t('nav.login')}
            </Button>
            <Button type="primary" data-testid="header-register" onClick={goToRegister}>
              {t('nav.register')}
            </Button>
          </span>
        )}
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} placement="left" size={260} title={t('app.brand')} destroyOnHidden>
        <nav className="ex-drawer-nav" data-testid="header-drawer">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="ex-drawer-item" onClick={() => setMenuOpen(false)}>
              {t(item.label)}
            </NavLink>
          ))}
          {isLoggedIn ? null : (
            <div className="ex-drawer-actions">
              <Button block data-testid="drawer-login" onClick={fromDrawer(goToLogin)}>
                {t('nav.login')}
              </Button>
              <Button block type="primary" data-testid="drawer-register" onClick={fromDrawer(goToRegister)}>
                {t('nav.register')}
              </Button>
            </div>
          )}
        </nav>
      </Drawer>
    </header>
  );
}
