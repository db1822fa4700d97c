import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyWarehouse } from '@tp/contract';
import { useCompanyWarehouse } from '../../../api/warehouse';
import { WarehouseCard } from '../shared';
import { QueryStates } from '@tp/web-kit';

/** `/sellerCenter/sales/companyWarehouse`: the warehouses the firm's goods are in. */
export function CompanyWarehousePage() {
  const { t } = useTranslation();
  const list = useCompanyWarehouse();
  return (
    <WarehouseCard title={t('warehouse.menu.companyWarehouse')}>
      <QueryStates keys="warehouse" skeletonRows={4} query={list} empty={list.data?.length === 0}>
        <Table<CompanyWarehouse>
          rowKey="storageId"
          size="small"
          scroll={{ x: true }}
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('warehouse.fields.name'), dataIndex: 'name' },
            { title: t('warehouse.fields.address'), dataIndex: 'address' },
            { title: t('warehouse.fields.responsibleName'), dataIndex: 'responsibleName' },
            { title: t('warehouse.fields.responsiblePhone'), dataIndex: 'responsiblePhone' },
            { title: t('warehouse.fields.chargeStandard'), dataIndex: 'chargeStandard' },
            { title: t('warehouse.fields.warehousRate'), dataIndex: 'warehousRate' },
            { title: t('warehouse.fields.holdings'), dataIndex: 'holdings' },
            { title: t('warehouse.fields.weight'), dataIndex: 'weight' },
          ]}
        />
      </QueryStates>
    </WarehouseCard>
  );
}
