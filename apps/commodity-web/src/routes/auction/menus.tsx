import { useTranslation } from 'react-i18next';
import { paths } from '../../paths';
import { useSectionMenu } from '../components/menuLinks';

type MenuKey =
  | 'biddingBuy' | 'biddingBuyOrder' | 'biddingOrder' | 'registeredBidding' | 'winningBidding'
  | 'biddingResource' | 'biddingResourceOrder' | 'salesBiddingOrder' | 'salesRegisteredBidding' | 'salesWinningBidding';

/** Each center's auction pages; the rights each needs are in layout/pageRights.ts, the same the route map's gate checks. */
const AREAS: Record<'sellerCenter' | 'buyerCenter' | 'matching', { key: MenuKey; path: string }[]> = {
  buyerCenter: [
    { key: 'biddingBuy', path: paths.buyerBiddingBuy },
    { key: 'registeredBidding', path: paths.buyerRegisteredBidding },
    { key: 'winningBidding', path: paths.buyerWinningBidding },
    { key: 'biddingOrder', path: paths.buyerBiddingOrder },
    { key: 'biddingBuyOrder', path: paths.buyerBiddingBuyOrder },
  ],
  sellerCenter: [
    { key: 'biddingResource', path: paths.sellerBiddingResource },
    { key: 'salesRegisteredBidding', path: paths.sellerRegisteredBidding },
    { key: 'salesWinningBidding', path: paths.sellerWinningBidding },
    { key: 'salesBiddingOrder', path: paths.sellerBiddingOrder },
    { key: 'biddingResourceOrder', path: paths.sellerBiddingResourceOrder },
  ],
  matching: [],
};

/** The area's auction pages as one menu group, showing only what the viewer's rights open. */
export function useAuctionMenu(area: keyof typeof AREAS) {
  const { t } = useTranslation();
  return useSectionMenu('auction', area, t('auction.menu.group'), AREAS[area], (entry) => t(`auction.menu.${entry.key}`));
}
