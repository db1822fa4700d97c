import { useState } from 'react';
import { App, Descriptions, Drawer, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminSeniorRow } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';
import { seniorList, useSeniorDecision } from '../../api/verification';
import { StaffThumb } from '../../components/ReviewQueue';
import { DecisionPanel, ReviewButton } from '../../components/ReviewDecision';
import { uploadedFile } from '../../api/uploads';

type Status = AdminSeniorRow['status'];
const STATUS_COLOR: Record<Status, string> = { review: 'gold', passed: 'green', failed: 'red' };
const STATUSES = ['review', 'passed', 'failed'] as const;

/** `/verification`: senior verification submissions, newest first; staff pass or fail each one once. */
export function SeniorReviewPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AdminSeniorRow | null>(null);

  return (
    <PageCard title={t('verification.title')}>
      <PagedTable<AdminSeniorRow, Status>
        data-testid="senior-table"
        list={seniorList}
        statusFilter={{ statuses: STATUSES, label: (value) => t(`verification.status.${value}`) }}
        rowKey="id"
        searchPlaceholder={t('verification.keywordHint')}
        columns={[
          { title: t('verification.account'), dataIndex: 'account' },
          { title: t('verification.name'), dataIndex: 'name' },
          { title: t('verification.certificate'), key: 'cert', render: (_, row) => `${row.certificateName} ${row.certificateNumber}` },
          { title: t('verification.statusLabel'), dataIndex: 'status', render: (value: Status) => <Tag color={STATUS_COLOR[value]}>{t(`verification.status.${value}`)}</Tag> },
          { title: t('verification.submittedAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('verification.actions'),
            key: 'actions',
            render: (_, row) => <ReviewButton section="verification" waiting={row.status === 'review'} rowId={row.id} onOpen={() => setOpen(row)} />,
          },
        ]}
      />
      {open ? <ReviewDrawer row={open} onClose={() => setOpen(null)} /> : null}
    </PageCard>
  );
}

function ReviewDrawer({ row, onClose }: { row: AdminSeniorRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useSeniorDecision();

  async function submit(approve: boolean, reason?: string) {
    await decide.mutateAsync({ id: row.id, approve, reason });
    void message.success(approve ? t('verification.approved') : t('verification.rejected'));
    onClose();
  }

  return (
    <Drawer open width={720} title={t('verification.detail')} onClose={onClose} destroyOnHidden>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={t('verification.account')}>{row.account}</Descriptions.Item>
        <Descriptions.Item label={t('verification.name')}>{row.name}</Descriptions.Item>
        <Descriptions.Item label={t('verification.location')}>{row.location === 'mainland' ? t('verification.mainland') : row.nationality}</Descriptions.Item>
        <Descriptions.Item label={t('verification.certificate')}>{`${row.certificateName} ${row.certificateNumber}`}</Descriptions.Item>
        <Descriptions.Item label={t('verification.validity')} span={2}>{`${row.validFrom} ~ ${row.validTo}`}</Descriptions.Item>
        {row.reason ? <Descriptions.Item label={t('verification.reason')} span={2}>{row.reason}</Descriptions.Item> : null}
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }}>
        <StaffThumb thumbUrl={uploadedFile(row.frontImageId)} url={null} alt={t('verification.front')} width={200} height={126} testId="senior-front" fallback={<span>{`${t('verification.front')} ✕`}</span>} />
        <StaffThumb thumbUrl={uploadedFile(row.backImageId)} url={null} alt={t('verification.back')} width={200} height={126} testId="senior-back" fallback={<span>{`${t('verification.back')} ✕`}</span>} />
        <StaffThumb thumbUrl={uploadedFile(row.holdingImageId)} url={null} alt={t('verification.holding')} width={200} height={126} testId="senior-holding" fallback={<span>{`${t('verification.holding')} ✕`}</span>} />
      </Space>
      {row.status === 'review' ? (
        <DecisionPanel section="verification" confirm={{ title: t('verification.confirmApprove'), ok: t('system.confirm'), cancel: t('system.cancel') }} pending={decide.isPending} decide={submit} />
      ) : null}
    </Drawer>
  );
}
