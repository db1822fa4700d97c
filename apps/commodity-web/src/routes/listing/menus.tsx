import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';

type MenuKey =
  | 'qiugou' | 'order' | 'dealOrder' | 'buyAgreeList' | 'pickGoods' | 'pickGoodsList'
  | 'spotBuy' | 'buyInfo' | 'spotBuyOrder' | 'preSellOrder'
  | 'baojia' | 'sellerOrder' | 'sellerDealOrder' | 'addResourceOrder' | 'sellAgreeList' | 'sellOrderList' | 'preSellResource' | 'sellInfoResource' | 'spotResourceOrder' | 'preSellResourceOrder';

/** Each area's trading pages and the right they need; the server checks the same right on every call. */
const AREAS: Record<'sellerCenter' | 'buyerCenter' | 'matching', { key: MenuKey; path: string; right: string }[]> = {
  matching: [
    { key: 'qiugou', path: paths.matchingQiugou, right: 'trade.purchase' },
    { key: 'order', path: paths.matchingOrder, right: 'trade.list' },
    { key: 'dealOrder', path: paths.matchingDealOrder, right: 'buyer.view' },
    { key: 'buyAgreeList', path: paths.buyAgreeList, right: 'trade.bargain' },
    { key: 'pickGoods', path: paths.pickGoods, right: 'buyer.view' },
    { key: 'pickGoodsList', path: paths.pickGoodsList, right: 'trade.pick' },
  ],
  buyerCenter: [
    { key: 'spotBuy', path: paths.buyerSpotBuy, right: 'trade.pick' },
    { key: 'buyInfo', path: paths.buyerBuyInfo, right: 'trade.purchase' },
    { key: 'spotBuyOrder', path: paths.buyerSpotBuyOrder, right: 'trade.pick' },
    { key: 'preSellOrder', path: paths.buyerPreSellOrder, right: 'trade.pick' },
  ],
  sellerCenter: [
    { key: 'addResourceOrder', path: paths.addResourceOrder, right: 'trade.list' },
    { key: 'sellInfoResource', path: paths.sellInfoResource, right: 'trade.list' },
    { key: 'preSellResource', path: paths.preSellResource, right: 'trade.list' },
    { key: 'sellerOrder', path: paths.sellerOrder, right: 'trade.list' },
    { key: 'baojia', path: paths.sellerBaojia, right: 'trade.list' },
    { key: 'sellAgreeList', path: paths.sellAgreeList, right: 'trade.list' },
    { key: 'spotResourceOrder', path: paths.spotResourceOrder, right: 'trade.list' },
    { key: 'preSellResourceOrder', path: paths.preSellResourceOrder, right: 'trade.list' },
    { key: 'sellOrderList', path: paths.sellOrderList, right: 'seller.view' },
    { key: 'sellerDealOrder', path: paths.sellerDealOrder, right: 'seller.view' },
  ],
};

/** The area's trading pages as one menu group, showing only what the viewer's rights open. */
export function useListingMenu(area: keyof typeof AREAS) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const children = AREAS[area]
    .filter((entry) => hasRight(entry.right))
    .map((entry) => ({
      key: entry.path,
      label: (
        <Link to={entry.path} data-testid={`listing-menu-${entry.key}`}>
          {t(`listing.menu.${entry.key}`)}
        </Link>
      ),
    }));
  return children.length === 0 ? [] : [{ type: 'group' as const, key: `listing-${area}`, label: t('listing.menu.trading'), children }];
}
