import { ListingTable } from '../components/ListingTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/order` (and `/matching/order`): every listing the firm published. */
export const SellerOrderPage = () => (
  <ListingMenuCard menu="sellerOrder">
    <ListingTable />
  </ListingMenuCard>
);
