import { MarketBoard } from '../components/MarketBoard';
import { ListingMenuCard } from '../shared';

/** `/buyerCenter/buy/spotBuy`: the spot market, to pick from inside the buyer center. */
export const SpotBuyPage = () => (
  <ListingMenuCard menu="spotBuy">
    <MarketBoard kind="sell" />
  </ListingMenuCard>
);
