import { PickTable } from '../components/PickTable';
import { ListingMenuCard } from '../shared';

/** Picks where the firm buys, with payment, invoice and history, under the menu entry the address belongs to. */
function BuyerPicksPage({ menu }: { menu: 'spotBuyOrder' | 'myPicks' }) {
  return (
    <ListingMenuCard menu={menu}>
      <PickTable side="buyer" />
    </ListingMenuCard>
  );
}

/** `/buyerCenter/buy/spotBuyOrder`. */
export const SpotBuyOrderPage = () => <BuyerPicksPage menu="spotBuyOrder" />;
/** `/buyerCenter/purchase/spotOrder`. */
export const SpotOrderPage = () => <BuyerPicksPage menu="myPicks" />;
