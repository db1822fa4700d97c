import { Button, Layout, Menu } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, useSession } from '@tp/web-kit';
import { useSaveLanguage } from '../api/identity';
import { paths } from '../paths';
import { NAV, headerLoginPath, selectedNav } from './navigation';
import { UserMenu } from './UserMenu';

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const saveLanguage = useSaveLanguage();

  return (
    <Layout.Header className="shell-header">
      <Link to={paths.home} className="shell-brand">
        <span className="shell-brand-mark" aria-hidden>
          大宗
        </span>
        <span data-testid="app-name">{t('app.title')}</span>
      </Link>
      <Menu
        className="shell-nav"
        mode="horizontal"
        selectedKeys={selectedNav(pathname)}
        items={NAV.map((item) => ({ key: item.key, label: <Link to={item.key}>{t(item.label)}</Link> }))}
      />
      <div className="shell-actions">
        <LanguageSwitcher onChange={(language) => isLoggedIn && saveLanguage.mutate(language)} />
        {isLoggedIn ? (
          <UserMenu />
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
    </Layout.Header>
  );
}
