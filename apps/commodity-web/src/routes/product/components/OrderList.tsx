import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ProductOrder } from '@tp/contract';
import { useProductOrders } from '../../../api/product';
import { ConsigneeText, OrderStatusCell, OrderStatusSelect, SIZE, money } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { useListFilters } from '../../components/useListFilters';
import { timeColumn } from '../../components/columns';

/** The order's items as one line each. */
export function OrderItems({ order }: { order: ProductOrder }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={0}>
      {order.items.map((i) => (
        <span key={i.productId}>{`${i.name} × ${i.quantity} ${i.unit} (${t('product.perUnit', { price: money(i.price), unit: i.unit })})`}</span>
      ))}
    </Space>
  );
}

/**
 * One side's product orders, as the buyer's and the seller's order tabs both show them: a status
 * filter (back to the first page on change), paging, and the columns both sides read. Each side
 * adds its own columns (the buyer the shop, the seller the fee) and its actions.
 */
export function OrderList(props: {
  side: 'buyer' | 'seller';
  filterTestId: string;
  afterOrderId?: ColumnsType<ProductOrder>;
  afterAmount?: ColumnsType<ProductOrder>;
  actions: (order: ProductOrder) => ReactNode;
}) {
  const { side, filterTestId, afterOrderId = [], afterAmount = [], actions } = props;
  const { t } = useTranslation();
  const { filters, page, setPage, filter } = useListFilters<{ status?: ProductOrder['status'] }>();
  const orders = useProductOrders({ side, ...filters, page, size: SIZE });
  const columns: ColumnsType<ProductOrder> = [
    { title: t('product.fields.orderId'), dataIndex: 'orderId' },
    ...afterOrderId,
    { title: t('product.fields.name'), render: (_, r) => <OrderItems order={r} /> },
    { title: t('product.fields.amount'), render: (_, r) => <span data-testid="order-amount">{money(r.amount)}</span> },
    ...afterAmount,
    { title: t('product.fields.consignee'), render: (_, r) => <ConsigneeText consignee={r.consignee} /> },
    { title: t('product.fields.status'), render: (_, r) => <OrderStatusCell order={r} /> },
    { title: t('product.fields.trackingNo'), render: (_, r) => <span data-testid="order-tracking">{r.trackingNo || '—'}</span> },
    timeColumn(t('product.fields.createdAt'), (r) => r.createdAt),
    { title: t('product.fields.actions'), render: (_, r) => actions(r) },
  ];

  return (
    <>
      <OrderStatusSelect value={filters.status} testId={filterTestId} onChange={(status) => filter({ status })} />
      <PagedTable<ProductOrder> section="product" query={orders} paging={{ page, setPage }} rowKey="orderId" rowData={(row) => ({ 'data-testid': `${side}-order-${row.orderId}`, 'data-status': row.status })} columns={columns} />
    </>
  );
}
