import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApp } from '@tp/web-kit';
import { type Product } from '@tp/contract';
import { useCommodityTypes } from '../../../api/warehouse';
import { useMyProducts, useProductAction } from '../../../api/product';
import { paths } from '../../../paths';
import { ProductImage, SIZE, StatusTag, money } from '../shared';
import { PagedTable } from '../../components/PagedTable';
import { FilterSelect, KeywordFilter } from '../../components/ListFilters';
import { useListFilters } from '../../components/useListFilters';
import { timeColumn } from '../../components/columns';
import { TwoLineCell } from '../../components/cells';

/** The firm's products in the given states, with the actions each state allows. */
export function ProductsTable({ statuses, fixed }: { statuses: readonly Product['status'][]; fixed: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const navigate = useNavigate();
  const types = useCommodityTypes();
  const { filters, page, setPage, filter } = useListFilters<{ status?: Product['status']; commodityTypeId?: string; keyword?: string }>();
  const { status } = filters;
  const query = { ...filters, statuses: fixed && !status ? [...statuses] : undefined, page, size: SIZE };
  const products = useMyProducts(query);
  const submit = useProductAction('submit');
  const offShelf = useProductAction('offShelf');
  const ask = (action: 'submit' | 'offShelf', product: Product) =>
    modal.confirm({
      title: t(`product.confirm.${action}`, { name: product.name }),
      okButtonProps: { 'data-testid': `product-${action}-ok` },
      onOk: () => (action === 'submit' ? submit : offShelf).mutateAsync(product.productId).then(() => void message.success(t('product.messages.done'))),
    });
  const columns: ColumnsType<Product> = [
    { title: t('product.fields.productId'), dataIndex: 'productId' },
    { title: t('product.fields.images'), render: (_, r) => <ProductImage thumbUrl={r.images[0]?.thumbUrl} url={r.images[0]?.url} alt={r.name} width={56} /> },
    {
      title: t('product.fields.name'),
      render: (_, r) => (
        <TwoLineCell note={`${r.commodityName} · ${r.specification}`}>{r.status === 'T' ? <Link to={paths.productionDetails(r.productId)}>{r.name}</Link> : r.name}</TwoLineCell>
      ),
    },
    { title: t('product.fields.price'), render: (_, r) => t('product.perUnit', { price: money(r.price), unit: r.unit }) },
    { title: t('product.fields.stock'), render: (_, r) => <span data-testid="my-product-stock">{r.stock}</span> },
    { title: t('product.fields.sold'), dataIndex: 'sold' },
    {
      title: t('product.fields.status'),
      render: (_, r) => (
        <TwoLineCell danger noteTestId="product-reason" note={r.reason && t('product.reasonLabel', { status: t(`product.status.${r.status}`), reason: r.reason })}>
          <StatusTag status={r.status} />
        </TwoLineCell>
      ),
    },
    timeColumn(t('product.fields.updatedAt'), (r) => r.updatedAt),
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
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <FilterSelect placeholder={t('product.filters.allStatuses')} width={150} value={status} testId="mine-filter-status" onChange={(v) => filter({ status: v })} options={statuses.map((s) => ({ value: s, label: t(`product.status.${s}`) }))} />
        <FilterSelect placeholder={t('product.filters.allCommodities')} width={150} value={filters.commodityTypeId} onChange={(v) => filter({ commodityTypeId: v })} options={(types.data ?? []).map((c) => ({ value: c.commodityTypeId, label: c.name }))} />
        <KeywordFilter placeholder={t('product.filters.keywordHint')} width={240} testId="mine-filter-keyword" onSearch={(keyword) => filter({ keyword })} />
      </Space>
      <PagedTable<Product> section="product" query={products} paging={{ page, setPage }} rowKey="productId" rowData={(row) => ({ 'data-testid': `my-product-${row.productId}`, 'data-status': row.status })} columns={columns} />
    </>
  );
}
