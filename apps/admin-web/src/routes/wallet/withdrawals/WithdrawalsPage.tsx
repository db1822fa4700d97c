import { useState } from 'react';
import { App, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminWithdrawalRow, type WithdrawalStatus } from '@tp/contract';
import { PageCard } from '../../../components/PageCard';
import { PagedTable } from '../../../components/PagedTable';
import { formatTime } from '../../../components/format';
import { useWithdrawalDecision, withdrawalList } from '../../../api/wallet';
import { DecisionButtons, RejectReason } from '../components/Decision';

// `processing`: approved, waiting for the hot wallet to hold the amount (see the refills page).
const FILTERS = ['review', 'processing', 'in_transit', 'completed', 'rejected', 'failed'] as const;

/** `/withdrawals`: withdrawals above the automatic limit wait here; staff send or reject each once. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<AdminWithdrawalRow | null>(null);
  const decide = useWithdrawalDecision();

  async function run(decision: { id: string; approve: boolean; reason?: string }) {
    try {
      const record = await decide.mutateAsync(decision);
      // A large withdrawal stays under review after its first approval until a second staff member executes it.
      if (decision.approve && record.status === 'review') void message.info(t('staff.withdrawal.firstApproved'));
      else void message.success(decision.approve ? t('withdrawals.approved') : t('withdrawals.rejected'));
      setRejecting(null);
    } catch {
      // The API client has shown the server's message.
    }
  }

  return (
    <PageCard title={t('withdrawals.title')}>
      <PagedTable<AdminWithdrawalRow, WithdrawalStatus>
        data-testid="withdrawals-table"
        list={withdrawalList}
        statusFilter={{ statuses: FILTERS, label: (value) => t(`withdrawals.status.${value}`) }}
        rowKey="id"
        searchPlaceholder={t('verification.keywordHint')}
        columns={[
          { title: t('withdrawals.account'), dataIndex: 'account' },
          { title: t('withdrawals.asset'), key: 'asset', render: (_, row) => `${row.amount} ${row.asset}` },
          { title: t('withdrawals.fee'), dataIndex: 'fee' },
          { title: t('withdrawals.address'), dataIndex: 'address', render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
          { title: t('withdrawals.statusLabel'), dataIndex: 'status', render: (v: WithdrawalStatus) => <Tag>{t(`withdrawals.status.${v}`, { defaultValue: v })}</Tag> },
          { title: t('withdrawals.createdAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('verification.actions'),
            key: 'actions',
            render: (_, row) =>
              row.status === 'review' ? (
                <DecisionButtons
                  testId={row.id}
                  confirmText={t('withdrawals.confirmApprove', { amount: row.amount, asset: row.asset })}
                  onApprove={() => void run({ id: row.id, approve: true })}
                  onReject={() => setRejecting(row)}
                />
              ) : (
                <Typography.Text type="secondary">{row.reason || row.reviewedBy}</Typography.Text>
              ),
          },
        ]}
      />
      <RejectReason
        open={rejecting !== null}
        title={t('withdrawals.rejectTitle')}
        loading={decide.isPending}
        onReject={(reason) => rejecting && void run({ id: rejecting.id, approve: false, reason })}
        onCancel={() => setRejecting(null)}
      />
    </PageCard>
  );
}
