import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Input, Popconfirm, Segmented, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminSeniorRow } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';
import { seniorList, useSeniorDecision } from '../../api/verification';
import { StaffThumb } from '../../components/ReviewQueue';
import { uploadedFile } from '../../api/uploads';

type Status = AdminSeniorRow['status'];
const STATUS_COLOR: Record<Status, string> = { review: 'gold', passed: 'green', failed: 'red' };

/** `/verification`: senior verification submissions, newest first; staff pass or fail each one once. */
export function SeniorReviewPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('review');
  const [open, setOpen] = useState<AdminSeniorRow | null>(null);

  return (
    <PageCard title={t('verification.title')}>
      <Segmented<Status>
        value={status}
        onChange={setStatus}
        style={{ marginBottom: 16 }}
        options={(['review', 'passed', 'failed'] as const).map((value) => ({ value, label: t(`verification.status.${value}`) }))}
      />
      <PagedTable<AdminSeniorRow>
        key={status}
        data-testid="senior-table"
        list={seniorList}
        extra={{ status }}
        rowKey={(row) => row.id}
        searchField="keyword"
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
            render: (_, row) => (
              <Button size="small" onClick={() => setOpen(row)} data-testid={`review-${row.id}`}>
                {row.status === 'review' ? t('verification.review') : t('verification.view')}
              </Button>
            ),
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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');

  async function submit(approve: boolean) {
    if (!approve && reason.trim().length < 2) {
      setReasonError(t('verification.reasonRequired'));
      return;
    }
    try {
      await decide.mutateAsync({ id: row.id, approve, reason: approve ? undefined : reason.trim() });
      void message.success(approve ? t('verification.approved') : t('verification.rejected'));
      onClose();
    } catch {
      // The API client has shown the server's message; the drawer stays open to try again.
    }
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
        <Space direction="vertical" style={{ width: '100%', marginTop: 24 }}>
          <Input.TextArea
            rows={2}
            maxLength={200}
            status={reasonError ? 'error' : undefined}
            placeholder={t('verification.reasonPlaceholder')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError('');
            }}
            data-testid="reject-reason"
          />
          {reasonError ? <span style={{ color: '#ff4d4f' }}>{reasonError}</span> : null}
          <Space>
            <Popconfirm title={t('verification.confirmApprove')} okText={t('system.confirm')} cancelText={t('system.cancel')} onConfirm={() => void submit(true)} okButtonProps={{ 'data-testid': 'confirm-approve' }}>
              <Button type="primary" loading={decide.isPending} data-testid="approve">
                {t('verification.approve')}
              </Button>
            </Popconfirm>
            <Button danger loading={decide.isPending} onClick={() => void submit(false)} data-testid="reject">
              {t('verification.reject')}
            </Button>
          </Space>
        </Space>
      ) : null}
    </Drawer>
  );
}
