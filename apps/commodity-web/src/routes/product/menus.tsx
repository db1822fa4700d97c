import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { mayOpenPage } from '../../layout/pageRights';
import { paths } from '../../paths';

type MenuKey = 'addProduct' | 'myProduction' | 'productionAudit' | 'shopManage';

/** The seller center's product pages; the rights each needs are in layout/pageRights.ts, the same the route map's gate checks. */
const ENTRIES: { key: MenuKey; path: string }[] = [
  { key: 'shopManage', path: paths.shopManage },
  { key: 'addProduct', path: paths.addProduct },
  { key: 'myProduction', path: paths.myProduction },
  { key: 'productionAudit', path: paths.productionAudit },
];

/** The product shop pages as one menu group of the seller center, showing only what the viewer's rights open. */
export function useProductMenu(area: string) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  if (area !== 'sellerCenter') return [];
  const children = ENTRIES.filter((entry) => mayOpenPage(entry.path, hasRight)).map((entry) => ({
    key: entry.path,
    label: (
      <Link to={entry.path} data-testid={`product-menu-${entry.key}`}>
        {t(`product.menu.${entry.key}`)}
      </Link>
    ),
  }));
  return children.length === 0 ? [] : [{ type: 'group' as const, key: 'product-sellerCenter', label: t('product.menu.group'), children }];
}
