import { App, Popconfirm, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@tp/contract';
import { useSetProprietary, userList } from '../../api/admin';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';

/** Marks or unmarks a proprietary member, after a confirmation: they are barred from trading. */
function ProprietarySwitch({ row }: { row: AdminUserRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useSetProprietary();
  return (
    <Popconfirm
      title={row.proprietary ? t('users.unmarkProprietary') : t('users.markProprietary')}
      okText={t('system.confirm')}
      cancelText={t('system.cancel')}
      onConfirm={() => change.mutate({ userId: row.userId, proprietary: !row.proprietary }, { onSuccess: () => void message.success(t('users.proprietaryChanged')) })}
      okButtonProps={{ 'data-testid': `confirm-proprietary-${row.userId}` }}
    >
      <Switch size="small" checked={row.proprietary} loading={change.isPending} data-testid={`proprietary-${row.userId}`} />
    </Popconfirm>
  );
}

/** `/users`: every user of both products, searchable by account, name or firm. */
export function UsersPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('users.title')}>
      <PagedTable<AdminUserRow>
        data-testid="users-table"
        list={userList}
        rowKey="userId"
        searchPlaceholder={t('users.keywordHint')}
        columns={[
          { title: t('users.userId'), dataIndex: 'userId' },
          { title: t('users.tel'), dataIndex: 'tel' },
          { title: t('users.email'), dataIndex: 'email' },
          { title: t('users.userName'), dataIndex: 'userName' },
          { title: t('users.firm'), key: 'firm', render: (_, row) => `${row.firmCode} ${row.firmName}` },
          {
            title: t('users.userType'),
            key: 'type',
            render: (_, row) => (
              <>
                {t(`userType.${row.userType}`)} <Tag>{row.isMainAccount ? t('users.mainAccount') : t('users.staffAccount')}</Tag>
              </>
            ),
          },
          {
            title: t('users.status'),
            key: 'status',
            render: (_, row) => (
              <>
                <Tag color={row.status === 'active' ? 'green' : 'red'}>{t(`status.${row.status}`)}</Tag>
                {row.lockedUntil ? <Tag color="orange">{t('users.locked', { time: formatTime(row.lockedUntil) })}</Tag> : null}
              </>
            ),
          },
          { title: t('users.proprietary'), key: 'proprietary', render: (_, row) => <ProprietarySwitch row={row} /> },
          { title: t('users.createdAt'), dataIndex: 'createdAt', render: formatTime },
        ]}
      />
    </PageCard>
  );
}
