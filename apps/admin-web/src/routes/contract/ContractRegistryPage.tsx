import { useCallback, useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractStatus } from '@tp/contract';
import { type ContractFilterValues, ContractFilters, PdfPreview, useContractChecks } from '@tp/web-kit';
import { QueryTable } from '../../components/QueryTable';
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
  const checks = useContractChecks({ verify: useAdminVerifyContract(), useDetail: useAdminContractDetail });
  const [viewing, setViewing] = useState<Contract | null>(null);
  const loadViewing = useCallback(() => fetchAdminContractPdf(viewing?.contractId ?? ''), [viewing]);

  const search = ({ name, ...values }: ContractFilterValues) => {
    setPage(0);
    setFilters({ ...values, firmName: name });
  };

  return (
    <Card title={t('contract.title')}>
      <ContractFilters name={{ placeholderKey: 'contract.filters.firmName', testId: 'contract-filter-firm' }} onSearch={search} />
      <QueryTable<Contract>
        keys="contract"
        query={contracts}
        rowKey="contractId"
        page={page}
        onPage={setPage}
        rowData={(row) => ({ 'data-testid': `contract-row-${row.contractNo}`, 'data-status': row.status })}
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
                {checks.actions(r.contractId)}
              </Space>
            ),
          },
        ]}
      />
      {viewing && <PdfPreview title={viewing.contractNo} load={loadViewing} onClose={() => setViewing(null)} />}
      {checks.dialogs}
    </Card>
  );
}
