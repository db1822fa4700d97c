import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DevOutboxEntry } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';
import { outboxList } from '../../api/admin';

/** `/outbox`: the codes the development sender kept instead of sending them. */
export function OutboxPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('outbox.title')}>
      <Alert type="info" showIcon message={t('outbox.notice')} style={{ marginBottom: 16 }} />
      <PagedTable<DevOutboxEntry>
        data-testid="outbox-table"
        list={outboxList}
        rowKey={(row) => `${row.account}|${row.purpose}|${row.createdAt}|${row.code}`}
        searchField="account"
        searchPlaceholder={t('outbox.accountHint')}
        pageSize={20}
        columns={[
          { title: t('outbox.account'), dataIndex: 'account' },
          { title: t('outbox.channel'), dataIndex: 'channel', render: (value: DevOutboxEntry['channel']) => <Tag>{t(`outbox.channels.${value}`)}</Tag> },
          { title: t('outbox.purpose'), dataIndex: 'purpose' },
          { title: t('outbox.code'), dataIndex: 'code', render: (value: string) => <Typography.Text code copyable>{value}</Typography.Text> },
          { title: t('outbox.createdAt'), dataIndex: 'createdAt', render: formatTime },
        ]}
      />
    </PageCard>
  );
}
