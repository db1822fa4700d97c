import { PickTable } from '../components/PickTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/dealOrder`: confirmed picks where the firm sells. */
export const SellerDealOrderPage = () => (
  <ListingMenuCard menu="sellerDealOrder">
    <PickTable side="seller" fixed={{ status: 'T' }} />
  </ListingMenuCard>
);
