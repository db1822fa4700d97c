import { App, Button, Layout, Menu, Result, Space, Spin, Typography } from 'antd';
import { AuditOutlined, SafetyOutlined } from '@ant-design/icons';
import { InboxOutlined, ShopOutlined, SwapOutlined } from '@ant-design/icons';
import { FileProtectOutlined } from '@ant-design/icons';
import { BankOutlined, BlockOutlined, IdcardOutlined, WalletOutlined, LogoutOutlined, MailOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { FileSearchOutlined, KeyOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { NotificationOutlined, RocketOutlined } from '@ant-design/icons';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, RightGate, mayOpen } from '@tp/web-kit';
import { staffMay, type StaffRight } from '@tp/contract';
import { endStaffSession, useStaff, useStaffLogout } from '../api/admin';
import { useStaffAccess } from '../api/staff';
import { PAGE_RIGHTS, rightsOfPath } from '../access';
import { paths } from '../paths';
import '../styles.css';

const MENU = [
  { key: paths.users, icon: <TeamOutlined />, label: 'nav.users' },
  { key: paths.firms, icon: <BankOutlined />, label: 'nav.firms' },
  { key: paths.verification, icon: <IdcardOutlined />, label: 'nav.verification' },
  { key: paths.certificationMember, icon: <AuditOutlined />, label: 'certification.nav.member' },
  { key: paths.certificationRisk, icon: <SafetyOutlined />, label: 'certification.nav.risk' },
  { key: paths.withdrawals, icon: <WalletOutlined />, label: 'nav.withdrawals' },
  { key: paths.refills, icon: <WalletOutlined />, label: 'wallet.refills.nav' },
  { key: paths.chain, icon: <BlockOutlined />, label: 'nav.chain' },
  { key: paths.bank, icon: <BankOutlined />, label: 'bank.nav' },
  { key: paths.mobilepay, icon: <WalletOutlined />, label: 'mobilepay.nav' },
  { key: paths.warehouse, icon: <InboxOutlined />, label: 'warehouse.nav' },
  { key: paths.supply, icon: <SwapOutlined />, label: 'supply.nav' },
  { key: paths.product, icon: <ShopOutlined />, label: 'product.nav' },
  { key: paths.mall, icon: <ShopOutlined />, label: 'mall.nav' },
  { key: paths.listing, icon: <ShopOutlined />, label: 'listing.nav' },
  { key: paths.auction, icon: <ShopOutlined />, label: 'auction.nav' },
  { key: paths.contract, icon: <FileProtectOutlined />, label: 'contract.nav' },
  { key: paths.outbox, icon: <MailOutlined />, label: 'nav.outbox' },
  { key: paths.system, icon: <SettingOutlined />, label: 'nav.system' },
  { key: paths.staffRoles, icon: <KeyOutlined />, label: 'staff.nav.roles' },
  { key: paths.staffMembers, icon: <UserSwitchOutlined />, label: 'staff.nav.members' },
  { key: paths.auditLog, icon: <FileSearchOutlined />, label: 'staff.nav.audit' },
  { key: paths.content, icon: <NotificationOutlined />, label: 'content.nav' },
  { key: paths.presale, icon: <RocketOutlined />, label: 'presale.nav' },
  { key: paths.futures, icon: <RocketOutlined />, label: 'futures.nav' },
  { key: paths.otc, icon: <SwapOutlined />, label: 'otc.nav' },
  { key: paths.pledge, icon: <BankOutlined />, label: 'pledge.nav' },
  { key: paths.chat, icon: <CustomerServiceOutlined />, label: 'chat.nav' },
  { key: paths.aftersale, icon: <SwapOutlined />, label: 'aftersale.nav' },
  { key: paths.downloads, icon: <NotificationOutlined />, label: 'download.nav' },
  { key: paths.integral, icon: <ShopOutlined />, label: 'integral.nav' },
] as const;

/** Side menu, header with the staff member and logout, and the routed page. */
export function AdminLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const staff = useStaff();
  const access = useStaffAccess();
  const logout = useStaffLogout();
  const has = (right: string) => staffMay(access.data, right as StaffRight);
  const menu = MENU.filter((item) => mayOpen(PAGE_RIGHTS[item.key] ?? [], has));

  function onLogout() {
    void logout.mutateAsync().then(() => {
      endStaffSession();
      void message.success(t('nav.loggedOut'));
      void navigate(paths.login);
    });
  }

  return (
    <Layout className="adm-layout">
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={208}>
        <div className="adm-brand">{t('app.brand')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[pathname]}
          items={menu.map((item) => ({ key: item.key, icon: item.icon, label: <Link to={item.key}>{t(item.label)}</Link> }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="adm-header">
          <LanguageSwitcher />
          <Space>
            <Typography.Text data-testid="staff-name">{staff.data ? `${staff.data.name}（${staff.data.account}）` : ''}</Typography.Text>
            <Button icon={<LogoutOutlined />} loading={logout.isPending} onClick={onLogout} data-testid="admin-logout">
              {t('nav.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="adm-content">
          {/* The home page is the first one this staff member may open. */}
          {pathname === paths.home && access.data && !mayOpen(rightsOfPath(pathname), has) && menu[0] ? (
            <Navigate replace to={menu[0].key} />
          ) : (
            <RightGate
              anyOf={rightsOfPath(pathname)}
              has={has}
              pending={access.isPending}
              failed={access.isError}
              loading={<Spin data-testid="access-loading" />}
              loadFailed={<Result status="error" title={t('staff.access.loadFailed')} />}
              forbidden={<Result status="403" title={t('staff.access.forbidden')} subTitle={t('staff.access.forbiddenHint')} data-testid="no-access" />}
            >
              <Outlet />
            </RightGate>
          )}
        </Layout.Content>
      </Layout>
      <ScrollRestoration />
    </Layout>
  );
}
