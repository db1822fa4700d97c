import { ListingTable } from '../components/ListingTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/resource/preSellResourceOrder`: the picks on each presale listing, where the goods are stocked in. */
export const PreSellResourceOrderPage = () => (
  <ListingMenuCard menu="preSellResourceOrder">
    <ListingTable fixed={{ source: 'C' }} withPicks />
  </ListingMenuCard>
);
