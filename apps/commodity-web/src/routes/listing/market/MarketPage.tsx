import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../paths';
import { useCommodityTypes } from '../../../api/warehouse';
import { MarketBoard } from '../components/MarketBoard';
import { commodityFromPath } from '../logic';
import { ListingCard } from '../shared';

/** Across resources and purchase requests at once. */
function SearchLink() {
  const { t } = useTranslation();
  return (
    <Link to={paths.search} data-testid="search-link">
      <Button>{t('listing.menu.search')}</Button>
    </Link>
  );
}

/** `/ResourceDocuments/ResourceDocuments/{commodity?}`: every firm's open sell listings, readable without logging in. */
export function MarketPage() {
  const { t } = useTranslation();
  const { commodity } = useParams();
  const types = useCommodityTypes();
  // The path's commodity preselects the filter once the catalogue is known.
  const waiting = Boolean(commodity) && types.isPending;
  const commodityTypeId = commodityFromPath(commodity, types.data ?? []);
  return (
    <ListingCard title={t('listing.menu.market')} extra={<SearchLink />}>
      {waiting ? <Skeleton active /> : <MarketBoard key={commodityTypeId ?? ''} kind="sell" initial={{ commodityTypeId }} />}
    </ListingCard>
  );
}

/** `/purchaseDocument/purchaseDocument`: open purchase requests (求购) that sellers may sell to. */
export function PurchasePage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.purchase')} extra={<SearchLink />}>
      <MarketBoard kind="purchase" />
    </ListingCard>
  );
}
