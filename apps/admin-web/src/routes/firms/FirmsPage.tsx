import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminFirmRow } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';
import { firmList } from '../../api/admin';

/** `/firms`: personal and enterprise firms (交易商). */
export function FirmsPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('firms.title')}>
      <PagedTable<AdminFirmRow>
        data-testid="firms-table"
        list={firmList}
        rowKey="firmId"
        searchPlaceholder={t('firms.keywordHint')}
        columns={[
          { title: t('firms.firmCode'), dataIndex: 'firmCode' },
          { title: t('firms.name'), dataIndex: 'name' },
          { title: t('firms.userType'), dataIndex: 'userType', render: (value: AdminFirmRow['userType']) => t(`userType.${value}`) },
          {
            title: t('firms.status'),
            dataIndex: 'status',
            render: (value: AdminFirmRow['status']) => <Tag color={value === 'active' ? 'green' : 'red'}>{t(`status.${value}`)}</Tag>,
          },
          {
            title: t('certification.firmColumn'),
            dataIndex: 'certificationStatus',
            render: (value: AdminFirmRow['certificationStatus'], row) => (row.userType === 'enterprise' ? <Tag data-testid="firm-certification">{t(`certification.status.${value}`)}</Tag> : '—'),
          },
          { title: t('firms.createdAt'), dataIndex: 'createdAt', render: formatTime },
        ]}
      />
    </PageCard>
  );
}
