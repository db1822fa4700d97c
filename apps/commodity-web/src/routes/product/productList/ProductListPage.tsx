import { useState } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, loginPathFor, useSession } from '@tp/web-kit';
import { PRODUCT_PRICE_PATTERN, ProductSort, type ProductListRequest } from '@tp/contract';
import { useProducts } from '../../../api/product';
import { CommodityTypeSelect, FilterButtons } from '../../../layout/filters';
import { paths } from '../../../paths';
import { ProductCard, SIZE } from '../shared';
import { ProductGrid } from '../components/ProductGrid';
import { useListFilters } from '../../components/useListFilters';

interface Filters {
  commodityTypeId?: string;
  keyword?: string;
  minPrice?: string;
  maxPrice?: string;
}

/** `/productionSell/productionSell`: products on sale of every shop, with filters and sort; readable without logging in. */
export function ProductListPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [form] = Form.useForm<Filters>();
  const [sort, setSort] = useState<(typeof ProductSort)[number]>('new');
  const { filters, page, setPage, replace } = useListFilters<Filters>();
  const query: ProductListRequest = { ...filters, sort, page, size: SIZE };
  const products = useProducts(query);
  const apply = (values: Filters) => {
    replace({
      commodityTypeId: values.commodityTypeId,
      keyword: values.keyword?.trim() || undefined,
      minPrice: values.minPrice?.trim() || undefined,
      maxPrice: values.maxPrice?.trim() || undefined,
    });
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
