import { Button, Layout, Menu } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, loginPathFor, useSession } from '@tp/web-kit';
import { identity } from '../api/client';
import { paths } from '../paths';
import { UserMenu } from './UserMenu';

const NAV = [
  { key: paths.home, label: 'nav.home' },
  { key: `${paths.trade}/BTCUSDT`, label: 'nav.trade' },
] as const;
const USER_NAV = [{ key: paths.assets, label: 'nav.assets' }] as const;

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const saveLanguage = identity.useSaveLanguage();
  const onAuthPage = pathname === paths.login || pathname === paths.register;

  return (
    <Layout.Header className="ex-header">
      <Link to={paths.home} className="ex-brand" data-testid="app-name">
        ◆ {t('app.brand')}
      </Link>
      <Menu
        className="ex-nav"
        theme="dark"
        mode="horizontal"
        selectedKeys={[pathname]}
        items={[...NAV, ...(isLoggedIn ? USER_NAV : [])].map((item) => ({ key: item.key, label: <Link to={item.key}>{t(item.label)}</Link> }))}
      />
      <div className="ex-actions">
        <LanguageSwitcher onChange={(language) => isLoggedIn && saveLanguage.mutate(language)} />
        {isLoggedIn ? (
          <UserMenu />
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
    </Layout.Header>
  );
}
