import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { ProductCard } from '../shared';
import { NoSellerRight } from '../components/sellerForms';
import { ProductsTable } from '../components/ProductsTable';

/** `/sellerCenter/productionAudit`: the firm's products awaiting audit or rejected, with the reasons. */
export function ProductionAuditPage() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  return (
    <ProductCard title={t('product.menu.productionAudit')}>{hasRight('seller.product') ? <ProductsTable statuses={['W', 'F']} fixed /> : <NoSellerRight />}</ProductCard>
  );
}
