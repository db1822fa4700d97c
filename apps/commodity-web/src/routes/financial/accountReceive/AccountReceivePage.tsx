import { useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, formatMoney } from '@tp/web-kit';
import type { PledgeRepayment } from '@tp/contract';
import { useFunderRepayments } from '../../../api/pledge';
import { PledgeCard, pagination } from '../../pledge/shared';

/** `/financial/accountReceive`: every repayment and collateral sale on the funder's loans. */
export function AccountReceivePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useFunderRepayments(page);
  return (
    <PledgeCard title={t('pledge.financial.accountReceive')}>
      <QueryStates keys="pledge" query={list} empty={list.data?.total === 0}>
        <Table<PledgeRepayment>
          rowKey="repaymentId"
          size="small"
          scroll={{ x: true }}
          dataSource={list.data?.content ?? []}
          pagination={pagination(page, list.data?.size ?? 10, list.data?.total ?? 0, setPage)}
          columns={[
            { title: t('pledge.fields.financeId'), dataIndex: 'financeId' },
            { title: t('pledge.fields.createdAt'), dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString() },
            { title: t('pledge.fields.kind'), dataIndex: 'kind', render: (v: PledgeRepayment['kind']) => t(`pledge.kinds.${v}`) },
            { title: t('pledge.fields.amount'), dataIndex: 'amount', render: (v: string) => formatMoney(v) },
            { title: t('pledge.fields.principal'), dataIndex: 'principal', render: (v: string) => formatMoney(v) },
            { title: t('pledge.fields.interest'), dataIndex: 'interest', render: (v: string) => formatMoney(v) },
            { title: t('pledge.fields.penalty'), dataIndex: 'penalty', render: (v: string) => formatMoney(v) },
            { title: t('pledge.fields.surplus'), dataIndex: 'surplus', render: (v: string) => formatMoney(v) },
          ]}
        />
      </QueryStates>
    </PledgeCard>
  );
}
