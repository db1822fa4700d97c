import { App, Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile, useSession } from '@tp/web-kit';
import { identity } from '../api/client';
import { paths } from '../paths';

/** The logged-in user's menu: personal page and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { session } = useSession();
  const logout = identity.useLogout();

  const items = [
    { key: paths.user, label: <span data-testid="menu-user">{t('nav.user')}</span> },
    { key: paths.assets, label: <span data-testid="menu-assets">{t('nav.assets')}</span> },
    { key: paths.verification, label: t('verify.title') },
    { key: paths.security, label: t('security.title') },
    { key: paths.apiKeys, label: <span data-testid="menu-api-keys">{t('apiKeys.title')}</span> },
    { key: paths.invite, label: <span data-testid="menu-invite">{t('invite.title')}</span> },
    { type: 'divider' as const },
    { key: 'logout', label: <span data-testid="logout">{t('nav.logout')}</span>, danger: true },
  ];

  function onClick({ key }: { key: string }) {
    if (key !== 'logout') {
      void navigate(key);
      return;
    }
    // Not mutate()'s callbacks: ending the session unmounts this menu, and those would not run.
    void logout.mutateAsync().then(() => {
      identity.endSession();
      void message.success(t('nav.loggedOut'));
      void navigate(paths.login);
    });
  }

  const label = session?.tel ? maskMobile(session.tel) : t('nav.user');
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />} loading={logout.isPending} aria-label={label} data-testid="user-menu">
        {/* On a phone the icon alone opens the menu (see styles.css). */}
        <span className="ex-user-label">
          {label} <DownOutlined />
        </span>
      </Button>
    </Dropdown>
  );
}
