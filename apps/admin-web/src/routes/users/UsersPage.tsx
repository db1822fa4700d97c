import { App, Popconfirm, Switch, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AdminPath, AdminUserRow, pageOf } from '@tp/contract';
import { adminKeys } from '../../api/admin';
import { api, queryClient } from '../../api/client';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';

const USER_PAGE = pageOf(AdminUserRow);

/** Marks or unmarks a proprietary member, after a confirmation: they are barred from trading. */
function ProprietarySwitch({ row }: { row: AdminUserRow }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useMutation({
    mutationFn: (proprietary: boolean) => api.post(AdminPath.userProprietary, { userId: row.userId, proprietary }),
    onSuccess: () => {
      void message.success(t('users.proprietaryChanged'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.staff() });
    },
  });
  return (
    <Popconfirm
      title={row.proprietary ? t('users.unmarkProprietary') : t('users.markProprietary')}
      okText={t('system.confirm')}
      cancelText={t('system.cancel')}
      onConfirm={() => change.mutate(!row.proprietary)}
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
        path={AdminPath.users}
        schema={USER_PAGE}
        rowKey={(row) => row.userId}
        searchField="keyword"
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
