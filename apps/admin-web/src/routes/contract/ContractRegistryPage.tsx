import { useCallback, useState } from 'react';
import { Button, Card, Drawer, Modal, Skeleton, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractStatus, ContractVerification } from '@tp/contract';
import { type ContractFilterValues, ContractFilters, PdfPreview, QueryStates, SignatureDetails, VerificationResult } from '@tp/web-kit';
import { fetchAdminContractPdf, useAdminContractDetail, useAdminContracts, useAdminVerifyContract } from '../../api/contract';

const SIZE = 10;
const STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'processing', '3': 'success' };

interface Filters {
  contractNo?: string;
  firmName?: string;
  status?: (typeof ContractStatus)[number];
}

/** `/admin/contract`: every contract on the platform, its PDF, signatures and verification. */
export function ContractRegistryPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const contracts = useAdminContracts({ ...filters, page, size: SIZE });
  const verify = useAdminVerifyContract();
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [verdict, setVerdict] = useState<ContractVerification | null>(null);
  const [detailOf, setDetailOf] = useState<string>();
  const detail = useAdminContractDetail(detailOf);
  const loadViewing = useCallback(() => fetchAdminContractPdf(viewing?.contractId ?? ''), [viewing]);

  const search = ({ name, ...values }: ContractFilterValues) => {
    setPage(0);
    setFilters({ ...values, firmName: name });
  };

  return (
    <Card title={t('contract.title')}>
      <ContractFilters name={{ placeholderKey: 'contract.filters.firmName', testId: 'contract-filter-firm' }} onSearch={search} />
      <QueryStates keys="contract" query={contracts} empty={contracts.data?.total === 0}>
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
      </QueryStates>
      {viewing && <PdfPreview title={viewing.contractNo} load={loadViewing} onClose={() => setViewing(null)} />}
      <Modal open={verdict !== null} title={t('contract.verify.title')} onCancel={() => setVerdict(null)} footer={null} width={760} destroyOnHidden>
        {verdict && <VerificationResult result={verdict} />}
      </Modal>
      <Drawer open={detailOf !== undefined} title={t('contract.actions.details')} onClose={() => setDetailOf(undefined)} size="large">
        {detail.data ? <SignatureDetails detail={detail.data} /> : <Skeleton active />}
      </Drawer>
    </Card>
  );
}
