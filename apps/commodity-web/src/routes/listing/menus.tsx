import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { useSectionMenu } from '../components/menuLinks';

type MenuKey =
  | 'qiugou' | 'order' | 'dealOrder' | 'buyAgreeList' | 'pickGoods' | 'pickGoodsList'
  | 'spotBuy' | 'buyInfo' | 'spotBuyOrder' | 'preSellOrder'
  | 'baojia' | 'sellerOrder' | 'sellerDealOrder' | 'addResourceOrder' | 'sellAgreeList' | 'sellOrderList' | 'preSellResource' | 'sellInfoResource' | 'spotResourceOrder' | 'preSellResourceOrder';

/** Each area's trading pages; the rights each needs are in layout/pageRights.ts, the same the route map's gate checks. */
const AREAS: Record<'sellerCenter' | 'buyerCenter' | 'matching', { key: MenuKey; path: string }[]> = {
  matching: [
    { key: 'qiugou', path: paths.matchingQiugou },
    { key: 'order', path: paths.matchingOrder },
    { key: 'dealOrder', path: paths.matchingDealOrder },
    { key: 'buyAgreeList', path: paths.buyAgreeList },
    { key: 'pickGoods', path: paths.pickGoods },
    { key: 'pickGoodsList', path: paths.pickGoodsList },
  ],
  buyerCenter: [
    { key: 'spotBuy', path: paths.buyerSpotBuy },
    { key: 'buyInfo', path: paths.buyerBuyInfo },
    { key: 'spotBuyOrder', path: paths.buyerSpotBuyOrder },
    { key: 'preSellOrder', path: paths.buyerPreSellOrder },
  ],
  sellerCenter: [
    { key: 'addResourceOrder', path: paths.addResourceOrder },
    { key: 'sellInfoResource', path: paths.sellInfoResource },
    { key: 'preSellResource', path: paths.preSellResource },
    { key: 'sellerOrder', path: paths.sellerOrder },
    { key: 'baojia', path: paths.sellerBaojia },
    { key: 'sellAgreeList', path: paths.sellAgreeList },
    { key: 'spotResourceOrder', path: paths.spotResourceOrder },
    { key: 'preSellResourceOrder', path: paths.preSellResourceOrder },
    { key: 'sellOrderList', path: paths.sellOrderList },
    { key: 'sellerDealOrder', path: paths.sellerDealOrder },
  ],
};

/** The area's trading pages as one menu group, showing only what the viewer's rights open. */
export function useListingMenu(area: keyof typeof AREAS) {
  const { t } = useTranslation();
  return useSectionMenu('listing', area, t('listing.menu.trading'), AREAS[area], (entry) => t(`listing.menu.${entry.key}`));
}
