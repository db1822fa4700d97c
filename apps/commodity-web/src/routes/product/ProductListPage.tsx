import { useState } from 'react';
import { Button, Card, Col, Form, Input, Pagination, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, loginPathFor, useSession } from '@tp/web-kit';
import { PRODUCT_PRICE_PATTERN, ProductSort, type Product, type ProductListRequest } from '@tp/contract';
import { useProducts } from '../../api/product';
import { CommodityTypeSelect, FilterButtons } from '../../layout/filters';
import { paths } from '../../paths';
import { ProductCard, ProductImage, SIZE, money } from './shared';

interface Filters {
  commodityTypeId?: string;
  keyword?: string;
  minPrice?: string;
  maxPrice?: string;
}

/** One product as a tile: picture, name, price, shop; the name opens the detail page. */
export function ProductTile({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <Card size="small" hoverable data-testid={`product-tile-${product.productId}`} cover={<ProductImage thumbUrl={product.images[0]?.thumbUrl} url={product.images[0]?.url} alt={product.name} width={220} />}>
      <Link to={paths.productionDetails(product.productId)} data-testid="product-tile-name">
        <Typography.Text strong ellipsis>
          {product.name}
        </Typography.Text>
      </Link>
      <div>
        <Typography.Text type="secondary">{`${product.commodityName} · ${product.specification}`}</Typography.Text>
      </div>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="danger" strong data-testid="product-tile-price">
          {t('product.perUnit', { price: money(product.price), unit: product.unit })}
        </Typography.Text>
        <Typography.Text type="secondary">{`${t('product.fields.sold')} ${product.sold}`}</Typography.Text>
      </Space>
      <div>
        <Link to={paths.shopCenterOf(product.firmId)}>{product.shopName}</Link>
      </div>
    </Card>
  );
}

/** One page of product tiles with the pager under them. */
export function ProductGrid({ products, page, onPage }: { products: { content: Product[]; total: number } | undefined; page: number; onPage: (page: number) => void }) {
  return (
    <>
      <Row gutter={[16, 16]}>
        {(products?.content ?? []).map((p) => (
          <Col key={p.productId} xs={24} sm={12} md={8} lg={6}>
            <ProductTile product={p} />
          </Col>
        ))}
      </Row>
      <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={page + 1} pageSize={SIZE} total={products?.total ?? 0} showSizeChanger={false} onChange={(n) => onPage(n - 1)} />
    </>
  );
}

/** `/productionSell/productionSell`: products on sale of every shop, with filters and sort; readable without logging in. */
export function ProductListPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<(typeof ProductSort)[number]>('new');
  const [page, setPage] = useState(0);
  const query: ProductListRequest = { ...filters, sort, page, size: SIZE };
  const products = useProducts(query);
  const apply = (values: Filters) => {
    setFilters({
      commodityTypeId: values.commodityTypeId,
      keyword: values.keyword?.trim() || undefined,
      minPrice: values.minPrice?.trim() || undefined,
      maxPrice: values.maxPrice?.trim() || undefined,
    });
    setPage(0);
  };
  const priceRule = (field: 'minPrice' | 'maxPrice') => ({
    validator: (_: unknown, v: string | undefined) =>
      !v || (PRODUCT_PRICE_PATTERN.test(v.trim()) && /[1-9]/.test(v)) ? Promise.resolve() : Promise.reject(new Error(t('product.rules.price', { field: t(`product.fields.${field}`) }))),
  });
  return (
    <ProductCard
      title={t('product.title')}
      extra={
        <Link to={isLoggedIn ? paths.productionCart : loginPathFor(paths.productionCart, paths.login)} data-testid="product-cart-link">
          <Button type="primary">{t('product.actions.goCart')}</Button>
        </Link>
      }
    >
      <Form form={form} layout="inline" onFinish={apply} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="commodityTypeId">
          <CommodityTypeSelect placeholder={t('product.filters.allCommodities')} />
        </Form.Item>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('product.filters.keywordHint')} style={{ width: 220 }} maxLength={40} data-testid="filter-keyword" />
        </Form.Item>
        <Form.Item name="minPrice" rules={[priceRule('minPrice')]}>
          <Input allowClear placeholder={t('product.fields.minPrice')} style={{ width: 110 }} data-testid="filter-minPrice" />
        </Form.Item>
        <Form.Item name="maxPrice" rules={[priceRule('maxPrice')]}>
          <Input allowClear placeholder={t('product.fields.maxPrice')} style={{ width: 110 }} data-testid="filter-maxPrice" />
        </Form.Item>
        <FilterButtons
          searchLabel={t('product.filters.search')}
          resetLabel={t('product.filters.reset')}
          onReset={() => {
            form.resetFields();
            apply({});
          }}
        >
          <Select
            value={sort}
            style={{ width: 160 }}
            data-testid="filter-sort"
            onChange={(v) => {
              setSort(v);
              setPage(0);
            }}
            options={ProductSort.map((s) => ({ value: s, label: t(`product.sort.${s}`) }))}
          />
        </FilterButtons>
      </Form>
      <QueryStates keys="product" skeletonRows={4} query={products} empty={products.data?.total === 0}>
        <ProductGrid products={products.data} page={page} onPage={setPage} />
      </QueryStates>
    </ProductCard>
  );
}
