import { useState } from 'react';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositRecord, WithdrawalRecord } from '@tp/contract';
import { useDeposits, useWithdrawals } from '../../../api/wallet';

const PAGE_SIZE = 10;
const WITHDRAWAL_COLOR: Record<WithdrawalRecord['status'], string> = {
  review: 'gold',
  processing: 'blue',
  in_transit: 'blue',
  completed: 'green',
  rejected: 'red',
  failed: 'red',
};
const shortTx = (txid: string) => (txid.length > 20 ? `${txid.slice(0, 10)}…${txid.slice(-8)}` : txid);

interface WalletRecord {
  id: string;
  createdAt: string;
  asset: string;
  amount: string;
}

interface RecordPage<Row> {
  isFetching: boolean;
  data?: { content: Row[]; total: number } | undefined;
}

interface RecordTableProps<Row> {
  testId: string;
  asset: string | undefined;
  /** The query of one page of this kind of record. */
  useRecords: (request: { asset: string | undefined; page: number; size: number }) => RecordPage<Row>;
  columns: TableColumnsType<Row>;
}

/** A page of wallet records: when, which asset and how much, then the columns of the record's kind. */
function RecordTable<Row extends WalletRecord>({ testId, asset, useRecords, columns }: RecordTableProps<Row>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useRecords({ asset, page: page - 1, size: PAGE_SIZE });
  return (
    <Table<Row>
      data-testid={testId}
      rowKey="id"
      loading={records.isFetching && !records.data}
      dataSource={records.data?.content ?? []}
      locale={{ emptyText: t('wallet.noRecords') }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: records.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('wallet.time'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
        { title: t('assets.asset'), dataIndex: 'asset' },
        { title: t('wallet.amount'), dataIndex: 'amount', align: 'right' },
        ...columns,
      ]}
    />
  );
}

/** Deposit records with the spec's statuses (confirming with the count, completed). */
export function DepositTable({ asset }: { asset?: string }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DepositRecord> = [
    { title: t('wallet.txid'), dataIndex: 'txid', render: (v: string) => <Typography.Text copyable={{ text: v }}>{shortTx(v)}</Typography.Text> },
    {
      title: t('wallet.status'),
      key: 'status',
      render: (_, row) =>
        row.status === 'confirming' ? (
          <Tag color="gold">{t('wallet.confirming', { done: row.confirmations, required: row.required })}</Tag>
        ) : (
          <Tag color={row.note ? 'default' : 'green'}>{row.note ? t('wallet.belowMinimum') : t('wallet.completed')}</Tag>
        ),
    },
  ];
  return <RecordTable<DepositRecord> testId="deposit-records" asset={asset} useRecords={useDeposits} columns={columns} />;
}

/** Withdrawal records: under review, processing / in transit, completed, rejected (with reason), failed. */
export function WithdrawalTable({ asset }: { asset?: string }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<WithdrawalRecord> = [
    { title: t('wallet.fee'), dataIndex: 'fee', align: 'right' },
    { title: t('wallet.address'), dataIndex: 'address', render: (v: string) => shortTx(v) },
    {
      title: t('wallet.status'),
      key: 'status',
      render: (_, row) => (
        <>
          <Tag color={WITHDRAWAL_COLOR[row.status]}>{t(`wallet.withdrawalStatus.${row.status}`)}</Tag>
          {row.reason ? <Typography.Text type="secondary">{row.reason}</Typography.Text> : null}
        </>
      ),
    },
  ];
  return <RecordTable<WithdrawalRecord> testId="withdrawal-records" asset={asset} useRecords={useWithdrawals} columns={columns} />;
}
