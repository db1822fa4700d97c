import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { useSectionMenu } from '../components/menuLinks';

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
  return useSectionMenu('product', area, t('product.menu.group'), area === 'sellerCenter' ? ENTRIES : [], (entry) => t(`product.menu.${entry.key}`));
}
