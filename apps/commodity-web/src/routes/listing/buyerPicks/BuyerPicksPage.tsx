import { PicksPage } from '../components/PickTable';

/** `/buyerCenter/buy/spotBuyOrder`: picks where the firm buys, with payment, invoice and history. */
export const SpotBuyOrderPage = () => <PicksPage side="buyer" menu="spotBuyOrder" />;
/** `/buyerCenter/purchase/spotOrder`: the same picks, under the purchase menu. */
export const SpotOrderPage = () => <PicksPage side="buyer" menu="myPicks" />;
