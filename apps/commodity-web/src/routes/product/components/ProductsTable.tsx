import { useState } from 'react';
import { Button, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryStates, useApp } from '@tp/web-kit';
import { type Product } from '@tp/contract';
import { useCommodityTypes } from '../../../api/warehouse';
import { useMyProducts, useProductAction } from '../../../api/product';
import { paths } from '../../../paths';
import { ProductImage, SIZE, StatusTag, money, pagination } from '../shared';

/** The firm's products in the given states, with the actions each state allows. */
export function ProductsTable({ statuses, fixed }: { statuses: readonly Product['status'][]; fixed: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const navigate = useNavigate();
  const types = useCommodityTypes();
  const [page, setPage] = useState(0);
  const [status, setStatus] = useState<Product['status']>();
  const [commodityTypeId, setCommodityTypeId] = useState<string>();
  const [keyword, setKeyword] = useState<string>();
  const query = { status, statuses: fixed && !status ? [...statuses] : undefined, commodityTypeId, keyword, page, size: SIZE };
  const products = useMyProducts(query);
  const submit = useProductAction('submit');
  const offShelf = useProductAction('offShelf');
  const ask = (action: 'submit' | 'offShelf', product: Product) =>
    modal.confirm({
      title: t(`product.confirm.${action}`, { name: product.name }),
      okButtonProps: { 'data-testid': `product-${action}-ok` },
      onOk: () => (action === 'submit' ? submit : offShelf).mutateAsync(product.productId).then(() => void message.success(t('product.messages.done'))),
    });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('product.filters.allStatuses')}
          style={{ width: 150 }}
          value={status}
          data-testid="mine-filter-status"
          onChange={(v: Product['status'] | undefined) => {
            setStatus(v);
            setPage(0);
          }}
          options={statuses.map((s) => ({ value: s, label: t(`product.status.${s}`) }))}
        />
        <Select
          allowClear
          placeholder={t('product.filters.allCommodities')}
          style={{ width: 150 }}
          value={commodityTypeId}
          onChange={(v: string | undefined) => {
            setCommodityTypeId(v);
            setPage(0);
          }}
          options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('product.filters.keywordHint')}
          style={{ width: 240 }}
          maxLength={40}
          data-testid="mine-filter-keyword"
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage(0);
          }}
        />
      </Space>
      <QueryStates keys="product" skeletonRows={4} query={products} empty={products.data?.total === 0}>
        <Table<Product>
          rowKey="productId"
          size="small"
          scroll={{ x: true }}
          dataSource={products.data?.content ?? []}
          pagination={pagination(page, SIZE, products.data?.total ?? 0, setPage)}
          onRow={(row) => ({ 'data-testid': `my-product-${row.productId}`, 'data-status': row.status }) as object}
          columns={[
            { title: t('product.fields.productId'), dataIndex: 'productId' },
            { title: t('product.fields.images'), render: (_, r) => <ProductImage thumbUrl={r.images[0]?.thumbUrl} url={r.images[0]?.url} alt={r.name} width={56} /> },
            {
              title: t('product.fields.name'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  {r.status === 'T' ? <Link to={paths.productionDetails(r.productId)}>{r.name}</Link> : r.name}
                  <Typography.Text type="secondary">{`${r.commodityName} · ${r.specification}`}</Typography.Text>
                </Space>
              ),
            },
            { title: t('product.fields.price'), render: (_, r) => t('product.perUnit', { price: money(r.price), unit: r.unit }) },
            { title: t('product.fields.stock'), render: (_, r) => <span data-testid="my-product-stock">{r.stock}</span> },
            { title: t('product.fields.sold'), dataIndex: 'sold' },
            {
              title: t('product.fields.status'),
              render: (_, r) => (
                <Space direction="vertical" size={0}>
                  <StatusTag status={r.status} />
                  {r.reason && (
                    <Typography.Text type="danger" data-testid="product-reason">
                      {t('product.reasonLabel', { status: t(`product.status.${r.status}`), reason: r.reason })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: t('product.fields.updatedAt'), render: (_, r) => new Date(r.updatedAt).toLocaleString() },
            {
              title: t('product.fields.actions'),
              render: (_, r) => (
                <Space>
                  <Button size="small" onClick={() => void navigate(`${paths.addProduct}?id=${r.productId}`)} data-testid="product-edit">
                    {t('product.actions.edit')}
                  </Button>
                  {(r.status === 'D' || r.status === 'F' || r.status === 'O') && (
                    <Button size="small" type="primary" onClick={() => ask('submit', r)} data-testid="product-submit-audit">
                      {t('product.actions.submit')}
                    </Button>
                  )}
                  {r.status === 'T' && (
                    <Button size="small" danger onClick={() => ask('offShelf', r)} data-testid="product-off-shelf">
                      {t('product.actions.offShelf')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
    </>
  );
}
