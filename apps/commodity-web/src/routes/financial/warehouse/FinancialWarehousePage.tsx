import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, formatMoney } from '@tp/web-kit';
import type { FinancialWarehouse } from '@tp/contract';
import { useFunderWarehouses } from '../../../api/pledge';
import { PledgeCard } from '../../pledge/shared';

/** `/financial/warehouse`: the goods pledged to the funder, by warehouse. */
export function FinancialWarehousePage() {
  const { t } = useTranslation();
  const list = useFunderWarehouses();
  return (
    <PledgeCard title={t('pledge.financial.warehouse')}>
      <QueryStates keys="pledge" query={list} empty={list.data?.length === 0}>
        <Table<FinancialWarehouse>
          rowKey="warehousId"
          size="small"
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('pledge.fields.storageName'), dataIndex: 'storageName' },
            { title: t('pledge.fields.loans'), dataIndex: 'loans' },
            { title: t('pledge.fields.quantity'), dataIndex: 'quantity' },
            { title: t('pledge.fields.weight'), dataIndex: 'weight' },
            { title: t('pledge.fields.principal'), dataIndex: 'principal', render: (v: string) => formatMoney(v) },
          ]}
        />
      </QueryStates>
    </PledgeCard>
  );
}
