import { PickTable } from '../components/PickTable';
import { ListingMenuCard } from '../shared';

/** `/buyerCenter/purchase/preSellOrder`: the firm's picks of presale listings, whose goods the seller stocks in later. */
export const PreSellOrderPage = () => (
  <ListingMenuCard menu="preSellOrder">
    <PickTable side="buyer" fixed={{ source: 'C' }} />
  </ListingMenuCard>
);
