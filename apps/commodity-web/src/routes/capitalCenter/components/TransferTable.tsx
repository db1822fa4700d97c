import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, applyFieldErrors, runAction } from '@tp/web-kit';
import type { BankChannelId, FundDealflag, PayStatus, TransferRecord } from '@tp/contract';
import { useRetryPay, useTransfers } from '../../../api/bank';
import { formatMoney } from '../amount';
import { useCapitalRules } from './fields';
import { CAPITAL_QUERY } from './queryStates';
import { PayStatusTag } from './status';

/** Fund in / fund out records with filters and paging; a failed one can be paid again. */
export function TransferTable({ bankId }: { bankId?: BankChannelId }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const [fundDealflag, setFlag] = useState<FundDealflag | undefined>();
  const [status, setStatus] = useState<PayStatus | undefined>();
  const [retrying, setRetrying] = useState<TransferRecord | null>(null);
  const query = useTransfers({ page, size, ...(bankId ? { bankId } : {}), ...(fundDealflag ? { fundDealflag } : {}), ...(status ? { status } : {}) });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          allowClear
          placeholder={t('capital.field.fundDealflag')}
          style={{ width: 140 }}
          value={fundDealflag}
          onChange={(v: FundDealflag | undefined) => {
            setFlag(v);
            setPage(0);
          }}
          options={(['1', '2'] as const).map((v) => ({ value: v, label: t(`capital.dealflag.f${v}`) }))}
        />
        <Select
          allowClear
          placeholder={t('capital.field.status')}
          style={{ width: 140 }}
          value={status}
          onChange={(v: PayStatus | undefined) => {
            setStatus(v);
            setPage(0);
          }}
          options={(['0', '1', '2'] as const).map((v) => ({ value: v, label: t(`capital.payStatus.s${v}`) }))}
        />
      </Space>
      <QueryStates {...CAPITAL_QUERY} query={query}>
        <Table<TransferRecord>
          rowKey="id"
          size="small"
          data-testid="transfer-table"
          dataSource={query.data?.content ?? []}
          locale={{ emptyText: t('capital.empty') }}
          pagination={{ current: page + 1, pageSize: size, total: query.data?.total ?? 0, showSizeChanger: true, onChange: (p, s) => (setPage(p - 1), setSize(s)) }}
          columns={[
            { title: t('capital.field.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('capital.field.bank'), dataIndex: 'bankName' },
            { title: t('capital.field.fundDealflag'), dataIndex: 'fundDealflag', render: (v: FundDealflag) => t(`capital.dealflag.f${v}`) },
            { title: t('capital.field.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
            { title: t('capital.field.status'), dataIndex: 'status', render: (v: PayStatus, row) => <PayStatusTag status={v} testId={`transfer-status-${row.id}`} /> },
            { title: t('capital.field.reason'), dataIndex: 'reason' },
            {
              title: t('capital.field.actions'),
              key: 'actions',
              render: (_, row) =>
                row.status === '2' ? (
                  <Button size="small" onClick={() => setRetrying(row)} data-testid={`retry-${row.id}`}>
                    {t('capital.retryPay')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </QueryStates>
      <RetryModal transfer={retrying} onClose={() => setRetrying(null)} />
    </Space>
  );
}

function RetryModal({ transfer, onClose }: { transfer: TransferRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useCapitalRules();
  const retry = useRetryPay();
  const [form] = Form.useForm<{ pwd: string }>();
  async function onOk() {
    if (!transfer) return;
    const { pwd } = await form.validateFields();
    try {
      await retry.mutateAsync({ id: transfer.id, pwd });
      void message.success(t('capital.retrySent'));
      form.resetFields();
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }
  return (
    <Modal open={transfer !== null} title={t('capital.retryPay')} onCancel={onClose} onOk={() => void runAction(onOk)} confirmLoading={retry.isPending} destroyOnHidden>
      {transfer && <p data-testid="retry-amount">{t('capital.confirmAmount', { amount: formatMoney(transfer.amount) })}</p>}
      <Form form={form} layout="vertical">
        <Form.Item name="pwd" label={t('capital.field.pwd')} rules={rules.paymentPassword(t('capital.field.pwd'))}>
          <Input.Password maxLength={6} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
