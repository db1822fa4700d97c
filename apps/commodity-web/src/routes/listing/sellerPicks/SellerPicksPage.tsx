import { PickTable } from '../components/PickTable';
import { ListingMenuCard } from '../shared';

/** Picks where the firm sells, under the menu entry the address belongs to. */
function SellerPicksPage({ menu }: { menu: 'spotResourceOrder' | 'sellOrderList' }) {
  return (
    <ListingMenuCard menu={menu}>
      <PickTable side="seller" />
    </ListingMenuCard>
  );
}

/** `/sellerCenter/resource/spotResourceOrder`. */
export const SpotResourceOrderPage = () => <SellerPicksPage menu="spotResourceOrder" />;
/** `/sellerCenter/sellOrderList`. */
export const SellOrderListPage = () => <SellerPicksPage menu="sellOrderList" />;
