import { useState } from 'react';
import { App, Button, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@tp/decimal';
import { ProductStatus, type AdminProduct, type AdminProductListRequest } from '@tp/contract';
import { useAdminProducts, useAuditProduct, useForceOffShelf, useProductCommodityTypes } from '../../api/product';
import { ReasonButton, ReviewTabs, StaffThumb, firmIdFilter, useFilteredPage } from '../../components/ReviewQueue';
import { QueryStates } from '@tp/web-kit';

const SIZE = 10;
const STATUS_COLOURS: Record<ProductStatus, string> = { D: 'default', W: 'processing', T: 'success', F: 'error', O: 'warning' };

function ProductsTable({ queue }: { queue: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const types = useProductCommodityTypes();
  const { page, setPage, filter } = useFilteredPage();
  const [status, setStatus] = useState<ProductStatus>();
  const [commodityTypeId, setCommodityTypeId] = useState<string>();
  const [keyword, setKeyword] = useState<string>();
  const [firmId, setFirmId] = useState<string>();
  const request: AdminProductListRequest = { status: queue ? 'W' : status, commodityTypeId, keyword, firmId, page, size: SIZE };
  const products = useAdminProducts(request);
  const audit = useAuditProduct();
  const offShelf = useForceOffShelf();
  const done = () => void message.success(t('product.done'));
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {!queue && (
          <Select
            allowClear
            placeholder={t('product.filters.allStatuses')}
            style={{ width: 150 }}
            value={status}
            onChange={filter(setStatus)}
            data-testid="admin-product-filter-status"
            options={ProductStatus.map((s) => ({ value: s, label: t(`product.status.${s}`) }))}
          />
        )}
        <Select
          allowClear
          placeholder={t('product.filters.allCommodities')}
          style={{ width: 150 }}
          value={commodityTypeId}
          onChange={filter(setCommodityTypeId)}
          options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('product.filters.keyword')}
          style={{ width: 260 }}
          maxLength={40}
          onSearch={(v) => filter(setKeyword)(v.trim() || undefined)}
          data-testid={`admin-product-keyword-${queue ? 'queue' : 'all'}`}
        />
        <Input.Search allowClear placeholder={t('product.filters.firmId')} style={{ width: 160 }} onSearch={(v) => filter(setFirmId)(firmIdFilter(v))} />
      </Space>
      <QueryStates keys="product" query={products} empty={products.data?.total === 0}>
        <Table<AdminProduct>
          rowKey="productId"
          size="small"
          scroll={{ x: true }}
          dataSource={products.data?.content ?? []}
          pagination={{ current: page + 1, pageSize: SIZE, total: products.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setPage(p - 1) }}
          onRow={(row) => ({ 'data-testid': `admin-product-${row.productId}`, 'data-status': row.status }) as object}
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
            {
              title: t('product.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOURS[r.status]} data-testid="admin-product-status">
                    {t(`product.status.${r.status}`)}
                  </Tag>
                  {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('product.fields.auditedBy'), dataIndex: 'auditedBy' },
            { title: t('product.fields.updatedAt'), render: (_, r) => new Date(r.updatedAt).toLocaleString() },
            {
              title: t('product.fields.actions'),
              render: (_, r) => (
                <Space>
                  {r.status === 'W' && (
                    <>
                      <Popconfirm title={t('product.confirm.approve')} onConfirm={() => audit.mutate({ productId: r.productId, pass: true }, { onSuccess: done })} okButtonProps={{ 'data-testid': 'product-approve-ok' }}>
                        <Button size="small" type="primary" data-testid="product-approve">
                          {t('product.actions.approve')}
                        </Button>
                      </Popconfirm>
                      <ReasonButton section="product" label={t('product.actions.reject')} testId="product-reject" onSubmit={(reason) => audit.mutateAsync({ productId: r.productId, pass: false, reason }).then(done)} />
                    </>
                  )}
                  {r.status === 'T' && <ReasonButton section="product" label={t('product.actions.offShelf')} testId="product-offshelf" onSubmit={(reason) => offShelf.mutateAsync({ productId: r.productId, reason }).then(done)} />}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
    </>
  );
}

/** Back office: the product audit queue (approve, or reject with a reason) and every product, where ones on sale can be forced off the shelf. */
export function ProductReviewPage() {
  return <ReviewTabs section="product" table={(queue) => <ProductsTable queue={queue} />} />;
}
