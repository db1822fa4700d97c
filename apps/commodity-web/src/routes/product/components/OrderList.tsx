import { useState, type ReactNode } from 'react';
import { Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ProductOrder } from '@tp/contract';
import { useProductOrders } from '../../../api/product';
import { ConsigneeText, OrderStatusCell, OrderStatusSelect, SIZE, money, pagination } from '../shared';
import { QueryStates } from '@tp/web-kit';

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
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<ProductOrder['status']>();
  const orders = useProductOrders({ side, status, page, size: SIZE });
  return (
    <>
      <OrderStatusSelect
        value={status}
        testId={filterTestId}
        onChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
      />
      <QueryStates keys="product" skeletonRows={4} query={orders} empty={orders.data?.total === 0}>
        <Table<ProductOrder>
          rowKey="orderId"
          size="small"
          scroll={{ x: true }}
          dataSource={orders.data?.content ?? []}
          pagination={pagination(page, SIZE, orders.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `${side}-order-${row.orderId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('product.fields.orderId'), dataIndex: 'orderId' },
            ...afterOrderId,
            { title: t('product.fields.name'), render: (_, r) => <OrderItems order={r} /> },
            { title: t('product.fields.amount'), render: (_, r) => <span data-testid="order-amount">{money(r.amount)}</span> },
            ...afterAmount,
            { title: t('product.fields.consignee'), render: (_, r) => <ConsigneeText consignee={r.consignee} /> },
            { title: t('product.fields.status'), render: (_, r) => <OrderStatusCell order={r} /> },
            { title: t('product.fields.trackingNo'), render: (_, r) => <span data-testid="order-tracking">{r.trackingNo || '—'}</span> },
            { title: t('product.fields.createdAt'), render: (_, r) => new Date(r.createdAt).toLocaleString() },
            { title: t('product.fields.actions'), render: (_, r) => actions(r) },
          ]}
        />
      </QueryStates>
    </>
  );
}
