import { useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { ProductStatus, type AdminProduct, type AdminProductListRequest } from '@tp/contract';
import { useAdminProducts, useAuditProduct, useForceOffShelf, useProductCommodityTypes } from '../../api/product';
import { AuditFilterBar, ReviewTabs, StaffThumb, useAuditColumns, useAuditFilters } from '../../components/ReviewQueue';
import { QueryTable } from '../../components/QueryTable';

const STATUS_COLOURS: Record<ProductStatus, string> = { D: 'default', W: 'processing', T: 'success', F: 'error', O: 'warning' };

function ProductsTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const types = useProductCommodityTypes();
  const filters = useAuditFilters<ProductStatus>(queue, 'W');
  const [commodityTypeId, setCommodityTypeId] = useState<string>();
  const request: AdminProductListRequest = { ...filters.request, commodityTypeId };
  const products = useAdminProducts(request);
  const audit = useAuditProduct();
  const offShelf = useForceOffShelf();
  const auditColumns = useAuditColumns<AdminProduct>({
    section: 'product',
    colours: STATUS_COLOURS,
    statusTestId: 'admin-product-status',
    time: { field: 'updatedAt', of: (r) => r.updatedAt },
    actions: (r) => ({
      testIdPrefix: 'product',
      status: r.status,
      approve: () => audit.mutateAsync({ productId: r.productId, pass: true }),
      reject: (reason) => audit.mutateAsync({ productId: r.productId, pass: false, reason }),
      offShelf: (reason) => offShelf.mutateAsync({ productId: r.productId, reason }),
    }),
  });
  return (
    <>
      <AuditFilterBar section="product" queue={queue} filters={filters} statuses={ProductStatus} keywordWidth={260} testIds={{ status: 'admin-product-filter-status', keyword: 'admin-product-keyword' }}>
        <Select
          allowClear
          placeholder={t('product.filters.allCommodities')}
          style={{ width: 150 }}
          value={commodityTypeId}
          onChange={filters.filter(setCommodityTypeId)}
          options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
        />
      </AuditFilterBar>
      <QueryTable<AdminProduct>
        keys="product"
        query={products}
        page={filters.page}
        onPage={filters.setPage}
        rowKey="productId"
        rowData={(row) => ({ 'data-testid': `admin-product-${row.productId}`, 'data-status': row.status })}
        columns={[
          { title: t('product.fields.productId'), dataIndex: 'productId' },
          { title: t('product.fields.firmId'), dataIndex: 'firmId' },
          { title: t('product.fields.shop'), dataIndex: 'shopName' },
          { title: t('product.fields.name'), dataIndex: 'name' },
          {
            title: t('product.fields.images'),
            render: (_, r) => (
              <Space size={4}>
                {r.images.map((img) => (
                  <StaffThumb key={img.thumbUrl} thumbUrl={img.thumbUrl} url={img.url} alt={r.name} width={48} height={48} testId="admin-product-image" />
                ))}
              </Space>
            ),
          },
          { title: t('product.fields.commodity'), render: (_, r) => `${r.commodityName} · ${r.specification}` },
          { title: t('product.fields.price'), render: (_, r) => `${formatAmount(r.price, 2, { thousands: true })} / ${r.unit}` },
          { title: t('product.fields.stock'), dataIndex: 'stock' },
          { title: t('product.fields.sold'), dataIndex: 'sold' },
          { title: t('product.fields.description'), render: (_, r) => <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ maxWidth: 240, margin: 0 }}>{r.description}</Typography.Paragraph> },
          ...auditColumns,
        ]}
      />
    </>
  );
}

/** Back office: the product audit queue (approve, or reject with a reason) and every product, where ones on sale can be forced off the shelf. */
export function ProductReviewPage() {
  return <ReviewTabs section="product" table={(queue) => <ProductsTable queue={queue} />} />;
}
