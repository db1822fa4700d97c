import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountMenuItems, maskMobile, useAccountMenuClick, useSession } from '@tp/web-kit';
import { identity } from '../api/client';
import { paths } from '../paths';

/** The logged-in user's menu: personal page and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { session } = useSession();
  const logout = identity.useLogout();
  const onClick = useAccountMenuClick({ logout: logout.mutateAsync, endSession: identity.endSession, loginPath: paths.login, loggedOut: t('nav.loggedOut') });

  const items = accountMenuItems(
    [
      { key: paths.user, label: <span data-testid="menu-user">{t('nav.user')}</span> },
      { key: paths.assets, label: <span data-testid="menu-assets">{t('nav.assets')}</span> },
      { key: paths.verification, label: t('verify.title') },
      { key: paths.security, label: t('security.title') },
      { key: paths.apiKeys, label: <span data-testid="menu-api-keys">{t('apiKeys.title')}</span> },
      { key: paths.invite, label: <span data-testid="menu-invite">{t('invite.title')}</span> },
    ],
    t('nav.logout'),
  );

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
