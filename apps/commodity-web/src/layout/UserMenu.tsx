import { App, Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile, useSession } from '@tp/web-kit';
import { endSession, useLogout } from '../api/identity';
import { paths } from '../paths';
import { capitalMenu } from '../routes/capitalCenter/layout/menu';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { session, hasRight } = useSession();
  const logout = useLogout();

  const items = [
    { key: paths.accountInfo, label: <span data-testid="menu-personal-center">{t('nav.personalCenter')}</span> },
    { key: paths.accountSafe, label: t('nav.accountSafe') },
    // Only for users whose rights open at least one capital page; the server refuses the rest anyway.
    ...(capitalMenu(hasRight).length > 0 ? [{ key: paths.capitalInfo, label: <span data-testid="menu-capital-center">{t('capital.title')}</span> }] : []),
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
      endSession();
      void message.success(t('nav.loggedOut'));
      void navigate(paths.login);
    });
  }

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />} loading={logout.isPending} data-testid="user-menu">
        {session?.tel ? maskMobile(session.tel) : t('nav.personalCenter')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
