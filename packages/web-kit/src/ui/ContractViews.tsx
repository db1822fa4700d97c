import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractStatus, type ContractDetail, type ContractVerification } from '@tp/contract';

/**
 * The texts are each app's own `contract.*` entries (the firm and staff sides word them alike), so
 * keys are plain strings here rather than checked against one app's catalogue.
 */
function useContractText(): (key: string) => string {
  const { t } = useTranslation();
  return t as unknown as (key: string) => string;
}

const Code = ({ value }: { value: string }) => (
  <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
    {value}
  </Typography.Text>
);

/** What verification found: the verdict, then each signature. */
export function VerificationResult({ result }: { result: ContractVerification }) {
  const t = useContractText();
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
  const t = useContractText();
  // As the document names the party: a person with their resident ID, an enterprise with its credit code.
  const partyText = (name: string, credential: ContractDetail['sellerCredential']) =>
    credential ? `${name}（${t(`contract.credential.${credential.kind}`)}：${credential.value}）` : name;
  return (
    <div data-testid="contract-signature-details">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('contract.fields.contractNo')}>{detail.contractNo}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.seller')}>
          <span data-testid="contract-seller">{partyText(detail.sellerName, detail.sellerCredential)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.buyer')}>
          <span data-testid="contract-buyer">{partyText(detail.buyerName, detail.buyerCredential)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.amount')}>
          {detail.amount}（{detail.amountInWords}）
        </Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.status')}>{t(`contract.status.${detail.status}`)}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.documentHash')}>{detail.documentHash ? <Code value={detail.documentHash} /> : '—'}</Descriptions.Item>
      </Descriptions>
      {detail.signatures.map((s) => (
        <Descriptions key={s.party} size="small" column={1} bordered title={t(`contract.party.${s.party}`)} style={{ marginTop: 16 }} data-testid={`contract-signature-${s.party}`}>
          <Descriptions.Item label={t('contract.fields.firmName')}>{s.firmName}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.userId')}>{s.userId}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.signedAt')}>{new Date(s.signedAt).toLocaleString()}</Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.previousHash')}>
            <Code value={s.previousHash} />
          </Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.documentHash')}>
            <Code value={s.documentHash} />
          </Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.signature')}>
            <Code value={s.signature} />
          </Descriptions.Item>
          <Descriptions.Item label={t('contract.fields.publicKey')}>
            <Code value={s.publicKey} />
          </Descriptions.Item>
        </Descriptions>
      ))}
    </div>
  );
}

/** The contract's PDF in the page (the browser's own viewer); `load` reads it with the app's session headers. */
export function PdfPreview({ title, load, onClose }: { title: string; load: () => Promise<Blob>; onClose: () => void }) {
  const t = useContractText();
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

/** What a contract list is filtered by; `name` is the second box (a firm for staff, a commodity for firms). */
export interface ContractFilterValues {
  contractNo?: string;
  name?: string;
  status?: (typeof ContractStatus)[number];
}

/** Contract number, a name and the status; searching trims the boxes, reset clears them and searches again. */
export function ContractFilters({ name, onSearch }: { name: { placeholderKey: string; testId: string }; onSearch: (values: ContractFilterValues) => void }) {
  const t = useContractText();
  const [form] = Form.useForm<ContractFilterValues>();
  const search = (values: ContractFilterValues) => onSearch({ contractNo: values.contractNo?.trim() || undefined, name: values.name?.trim() || undefined, status: values.status });
  return (
    <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="contractNo">
        <Input allowClear placeholder={t('contract.filters.contractNo')} data-testid="contract-filter-no" />
      </Form.Item>
      <Form.Item name="name">
        <Input allowClear placeholder={t(name.placeholderKey)} data-testid={name.testId} />
      </Form.Item>
      <Form.Item name="status">
        <Select allowClear style={{ width: 160 }} placeholder={t('contract.filters.status')} options={ContractStatus.map((s) => ({ value: s, label: t(`contract.status.${s}`) }))} data-testid="contract-filter-status" />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="contract-search">
            {t('contract.actions.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            {t('contract.actions.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** What checking a contract needs: the verify call (by contract id) and the signature-details read. */
export interface ContractChecksApi {
  verify: { mutate: (contractId: string, options: { onSuccess: (result: ContractVerification) => void }) => void; isPending: boolean; variables: string | undefined };
  useDetail: (contractId: string | undefined) => { data: ContractDetail | undefined };
}

/**
 * A contract row's "verify" and "details" actions, and the verdict dialog and signatures drawer
 * they open (render `dialogs` once beside the table); the same for the firms' and staff's lists.
 * `showVerdict` opens the same dialog for a verification made another way (an uploaded file).
 */
export function useContractChecks({ verify, useDetail }: ContractChecksApi): { actions: (contractId: string) => ReactNode; dialogs: ReactNode; showVerdict: (result: ContractVerification) => void } {
  const t = useContractText();
  const [verdict, setVerdict] = useState<ContractVerification | null>(null);
  const [detailOf, setDetailOf] = useState<string>();
  const detail = useDetail(detailOf);
  const actions = (contractId: string) => (
    <>
      <Button size="small" loading={verify.isPending && verify.variables === contractId} onClick={() => verify.mutate(contractId, { onSuccess: setVerdict })} data-testid="contract-verify">
        {t('contract.actions.verify')}
      </Button>
      <Button size="small" type="link" onClick={() => setDetailOf(contractId)} data-testid="contract-details">
        {t('contract.actions.details')}
      </Button>
    </>
  );
  const dialogs = (
    <>
      <Modal open={verdict !== null} title={t('contract.verify.title')} onCancel={() => setVerdict(null)} footer={null} width={760} destroyOnHidden>
        {verdict && <VerificationResult result={verdict} />}
      </Modal>
      <Drawer open={detailOf !== undefined} title={t('contract.actions.details')} onClose={() => setDetailOf(undefined)} size="large">
        {detail.data ? <SignatureDetails detail={detail.data} /> : <Skeleton active />}
      </Drawer>
    </>
  );
  return { actions, dialogs, showVerdict: setVerdict };
}
