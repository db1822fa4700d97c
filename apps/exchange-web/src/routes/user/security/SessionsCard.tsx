import { useState } from 'react';
import { App, Button, Card, Popconfirm, Table, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@tp/contract';
import { identity } from '../../../api/client';
import { useRevokeAllSessions, useRevokeSession, useSessions } from '../../../api/security';
import { paths } from '../../../paths';

const PAGE_SIZE = 10;

/** The devices the account is signed in on, this one marked; each can be logged out, or all of them at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const sessions = useSessions(page, PAGE_SIZE);
  const revoke = useRevokeSession();
  const revokeAll = useRevokeAllSessions();

  function logOutEverywhere() {
    modal.confirm({
      title: t('security.sessions.logoutAll'),
      content: t('security.sessions.logoutAllConfirm'),
      okText: t('security.sessions.logoutAll'),
      okButtonProps: { danger: true, 'data-testid': 'sessions-logout-all-confirm' },
      cancelText: t('security.twoFactor.cancel'),
      onOk: async () => {
        await revokeAll.mutateAsync();
        identity.endSession();
        void navigate(paths.login, { replace: true });
      },
    });
  }

  const columns = [
    {
      title: t('security.sessions.device'),
      dataIndex: 'userAgent',
      render: (agent: string, row: UserSession) => (
        <>
          {agent || '-'} {row.current ? <Tag color="blue">{t('security.sessions.current')}</Tag> : null}
        </>
      ),
    },
    { title: t('security.sessions.ip'), dataIndex: 'ip' },
    { title: t('security.sessions.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
    { title: t('security.sessions.lastSeenAt'), dataIndex: 'lastSeenAt', render: (v: string) => new Date(v).toLocaleString() },
    {
      title: '',
      key: 'action',
      render: (_: unknown, row: UserSession) =>
        row.current ? null : (
          <Popconfirm
            title={t('security.sessions.logoutConfirm')}
            okText={t('security.sessions.logout')}
            cancelText={t('security.twoFactor.cancel')}
            onConfirm={() => revoke.mutateAsync(row.id).then(() => void message.success(t('security.sessions.loggedOut')), () => undefined)}
          >
            <Button size="small" data-testid={`session-logout-${row.id}`}>
              {t('security.sessions.logout')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card
      title={t('security.sessions.title')}
      extra={
        <Button danger onClick={logOutEverywhere} data-testid="sessions-logout-all">
          {t('security.sessions.logoutAll')}
        </Button>
      }
    >
      <Table<UserSession>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={sessions.isPending}
        dataSource={sessions.data?.content ?? []}
        columns={columns}
        locale={{ emptyText: sessions.isPending ? ' ' : t('security.sessions.empty') }}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: sessions.data?.total ?? 0, onChange: (p) => setPage(p - 1), hideOnSinglePage: true }}
        data-testid="sessions-table"
      />
    </Card>
  );
}
