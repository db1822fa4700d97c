import { Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accountMenuItems, maskMobile, useAccountMenuClick, useSession } from '@tp/web-kit';
import { endSession, useLogout } from '../api/identity';
import { paths } from '../paths';
import { capitalMenu } from '../routes/capitalCenter/layout/menu';

/** The logged-in user's menu: personal centre, account safety, the capital centre where the rights open it, and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { session, hasRight } = useSession();
  const logout = useLogout();
  const onClick = useAccountMenuClick({ logout: logout.mutateAsync, endSession, loginPath: paths.login, loggedOut: t('nav.loggedOut') });

  const items = accountMenuItems(
    [
      { key: paths.accountInfo, label: <span data-testid="menu-personal-center">{t('nav.personalCenter')}</span> },
      { key: paths.accountSafe, label: t('nav.accountSafe') },
      // Only for users whose rights open at least one capital page; the server refuses the rest anyway.
      ...(capitalMenu(hasRight).length > 0 ? [{ key: paths.capitalInfo, label: <span data-testid="menu-capital-center">{t('capital.title')}</span> }] : []),
    ],
    t('nav.logout'),
  );

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />} loading={logout.isPending} data-testid="user-menu">
        {session?.tel ? maskMobile(session.tel) : t('nav.personalCenter')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
