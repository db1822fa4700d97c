import { useEffect, useState } from 'react';
import { Alert, Descriptions, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContractDetail, ContractVerification } from '@tp/contract';
import { SectionCard, SectionLoaded } from '../../layout/SectionPage';

/** Loading, failed (with retry) or empty; otherwise the page's content. */
export function Loaded(props: Omit<Parameters<typeof SectionLoaded>[0], 'section'>) {
  return <SectionLoaded section="contract" {...props} />;
}

export const ContractCard = SectionCard;

export const pagination = (page: number, size: number, total: number, onChange: (page: number) => void) => ({
  current: page + 1,
  pageSize: size,
  total,
  showSizeChanger: false,
  onChange: (next: number) => onChange(next - 1),
});

export const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'processing', '3': 'success' };

/** Saves a PDF the way a link with `download` would. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The contract's PDF in the page (the browser's own viewer), loaded with the session headers. */
export function PdfPreview({ title, load, onClose }: { title: string; load: () => Promise<Blob>; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | undefined;
    let live = true;
    load()
      .then((blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (live) setUrl(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [load]);
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={920} destroyOnHidden>
      {failed ? (
        <Alert type="error" title={t('contract.fileFailed')} />
      ) : url ? (
        <iframe src={url} title={title} data-testid="contract-preview-frame" style={{ width: '100%', height: '72vh', border: 0 }} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}

/** What verification found: the verdict, then each signature. */
export function VerificationResult({ result }: { result: ContractVerification }) {
  const { t } = useTranslation();
  return (
    <div data-testid="contract-verification" data-ok={String(result.ok)} data-tampered={String(result.tampered)}>
      <Alert type={result.ok ? (result.superseded ? 'warning' : 'success') : 'error'} showIcon title={<span data-testid="contract-verification-message">{result.message}</span>} />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        {result.contractNo && <Descriptions.Item label={t('contract.fields.contractNo')}>{result.contractNo}</Descriptions.Item>}
        <Descriptions.Item label={t('contract.fields.documentHash')}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {result.sha256}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {result.signatures.length > 0 && (
        <Table
          size="small"
          rowKey="party"
          pagination={false}
          dataSource={result.signatures}
          columns={[
            { title: t('contract.fields.party'), render: (_, s) => t(`contract.party.${s.party}`) },
            { title: t('contract.fields.firmName'), render: (_, s) => s.firmName ?? '—' },
            { title: t('contract.fields.signedAt'), render: (_, s) => new Date(s.signedAt).toLocaleString() },
            {
              title: t('contract.fields.status'),
              render: (_, s) => (
                <span data-testid={`contract-verification-${s.party}`} data-valid={String(s.valid)}>
                  <Tag color={s.valid ? 'success' : 'error'}>{s.valid ? t('contract.verify.valid') : t('contract.verify.invalid')}</Tag>
                  <Tag color={s.coversDocument ? 'success' : 'warning'}>{s.coversDocument ? t('contract.verify.covers') : t('contract.verify.notCovers')}</Tag>
                </span>
              ),
            },
            { title: '', render: (_, s) => s.message },
          ]}
        />
      )}
    </div>
  );
}

/** The contract's signature records: who, when, which document hash, and the platform's signature. */
export function SignatureDetails({ detail }: { detail: ContractDetail }) {
  const { t } = useTranslation();
  const code = (value: string) => (
    <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
      {value}
    </Typography.Text>
  );
  return (
    <div data-testid="contract-signature-details">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('contract.fields.contractNo')}>{detail.contractNo}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.seller')}>{detail.sellerName}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.buyer')}>{detail.buyerName}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.amount')}>
          {detail.amount}（{detail.amountInWords}）
        </Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.status')}>{t(`contract.status.${detail.status as '0'}`)}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.documentHash')}>{detail.documentHash ? code(detail.documentHash) : '—'}</Descriptions.Item>
      </Descriptions>
      {detail.signatures.map((s) => (
        <Descriptions key={s.party} size="small" column={1} bordered title={t(`contract.party.${s.party}`)} style={{ marginTop: 16 }} data-testid={`contract-signature-${s.party}`}>
          <Descriptions.Item label={t('contract.fields.firmName')}>{s.firmName}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.userId')}>{s.userId}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.signedAt')}>{new Date(s.signedAt).toLocaleString()}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.previousHash')}>{code(s.previousHash)}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.documentHash')}>{code(s.documentHash)}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.signature')}>{code(s.signature)}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.publicKey')}>{code(s.publicKey)}</Descriptions.Item>
        </Descriptions>
      ))}
    </div>
  );
}
