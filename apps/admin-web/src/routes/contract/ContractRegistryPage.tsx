import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Form, Input, Modal, Result, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContractStatus, type Contract, type ContractDetail, type ContractVerification } from '@tp/contract';
import { fetchAdminContractPdf, useAdminContractDetail, useAdminContracts, useAdminVerifyContract } from '../../api/contract';

const SIZE = 10;
const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'processing', '3': 'success' };

interface Filters {
  contractNo?: string;
  firmName?: string;
  status?: (typeof ContractStatus)[number];
}

function Loaded({ query, empty, children }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown }; empty: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Result status="warning" title={t('contract.loadFailed')} extra={<Button onClick={() => void query.refetch()}>{t('contract.retry')}</Button>} />;
  if (empty) return <Empty description={t('contract.empty')} data-testid="contract-empty" />;
  return <>{children}</>;
}

/** The stored PDF in the browser's own viewer, read with the staff session. */
function PdfModal({ contract, onClose }: { contract: Contract; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | undefined;
    let live = true;
    fetchAdminContractPdf(contract.contractId)
      .then((blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        if (live) setUrl(created);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [contract.contractId]);
  return (
    <Modal open title={contract.contractNo} onCancel={onClose} footer={null} width={920} destroyOnHidden>
      {failed ? <Alert type="error" title={t('contract.fileFailed')} /> : url ? <iframe src={url} title={contract.contractNo} data-testid="contract-preview-frame" style={{ width: '100%', height: '72vh', border: 0 }} /> : <Skeleton active />}
    </Modal>
  );
}

const Code = ({ value }: { value: string }) => (
  <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
    {value}
  </Typography.Text>
);

function Verdict({ result }: { result: ContractVerification }) {
  const { t } = useTranslation();
  return (
    <div data-testid="contract-verification" data-ok={String(result.ok)}>
      <Alert type={result.ok ? 'success' : 'error'} showIcon title={<span data-testid="contract-verification-message">{result.message}</span>} />
      <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
        <Descriptions.Item label={t('contract.fields.documentHash')}>
          <Code value={result.sha256} />
        </Descriptions.Item>
      </Descriptions>
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
              <>
                <Tag color={s.valid ? 'success' : 'error'}>{s.valid ? t('contract.verify.valid') : t('contract.verify.invalid')}</Tag>
                <Tag color={s.coversDocument ? 'success' : 'warning'}>{s.coversDocument ? t('contract.verify.covers') : t('contract.verify.notCovers')}</Tag>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

function Signatures({ detail }: { detail: ContractDetail }) {
  const { t } = useTranslation();
  return (
    <div data-testid="contract-signature-details">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('contract.fields.contractNo')}>{detail.contractNo}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.seller')}>{detail.sellerName}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.buyer')}>{detail.buyerName}</Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.amount')}>
          {detail.amount}（{detail.amountInWords}）
        </Descriptions.Item>
        <Descriptions.Item label={t('contract.fields.documentHash')}>{detail.documentHash ? <Code value={detail.documentHash} /> : '—'}</Descriptions.Item>
      </Descriptions>
      {detail.signatures.map((s) => (
        <Descriptions key={s.party} size="small" column={1} bordered title={t(`contract.party.${s.party}`)} style={{ marginTop: 16 }}>
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

/** `/admin/contract`: every contract on the platform, its PDF, signatures and verification. */
export function ContractRegistryPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const contracts = useAdminContracts({ ...filters, page, size: SIZE });
  const verify = useAdminVerifyContract();
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [verdict, setVerdict] = useState<ContractVerification | null>(null);
  const [detailOf, setDetailOf] = useState<string>();
  const detail = useAdminContractDetail(detailOf);

  const search = (values: Filters) => {
    setPage(0);
    setFilters({ contractNo: values.contractNo?.trim() || undefined, firmName: values.firmName?.trim() || undefined, status: values.status });
  };

  return (
    <Card title={t('contract.title')}>
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="contractNo">
          <Input allowClear placeholder={t('contract.filters.contractNo')} data-testid="contract-filter-no" />
        </Form.Item>
        <Form.Item name="firmName">
          <Input allowClear placeholder={t('contract.filters.firmName')} data-testid="contract-filter-firm" />
        </Form.Item>
        <Form.Item name="status">
          <Select allowClear style={{ width: 160 }} placeholder={t('contract.filters.status')} options={ContractStatus.map((s) => ({ value: s, label: t(`contract.status.${s}`) }))} />
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
      <Loaded query={contracts} empty={contracts.data?.total === 0}>
        <Table<Contract>
          rowKey="contractId"
          size="small"
          scroll={{ x: true }}
          dataSource={contracts.data?.content ?? []}
          pagination={{ current: page + 1, pageSize: SIZE, total: contracts.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
          onRow={(row) => ({ 'data-testid': `contract-row-${row.contractNo}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('contract.fields.contractNo'), dataIndex: 'contractNo' },
            { title: t('contract.fields.pickId'), dataIndex: 'pickId' },
            { title: t('contract.fields.seller'), dataIndex: 'sellerName' },
            { title: t('contract.fields.buyer'), dataIndex: 'buyerName' },
            { title: t('contract.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('contract.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            {
              title: t('contract.fields.amount'),
              render: (_, r) => (
                <div>
                  <div>{r.amount}</div>
                  <div style={{ fontSize: 12, color: '#888' }}>{r.amountInWords}</div>
                </div>
              ),
            },
            { title: t('contract.fields.status'), render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{t(`contract.status.${r.status as '0'}`)}</Tag> },
            { title: t('contract.fields.confirmedAt'), render: (_, r) => new Date(r.confirmedAt).toLocaleDateString() },
            {
              title: t('contract.fields.actions'),
              render: (_, r) => (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setViewing(r)} data-testid="contract-view">
                    {t('contract.actions.view')}
                  </Button>
                  <Button size="small" loading={verify.isPending && verify.variables === r.contractId} onClick={() => verify.mutate(r.contractId, { onSuccess: setVerdict })} data-testid="contract-verify">
                    {t('contract.actions.verify')}
                  </Button>
                  <Button size="small" type="link" onClick={() => setDetailOf(r.contractId)} data-testid="contract-details">
                    {t('contract.actions.details')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Loaded>
      {viewing && <PdfModal contract={viewing} onClose={() => setViewing(null)} />}
      <Modal open={verdict !== null} title={t('contract.verify.title')} onCancel={() => setVerdict(null)} footer={null} width={760} destroyOnHidden>
        {verdict && <Verdict result={verdict} />}
      </Modal>
      <Drawer open={detailOf !== undefined} title={t('contract.actions.details')} onClose={() => setDetailOf(undefined)} size="large">
        {detail.data ? <Signatures detail={detail.data} /> : <Skeleton active />}
      </Drawer>
    </Card>
  );
}
