import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefillRow } from '@tp/contract';
import { PageCard } from '../../../components/PageCard';
import { PagedTable } from '../../../components/PagedTable';
import { formatTime } from '../../../components/format';
import { refillList, useRefillDecision } from '../../../api/wallet';

const FILTERS = ['pending', 'approved', 'rejected'] as const;
const COLOR: Record<RefillRow['status'], string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** `/refills`: cold-to-hot moves over the rebalance job's own limit; staff approve (the coins move) or reject each once. */
export function RefillsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<RefillRow | null>(null);
  const [reason, setReason] = useState('');
  const decide = useRefillDecision();

  async function run(decision: { id: string; approve: boolean; reason?: string }) {
    try {
      await decide.mutateAsync(decision);
      void message.success(decision.approve ? t('wallet.refills.approved') : t('wallet.refills.rejected'));
      setRejecting(null);
      setReason('');
    } catch {
      // The API client has shown the server's message.
    }
  }

  return (
    <PageCard title={t('wallet.refills.title')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('wallet.refills.hint')} />
      <PagedTable<RefillRow, RefillRow['status']>
        data-testid="refills-table"
        list={refillList}
        statusFilter={{ statuses: FILTERS, label: (value) => t(`wallet.refills.status.${value}`) }}
        rowKey="id"
        searchPlaceholder={t('wallet.refills.asset')}
        columns={[
          { title: t('wallet.refills.asset'), dataIndex: 'asset' },
          { title: t('wallet.refills.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('wallet.refills.statusLabel'), dataIndex: 'status', render: (v: RefillRow['status']) => <Tag color={COLOR[v]}>{t(`wallet.refills.status.${v}`)}</Tag> },
          { title: t('wallet.refills.createdAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('verification.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'pending' ? (
                <Space>
                  <Popconfirm
                    title={t('wallet.refills.confirmApprove', { amount: row.amount, asset: row.asset })}
                    okText={t('system.confirm')}
                    cancelText={t('system.cancel')}
                    onConfirm={() => void run({ id: row.id, approve: true })}
                    okButtonProps={{ 'data-testid': `confirm-refill-${row.id}` }}
                  >
                    <Button size="small" type="primary" data-testid={`approve-refill-${row.id}`}>
                      {t('verification.approve')}
                    </Button>
                  </Popconfirm>
                  <Button size="small" danger onClick={() => setRejecting(row)} data-testid={`reject-refill-${row.id}`}>
                    {t('verification.reject')}
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">{[row.decidedBy, row.reason].filter(Boolean).join(' · ')}</Typography.Text>
              ),
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title={t('wallet.refills.rejectTitle')}
        okText={t('verification.reject')}
        cancelText={t('system.cancel')}
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2, loading: decide.isPending }}
        onOk={() => rejecting && void run({ id: rejecting.id, approve: false, reason: reason.trim() })}
        onCancel={() => setRejecting(null)}
      >
        <Input.TextArea rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('verification.reasonPlaceholder')} />
      </Modal>
    </PageCard>
  );
}
