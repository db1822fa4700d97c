import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '@tp/web-kit';
import { ProductStatus } from '@tp/contract';
import { paths } from '../../../paths';
import { ProductCard } from '../shared';
import { NoSellerRight } from '../components/sellerForms';
import { ProductsTable } from '../components/ProductsTable';
import { SalesOrdersTab } from './SalesOrdersTab';

/** `/sellerCenter/myProduction`: the firm's products (every state) and, in a tab, the orders for them. */
export function MyProductionPage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'sales' ? 'sales' : 'products';
  if (!hasRight('seller.product'))
    return (
      <ProductCard title={t('product.menu.myProduction')}>
        <NoSellerRight />
      </ProductCard>
    );
  return (
    <ProductCard
      title={t('product.menu.myProduction')}
      extra={
        <Link to={paths.addProduct} data-testid="product-add-link">
          <Button type="primary">{t('product.actions.addProduct')}</Button>
        </Link>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'sales' ? { tab: 'sales' } : {}, { replace: true })}
        items={[
          { key: 'products', label: <span data-testid="tab-products">{t('product.tabs.products')}</span>, children: <ProductsTable statuses={ProductStatus} fixed={false} /> },
          { key: 'sales', label: <span data-testid="tab-sales">{t('product.tabs.sales')}</span>, children: <SalesOrdersTab /> },
        ]}
      />
    </ProductCard>
  );
}
