import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';
import { menuLinks } from '../components/menuLinks';
import { useListingMenu } from '../listing/menus';
import { useProductMenu } from '../product/menus';
import { useAuctionMenu } from '../auction/menus';
import { usePledgeMenu } from '../pledge/menus';
import { SideMenuLayout } from '../../layout/SideMenuLayout';

type MenuKey = 'contract' | 'warehousingApply' | 'qualityInspectionReport' | 'depositOrder' | 'warehouseOrder' | 'companyWarehouse' | 'holdProduct' | 'pickGoods' | 'pickGoodsList' | 'pickupGoods' | 'selfBill' | 'logisticsBill' | 'spotResource' | 'spotOrder';

/** Each area's warehouse pages; the rights each needs are in layout/pageRights.ts, the same the route map's gate checks. */
const AREAS: Record<'sellerCenter' | 'buyerCenter' | 'matching', { key: MenuKey; path: string; label?: string }[]> = {
  sellerCenter: [
    { key: 'warehousingApply', path: paths.warehousingApply },
    { key: 'spotResource', path: paths.spotResource },
    { key: 'qualityInspectionReport', path: paths.sellerInspectionReport },
    { key: 'depositOrder', path: paths.depositOrder },
    { key: 'warehouseOrder', path: paths.warehouseOrder },
    { key: 'companyWarehouse', path: paths.companyWarehouse },
    { key: 'contract', path: paths.sellerContract, label: 'contract.menu.sellerContracts' },
    { key: 'selfBill', path: paths.sellerSelfBill },
    { key: 'logisticsBill', path: paths.sellerLogisticsBill },
  ],
  buyerCenter: [
    { key: 'pickupGoods', path: paths.pickupGoods },
    { key: 'spotOrder', path: paths.buyerSpotOrder },
    { key: 'contract', path: paths.buyerContract, label: 'contract.menu.buyerContracts' },
    { key: 'selfBill', path: paths.buyerSelfBill },
    { key: 'logisticsBill', path: paths.buyerLogisticsBill },
  ],
  matching: [
    { key: 'holdProduct', path: paths.holdProduct },
  ],
};

function CenterLayout({ area }: { area: keyof typeof AREAS }) {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const listingMenu = useListingMenu(area);
  const productMenu = useProductMenu(area);
  const auctionMenu = useAuctionMenu(area);
  const pledgeMenu = usePledgeMenu(area);
  const items = menuLinks(AREAS[area], hasRight, 'warehouse-menu', (entry) => (entry.label ? t(entry.label as 'contract.menu.buyerContracts') : t(`warehouse.menu.${entry.key as 'spotOrder'}`)));
  return <SideMenuLayout title={t(`warehouse.${area}`)} items={[...items, ...listingMenu, ...auctionMenu, ...pledgeMenu, ...productMenu]} />;
}

export const SellerCenterLayout = () => <CenterLayout area="sellerCenter" />;
export const BuyerCenterLayout = () => <CenterLayout area="buyerCenter" />;
export const MatchingLayout = () => <CenterLayout area="matching" />;
