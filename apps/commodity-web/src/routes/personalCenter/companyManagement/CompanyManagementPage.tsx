import { Button, Descriptions, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCompanyOverview } from '../../../api/enterprise';
import { paths } from '../../../paths';
import { CERTIFICATION_COLOR } from '../layout/access';
import { guardedPage, PERSONAL_QUERY } from '../shared/PageGuard';
import { PersonalCard } from '../shared/RecordList';
import { usePersonalAccess } from '../shared/usePersonalAccess';
import { QueryStates } from '@tp/web-kit';

function CompanyOverviewCard() {
  const { t } = useTranslation();
  const overview = useCompanyOverview();
  const access = usePersonalAccess();
  const data = overview.data;
  return (
    <PersonalCard menu="CompanyManagement">
      <QueryStates {...PERSONAL_QUERY} query={overview}>
        {data ? (
          <>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              bordered
              data-testid="company-overview"
              items={[
                { key: 'firmName', label: t('enterprise.company.firmName'), children: data.firmName },
                { key: 'firmCode', label: t('enterprise.company.firmCode'), children: data.firmCode },
                { key: 'userType', label: t('enterprise.company.userType'), children: t(`enterprise.company.${data.userType}`) },
                { key: 'status', label: t('enterprise.company.firmStatus'), children: <Tag color={data.status === 'active' ? 'green' : 'red'}>{t(`enterprise.company.${data.status}`)}</Tag> },
                { key: 'certification', label: t('enterprise.company.certification'), children: <Tag color={CERTIFICATION_COLOR[data.certificationStatus]}>{t(`enterprise.status.${data.certificationStatus}`)}</Tag> },
                { key: 'enterpriseName', label: t('enterprise.company.enterpriseName'), children: data.enterpriseName || '—' },
                { key: 'mainAccount', label: t('enterprise.company.mainAccount'), children: data.mainAccount },
                { key: 'staffCount', label: t('enterprise.company.staffCount'), children: data.staffCount },
                { key: 'roleCount', label: t('enterprise.company.roleCount'), children: data.roleCount },
                { key: 'seal', label: t('enterprise.company.seal'), children: data.hasSeal ? t('enterprise.company.sealSet') : t('enterprise.company.sealUnset') },
                { key: 'createdAt', label: t('enterprise.company.createdAt'), children: new Date(data.createdAt).toLocaleString() },
              ]}
            />
            {access.may('staffAccountMgt') ? (
              <Space style={{ marginTop: 16 }}>
                <Link to={paths.staffAccountMgt}>
                  <Button>{t('enterprise.company.manageStaff')}</Button>
                </Link>
                <Link to={paths.staffRoleMgt}>
                  <Button>{t('enterprise.company.manageRoles')}</Button>
                </Link>
              </Space>
            ) : null}
          </>
        ) : null}
      </QueryStates>
    </PersonalCard>
  );
}

/** `/personalCenter/CompanyManagement`: the firm at a glance, with the ways into its staff and roles. */
export const CompanyManagementPage = guardedPage('CompanyManagement', CompanyOverviewCard);
