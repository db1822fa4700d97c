import { Skeleton } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CheckCircleOutlined,
  EnvironmentOutlined,
  FileProtectOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../paths';
import { usePersonalAccess } from '../shared/usePersonalAccess';
import type { PersonalPage } from './access';
import { SideMenuLayout } from '../../../layout/SideMenuLayout';

const ENTRIES: Record<PersonalPage, { path: string; icon: ReactNode }> = {
  accountInfo: { path: paths.accountInfo, icon: <IdcardOutlined /> },
  accountSafe: { path: paths.accountSafe, icon: <SafetyCertificateOutlined /> },
  realName: { path: paths.realName, icon: <CheckCircleOutlined /> },
  enterprise: { path: paths.enterprise, icon: <BankOutlined /> },
  enterpriseAuth: { path: paths.enterpriseAuth, icon: <AuditOutlined /> },
  myAddress: { path: paths.myAddress, icon: <EnvironmentOutlined /> },
  CompanyManagement: { path: paths.companyManagement, icon: <ApartmentOutlined /> },
  electronicSignature: { path: paths.electronicSignature, icon: <FileProtectOutlined /> },
  staffAccountMgt: { path: paths.staffAccountMgt, icon: <UsergroupAddOutlined /> },
  staffRoleMgt: { path: paths.staffRoleMgt, icon: <TeamOutlined /> },
};

/** `/personalCenter` (login required): the section menu, with only the pages the user's rights open, beside the chosen page. */
export function PersonalCenterLayout() {
  const { t } = useTranslation();
  const access = usePersonalAccess();
  const label = (page: PersonalPage) =>
    page === 'realName' ? t('realName.menu') : page === 'accountInfo' || page === 'accountSafe' ? t(`personal.${page}`) : t(`enterprise.menu.${page}`);
  const items = [
    ...(access.viewer ? access.pages : (['accountInfo', 'accountSafe'] as const)).map((page) => ({
      key: ENTRIES[page].path,
      icon: ENTRIES[page].icon,
      label: (
        <Link to={ENTRIES[page].path} data-testid={`menu-${page}`}>
          {label(page)}
        </Link>
      ),
    })),
    // The bank document page belongs to the capital side; it shows for those who may sign with banks.
    ...(access.has('capital.sign')
      ? [{ key: paths.createDocumentIcbc, icon: <SolutionOutlined />, label: <Link to={paths.createDocumentIcbc}>{t('enterprise.menu.createDocumentICBC')}</Link> }]
      : []),
  ];
  return <SideMenuLayout title={t('personal.title')} items={items} menuTestId="personal-menu" belowMenu={access.isPending ? <Skeleton active title={false} paragraph={{ rows: 3 }} /> : null} />;
}
