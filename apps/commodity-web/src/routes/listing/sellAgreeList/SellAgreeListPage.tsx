import { BargainTable } from '../components/BargainTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/sellAgreeList`: every offer received, whatever became of it. */
export const SellAgreeListPage = () => (
  <ListingMenuCard menu="sellAgreeList">
    <BargainTable role="owner" />
  </ListingMenuCard>
);
