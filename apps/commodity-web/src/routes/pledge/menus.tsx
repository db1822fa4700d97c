import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { useFunder } from '../../api/pledge';
import { paths } from '../../paths';
import { useSectionMenu } from '../components/menuLinks';

const SELLER = [
  { key: 'myFinancing', path: paths.myFinancing },
  { key: 'myPledge', path: paths.myPledge },
] as const;

/** The seller center's financing pages, and the funder portal's link for a firm that lends. */
export function usePledgeMenu(area: string) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const seller = area === 'sellerCenter';
  const funder = useFunder(seller && hasRight('pledge.apply'));
  const portal =
    seller && funder.data
      ? [{ key: paths.financial, label: <Link to={paths.financialOrder} data-testid="pledge-menu-financial">{t('pledge.financial.title')}</Link> }]
      : [];
  return useSectionMenu('pledge', area, t('pledge.menu.group'), seller ? SELLER : [], (entry) => t(`pledge.menu.${entry.key}`), portal);
}
