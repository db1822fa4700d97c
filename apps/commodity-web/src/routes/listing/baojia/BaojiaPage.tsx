import { BargainTable } from '../components/BargainTable';
import { ListingMenuCard } from '../shared';

/** `/sellerCenter/baojia`: offers on the firm's listings waiting for an answer. */
export const BaojiaPage = () => (
  <ListingMenuCard menu="baojia">
    <BargainTable role="owner" pending />
  </ListingMenuCard>
);
