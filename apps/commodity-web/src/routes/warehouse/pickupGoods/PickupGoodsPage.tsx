import { HoldingsCard } from '../components/HoldingsCard';

/** `/buyerCenter/logistics/pickupGoods`: held goods to request a pickup of. */
export const PickupGoodsPage = () => <HoldingsCard titleKey="pickupGoods" />;
