import { BargainTable } from '../components/BargainTable';
import { ListingMenuCard } from '../shared';

/** `/matching/buyAgreeList`: the offers the firm made. */
export const BuyAgreeListPage = () => (
  <ListingMenuCard menu="buyAgreeList">
    <BargainTable role="offerer" />
  </ListingMenuCard>
);
