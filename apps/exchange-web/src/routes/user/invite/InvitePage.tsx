import { useState } from 'react';
import { Card, Descriptions, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvitationRecord } from '@tp/contract';
import { CopyButton } from '../../../components/CopyButton';
import { useInvitation, useInvitationRecords } from '../../../api/verification';

const PAGE_SIZE = 10;

/** `/user/invite`: the user's invitation code and link, and who signed up with it. */
export function InvitePage() {
  const { t } = useTranslation();
  const invitation = useInvitation();
  const [page, setPage] = useState(1);
  const records = useInvitationRecords(page - 1, PAGE_SIZE);
  const link = invitation.data ? new URL(invitation.data.link, window.location.origin).href : '';

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('invite.title')}</h1>}>
        {invitation.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <Descriptions column={1}>
            <Descriptions.Item label={t('invite.code')}>
              <Typography.Text strong data-testid="invite-code">
                {invitation.data?.code}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('invite.link')}>
              <Space wrap>
                <Typography.Text code data-testid="invite-link">
                  {link}
                </Typography.Text>
                <CopyButton text={link} data-testid="copy-invite-link" />
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t('invite.records')}>
        <Table<InvitationRecord>
          data-testid="invite-records"
          rowKey={(row) => `${row.account}|${row.registeredAt}`}
          loading={records.isFetching}
          dataSource={records.data?.content ?? []}
          locale={{ emptyText: t('invite.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('invite.account'), dataIndex: 'account' },
            { title: t('invite.registeredAt'), dataIndex: 'registeredAt', render: (v: string) => new Date(v).toLocaleString() },
            {
              title: t('user.realName'),
              dataIndex: 'realName',
              render: (v: string) => (v === '1' ? <Tag color="green">{t('user.verified')}</Tag> : <Tag>{t('user.unverified')}</Tag>),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
