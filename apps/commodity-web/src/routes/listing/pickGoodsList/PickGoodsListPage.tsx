import { PickTable } from '../components/PickTable';
import { ListingMenuCard } from '../shared';

/** `/matching/pickGoodsList`: every pick the firm made as a buyer. */
export const PickGoodsListPage = () => (
  <ListingMenuCard menu="pickGoodsList">
    <PickTable side="buyer" />
  </ListingMenuCard>
);
