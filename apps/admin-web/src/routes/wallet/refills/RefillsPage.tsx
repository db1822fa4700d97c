import { useState } from 'react';
import { Alert, App, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RefillRow } from '@tp/contract';
import { PageCard } from '../../../components/PageCard';
import { PagedTable } from '../../../components/PagedTable';
import { formatTime } from '../../../components/format';
import { refillList, useRefillDecision } from '../../../api/wallet';
import { DecisionButtons, RejectReason } from '../components/Decision';

const FILTERS = ['pending', 'approved', 'rejected'] as const;
const COLOR: Record<RefillRow['status'], string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** `/refills`: cold-to-hot moves over the rebalance job's own limit; staff approve (the coins move) or reject each once. */
export function RefillsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<RefillRow | null>(null);
  const decide = useRefillDecision();

  async function run(decision: { id: string; approve: boolean; reason?: string }) {
    try {
      await decide.mutateAsync(decision);
      void message.success(decision.approve ? t('wallet.refills.approved') : t('wallet.refills.rejected'));
      setRejecting(null);
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
                <DecisionButtons
                  testId={`refill-${row.id}`}
                  confirmText={t('wallet.refills.confirmApprove', { amount: row.amount, asset: row.asset })}
                  onApprove={() => void run({ id: row.id, approve: true })}
                  onReject={() => setRejecting(row)}
                />
              ) : (
                <Typography.Text type="secondary">{[row.decidedBy, row.reason].filter(Boolean).join(' · ')}</Typography.Text>
              ),
          },
        ]}
      />
      <RejectReason
        open={rejecting !== null}
        title={t('wallet.refills.rejectTitle')}
        loading={decide.isPending}
        onReject={(reason) => rejecting && void run({ id: rejecting.id, approve: false, reason })}
        onCancel={() => setRejecting(null)}
      />
    </PageCard>
  );
}
