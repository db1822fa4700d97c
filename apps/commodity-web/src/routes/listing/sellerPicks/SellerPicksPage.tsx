import { PicksPage } from '../components/PickTable';

/** `/sellerCenter/resource/spotResourceOrder`: picks where the firm sells. */
export const SpotResourceOrderPage = () => <PicksPage side="seller" menu="spotResourceOrder" />;
/** `/sellerCenter/sellOrderList`: the same picks, under the sales menu. */
export const SellOrderListPage = () => <PicksPage side="seller" menu="sellOrderList" />;
