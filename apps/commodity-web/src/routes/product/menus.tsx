import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';

type MenuKey = 'addProduct' | 'myProduction' | 'productionAudit' | 'shopManage';

/** The seller center's product pages and the right they need; the server checks the same right on every call. */
const ENTRIES: { key: MenuKey; path: string; right: string }[] = [
  { key: 'shopManage', path: paths.shopManage, right: 'seller.shop' },
  { key: 'addProduct', path: paths.addProduct, right: 'seller.product' },
  { key: 'myProduction', path: paths.myProduction, right: 'seller.product' },
  { key: 'productionAudit', path: paths.productionAudit, right: 'seller.product' },
];

/** The product shop pages as one menu group of the seller center, showing only what the viewer's rights open. */
export function useProductMenu(area: string) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  if (area !== 'sellerCenter') return [];
  const children = ENTRIES.filter((entry) => hasRight(entry.right)).map((entry) => ({
    key: entry.path,
    label: (
      <Link to={entry.path} data-testid={`product-menu-${entry.key}`}>
        {t(`product.menu.${entry.key}`)}
      </Link>
    ),
  }));
  return children.length === 0 ? [] : [{ type: 'group' as const, key: 'product-sellerCenter', label: t('product.menu.group'), children }];
}
