import { useState } from 'react';
import { Button, Form, Modal, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { WarehousingApply } from '@tp/contract';
import { formatMoney, useApp } from '@tp/web-kit';
import { useInspections, useSubmitReport } from '../../../api/warehouse';
import { WarehouseCard } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { commodityColumn } from '../../components/columns';

const SIZE = 10;

function ReportModal({ apply, onClose }: { apply: WarehousingApply | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useApp();
  const [file, setFile] = useState<File | null>(null);
  const [reportType, setReportType] = useState<'1' | '2'>('1');
  const [fileError, setFileError] = useState(false);
  const submit = useSubmitReport();
  function send() {
    if (!apply) return;
    if (!file) {
      setFileError(true);
      return;
    }
    modal.confirm({
      title: t('warehouse.confirm.report'),
      okButtonProps: { 'data-testid': 'report-confirm-ok' },
      onOk: () =>
        submit.mutateAsync({ applyId: apply.applyId, reportType, file }).then(() => {
          void message.success(t('warehouse.done'));
          setFile(null);
          onClose();
        }),
    });
  }
  return (
    <Modal open={apply !== null} title={t('warehouse.actions.uploadReport')} onCancel={onClose} onOk={send} confirmLoading={submit.isPending} okButtonProps={{ 'data-testid': 'report-submit' }} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('warehouse.fields.reportType')} required>
          <Select value={reportType} onChange={setReportType} data-testid="field-reportType" options={['1', '2'].map((v) => ({ value: v, label: t(`warehouse.reportType.${v as '1'}`) }))} />
        </Form.Item>
        <Form.Item label={t('warehouse.fields.report')} required validateStatus={fileError ? 'error' : ''} help={fileError ? t('warehouse.rules.required', { field: t('warehouse.fields.report') }) : t('warehouse.actions.chooseFile')}>
          <input
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            data-testid="report-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setFileError(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/sellerCenter/resource/qualityInspectionReport` (and under sales): each application's inspection, fee and report. */
export function InspectionReportPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<WarehousingApply | null>(null);
  const list = useInspections({ page, size: SIZE });
  const columns: ColumnsType<WarehousingApply> = [
    { title: t('warehouse.fields.applyId'), dataIndex: 'applyId' },
    commodityColumn(t('warehouse.fields.commodityTypeId')),
    { title: t('warehouse.fields.reportType'), render: (_, r) => t(`warehouse.reportType.${r.reportType as '1'}`) },
    { title: t('warehouse.fields.inspectionFee'), render: (_, r) => <span data-testid="inspection-fee">{formatMoney(r.inspectionFee)}</span> },
    { title: t('warehouse.fields.inspectionStatus'), render: (_, r) => <Tag data-testid="inspection-status">{t(`warehouse.inspectionStatus.${(r.inspectionStatus || 'none') as '0'}`)}</Tag> },
    { title: t('warehouse.fields.status'), render: (_, r) => t(`warehouse.applyStatus.${r.status as '0'}`) },
    {
      title: t('warehouse.fields.actions'),
      render: (_, r) =>
        r.inspectionStatus === '1' && r.status === '8' ? (
          <Button size="small" type="primary" onClick={() => setTarget(r)} data-testid="report-open">
            {t('warehouse.actions.uploadReport')}
          </Button>
        ) : null,
    },
  ];

  return (
    <WarehouseCard title={t('warehouse.menu.qualityInspectionReport')}>
      <PagedTable<WarehousingApply> section="warehouse" query={list} paging={{ page, setPage }} rowKey="applyId" rowData={(row) => ({ 'data-testid': `inspection-row-${row.applyId}` })} columns={columns} />
      <ReportModal apply={target} onClose={() => setTarget(null)} />
    </WarehouseCard>
  );
}
