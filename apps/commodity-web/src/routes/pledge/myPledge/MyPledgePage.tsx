import { useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '@tp/web-kit';
import type { PledgeFinance } from '@tp/contract';
import { useMyFinances } from '../../../api/pledge';
import { PledgeCard, StatusTags, pagination } from '../shared';

/** `/sellerCenter/sales/myPledge`: the goods the firm has pledged, where they are and what state each pledge is in. */
export function MyPledgePage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useMyFinances({ page, size: 10 });
  return (
    <PledgeCard title={t('pledge.menu.myPledge')}>
      <QueryStates keys="pledge" query={list} empty={list.data?.total === 0}>
        <Table<PledgeFinance>
          rowKey="financeId"
          size="small"
          scroll={{ x: true }}
          dataSource={list.data?.content ?? []}
          pagination={pagination(page, 10, list.data?.total ?? 0, setPage)}
          columns={[
            { title: t('pledge.fields.financeId'), dataIndex: 'financeId' },
            { title: t('pledge.fields.holdId'), dataIndex: 'holdId' },
            { title: t('pledge.fields.commodityName'), dataIndex: 'commodityName' },
            { title: t('pledge.fields.storageName'), dataIndex: 'storageName' },
            { title: t('pledge.fields.quantity'), dataIndex: 'quantity' },
            { title: t('pledge.fields.weight'), key: 'weight', render: (_: unknown, f: PledgeFinance) => `${f.weight}${f.weightUnit}` },
            { title: t('pledge.fields.factorId'), dataIndex: 'funderName' },
            { title: t('pledge.fields.pledgeStatus'), key: 'status', render: (_: unknown, f: PledgeFinance) => <StatusTags finance={f} /> },
            { title: t('pledge.fields.marginCallDeadline'), dataIndex: 'marginCallDeadline', render: (v: string | null) => (v ? new Date(v).toLocaleString() : '—') },
          ]}
        />
      </QueryStates>
    </PledgeCard>
  );
}
