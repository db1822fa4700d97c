import { useState } from 'react';
import { App, Descriptions, Drawer, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AdminCertificationRow, type ReviewLevel } from '@tp/contract';
import { certificationList, useCertificationDecision } from '../../api/enterprise';
import { PageCard } from '../../components/PageCard';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/format';
import { LEVEL_FILTERS, STATUS_COLOR, waitsAt, type CertificationRowStatus } from './review';
import { StaffThumb } from '../../components/ReviewQueue';
import { DecisionPanel, ReviewButton } from '../../components/ReviewDecision';
import { uploadedFile, uploadedThumb } from '../../api/uploads';

const PHOTOS = ['businessPhoto', 'corporatePositiveCard', 'corporateReverseCard'] as const;

/** `/certification/member`: enterprise certifications waiting for member review (level 1). */
export function MemberReviewPage() {
  return <CertificationReview level="member" />;
}

/** `/certification/risk`: certifications member review passed, waiting for risk control (level 2). */
export function RiskReviewPage() {
  return <CertificationReview level="risk" />;
}

function CertificationReview({ level }: { level: ReviewLevel }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<AdminCertificationRow | null>(null);

  return (
    <PageCard title={t(`certification.title.${level}`)}>
      <PagedTable<AdminCertificationRow, CertificationRowStatus>
        key={level}
        data-testid="certification-table"
        list={certificationList}
        statusFilter={{ statuses: LEVEL_FILTERS[level], label: (value) => t(`certification.status.${value}`), 'data-testid': 'certification-filter' }}
        rowKey="id"
        searchPlaceholder={t('certification.keywordHint')}
        columns={[
          { title: t('certification.firm'), key: 'firm', render: (_, row) => `${row.firmCode} ${row.firmName}` },
          { title: t('certification.field.enterpriseName'), dataIndex: 'enterpriseName' },
          { title: t('certification.field.registerNo'), dataIndex: 'registerNo' },
          { title: t('certification.submitter'), dataIndex: 'submitter' },
          { title: t('certification.statusLabel'), dataIndex: 'status', render: (value: CertificationRowStatus) => <Tag color={STATUS_COLOR[value]}>{t(`certification.status.${value}`)}</Tag> },
          { title: t('certification.submittedAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('certification.actions'),
            key: 'actions',
            render: (_, row) => <ReviewButton section="certification" waiting={waitsAt(level, row.status)} rowId={row.id} onOpen={() => setOpen(row)} />,
          },
        ]}
      />
      {open ? <ReviewDrawer level={level} row={open} onClose={() => setOpen(null)} /> : null}
    </PageCard>
  );
}

function ReviewDrawer({ level, row, onClose }: { level: ReviewLevel; row: AdminCertificationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useCertificationDecision();

  async function submit(approve: boolean, reason?: string) {
    await decide.mutateAsync({ id: row.id, level, approve, reason });
    void message.success(approve ? t('certification.approved') : t('certification.rejected'));
    onClose();
  }

  return (
    <Drawer open width={760} title={t('certification.detail')} onClose={onClose} destroyOnHidden>
      <Descriptions column={2} bordered size="small" data-testid="certification-detail">
        <Descriptions.Item label={t('certification.firm')} span={2}>{`${row.firmCode} ${row.firmName}`}</Descriptions.Item>
        <Descriptions.Item label={t('certification.statusLabel')} span={2}>
          <Tag color={STATUS_COLOR[row.status]}>{t(`certification.status.${row.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('certification.field.enterpriseName')}>{row.enterpriseName}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.firmType')}>{t(`certification.firmType.${row.firmType}`)}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.registerNo')}>{row.registerNo}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.corporateName')}>{row.corporateName}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.enterprisePhone')}>{row.enterprisePhone}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.operatorName')}>{`${row.operatorName}（${row.operatorPhone}）`}</Descriptions.Item>
        <Descriptions.Item label={t('certification.field.enterpriseAddress')} span={2}>{row.enterpriseAddress}</Descriptions.Item>
        <Descriptions.Item label={t('certification.submitter')}>{row.submitter}</Descriptions.Item>
        <Descriptions.Item label={t('certification.submittedAt')}>{formatTime(row.createdAt)}</Descriptions.Item>
        {row.memberReviewedAt ? (
          <Descriptions.Item label={t('certification.memberDecision')} span={2}>{`${formatTime(row.memberReviewedAt)} ${row.memberReason}`}</Descriptions.Item>
        ) : null}
        {row.riskReviewedAt ? (
          <Descriptions.Item label={t('certification.riskDecision')} span={2}>{`${formatTime(row.riskReviewedAt)} ${row.riskReason}`}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Space wrap style={{ marginTop: 16 }} align="start">
        {PHOTOS.map((field) => (
          <div key={field} data-testid={`photo-${field}`}>
            <div style={{ marginBottom: 4 }}>{t(`certification.field.${field}`)}</div>
            <StaffThumb thumbUrl={uploadedThumb(row[field])} url={uploadedFile(row[field])} alt={t(`certification.field.${field}`)} width={200} height={126} testId={`certification-${field}`} fallback={<span>{`${t(`certification.field.${field}`)} ✕`}</span>} />
          </div>
        ))}
      </Space>
      {waitsAt(level, row.status) ? (
        <DecisionPanel section="certification" confirm={{ title: t(`certification.confirmApprove.${level}`), ok: t('certification.confirm'), cancel: t('certification.cancel') }} pending={decide.isPending} decide={submit} />
      ) : null}
    </Drawer>
  );
}
