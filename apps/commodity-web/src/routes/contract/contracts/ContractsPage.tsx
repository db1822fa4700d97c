import { useCallback, useState } from 'react';
import { Button, Modal, Space, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractParty, ContractStatus, ContractVerification } from '@tp/contract';
import { type ContractFilterValues, ContractFilters, formatMoney, useApp, useContractChecks, useSession } from '@tp/web-kit';
import { fetchContractPdf, useContractDetail, useContracts, useSignContract, useVerifyContract, useVerifyFile } from '../../../api/contract';
import { ContractCard, PdfPreview, STATUS_COLORS, saveBlob } from '../shared';
import { PagedTable } from '../../components/PagedTable';

const SIZE = 10;

interface Filters {
  contractNo?: string;
  commodityName?: string;
  status?: (typeof ContractStatus)[number];
}

/** A PDF the user holds, checked against the platform's record. */
function VerifyFileButton({ onResult }: { onResult: (result: ContractVerification) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const verify = useVerifyFile();
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="contract-verify-file">
        {t('contract.actions.verifyFile')}
      </Button>
      <Modal open={open} title={t('contract.actions.verifyFile')} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <p>{t('contract.verify.fileHint')}</p>
        <Upload
          accept="application/pdf,.pdf"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            verify.mutate(file, {
              onSuccess: (result) => {
                setOpen(false);
                onResult(result);
              },
            });
            return false;
          }}
        >
          <Button loading={verify.isPending} data-testid="contract-verify-file-choose">
            {t('contract.actions.chooseFile')}
          </Button>
        </Upload>
      </Modal>
    </>
  );
}

function ContractsPage({ side }: { side: ContractParty }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const contracts = useContracts({ side, ...filters, page, size: SIZE });
  const sign = useSignContract();
  const checks = useContractChecks({ verify: useVerifyContract(), useDetail: useContractDetail });
  const [preview, setPreview] = useState<Contract | null>(null);
  const canSign = hasRight('contract.sign');
  const loadPreview = useCallback(() => fetchContractPdf(preview?.contractId ?? ''), [preview]);

  const search = ({ name, ...values }: ContractFilterValues) => {
    setPage(0);
    setFilters({ ...values, commodityName: name });
  };

  const download = async (row: Contract) => {
    try {
      saveBlob(await fetchContractPdf(row.contractId), `${row.contractNo}.pdf`);
    } catch {
      void message.error(t('contract.fileFailed'));
    }
  };

  const confirmSign = (row: Contract) =>
    modal.confirm({
      title: t('contract.confirm.signTitle', { contractNo: row.contractNo }),
      content: t('contract.confirm.signBody'),
      okButtonProps: { 'data-testid': 'contract-sign-ok' },
      onOk: () => sign.mutateAsync(row.contractId).then(() => void message.success(t('contract.signedDone'))),
    });

  const columns: ColumnsType<Contract> = [
    {
      title: t('contract.fields.contractNo'),
      render: (_, r) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div data-testid="contract-no">{r.contractNo}</div>
          <div style={{ fontSize: 12, color: '#888' }}>
            {t('contract.fields.pickId')} {r.pickId}
          </div>
        </div>
      ),
    },
    { title: t('contract.fields.counterparty'), width: 140, render: (_, r) => (side === 'buyer' ? r.sellerName : r.buyerName) },
    {
      title: t('contract.fields.commodity'),
      render: (_, r) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <div>{`${r.commodityName} ${r.gradeName}`}</div>
          <div style={{ fontSize: 12, color: '#888' }}>{`${r.quantity} ${r.unit}`}</div>
        </div>
      ),
    },
    {
      title: t('contract.fields.amount'),
      width: 170,
      render: (_, r) => (
        <div>
          <div data-testid="contract-amount">{formatMoney(r.amount)}</div>
          <div style={{ fontSize: 12, color: '#888' }} data-testid="contract-amount-words">
            {r.amountInWords}
          </div>
        </div>
      ),
    },
    {
      title: t('contract.fields.status'),
      render: (_, r) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Tag color={STATUS_COLORS[r.status]} data-testid="contract-status">
            {t(`contract.status.${r.status as '0'}`)}
          </Tag>
          <div style={{ fontSize: 12, color: '#888', marginTop: 4 }}>
            {t('contract.party.seller')} {r.sellerSigned ? t('contract.signed') : t('contract.unsigned')} · {t('contract.party.buyer')} {r.buyerSigned ? t('contract.signed') : t('contract.unsigned')}
          </div>
        </div>
      ),
    },
    { title: t('contract.fields.confirmedAt'), render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{new Date(r.confirmedAt).toLocaleDateString()}</span> },
    {
      title: t('contract.fields.actions'),
      fixed: 'right',
      width: 200,
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setPreview(r)} data-testid="contract-preview">
            {t('contract.actions.preview')}
          </Button>
          <Button size="small" onClick={() => void download(r)} data-testid="contract-download">
            {t('contract.actions.download')}
          </Button>
          {canSign && r.awaitingMySignature && r.status !== '3' && (
            <Button size="small" type="primary" onClick={() => confirmSign(r)} data-testid="contract-sign">
              {t('contract.actions.sign')}
            </Button>
          )}
          {checks.actions(r.contractId)}
        </Space>
      ),
    },
  ];

  return (
    <ContractCard title={t(side === 'buyer' ? 'contract.menu.buyerContracts' : 'contract.menu.sellerContracts')} extra={<VerifyFileButton onResult={checks.showVerdict} />}>
      <ContractFilters name={{ placeholderKey: 'contract.filters.commodityName', testId: 'contract-filter-commodity' }} onSearch={search} />
      <PagedTable<Contract> section="contract" query={contracts} paging={{ page, setPage }} rowKey="contractId" rowData={(row) => ({ 'data-testid': `contract-row-${row.pickId}`, 'data-status': row.status, 'data-contract-no': row.contractNo })} columns={columns} />
      {preview && <PdfPreview title={`${t('contract.preview')} ${preview.contractNo}`} load={loadPreview} onClose={() => setPreview(null)} />}
      {checks.dialogs}
    </ContractCard>
  );
}

/** `/buyerCenter/purchase/contract`: the buyer's contracts. */
export const BuyerContractsPage = () => <ContractsPage side="buyer" />;
/** `/sellerCenter/sales/contract`: the seller's contracts. */
export const SellerContractsPage = () => <ContractsPage side="seller" />;
