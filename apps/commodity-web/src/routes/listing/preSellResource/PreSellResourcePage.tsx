import { ListingTable } from '../components/ListingTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/resource/preSellResource`: presale listings (source C), with their audit state. */
export const PreSellResourcePage = () => (
  <ListingMenuCard menu="preSellResource">
    <ListingTable fixed={{ source: 'C' }} />
  </ListingMenuCard>
);
