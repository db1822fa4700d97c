import { Card, Col, Menu, Row } from 'antd';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@tp/web-kit';
import { paths } from '../../paths';
import { useListingMenu } from '../listing/menus';
import { useProductMenu } from '../product/menus';

type MenuKey = 'contract' | 'warehousingApply' | 'qualityInspectionReport' | 'depositOrder' | 'warehouseOrder' | 'companyWarehouse' | 'holdProduct' | 'pickGoods' | 'pickGoodsList' | 'pickupGoods' | 'selfBill' | 'logisticsBill' | 'spotResource' | 'spotOrder';

/** Each area's warehouse pages and the right they need; the server checks the same right on every call. */
const AREAS: Record<'sellerCenter' | 'buyerCenter' | 'matching', { key: MenuKey; path: string; right: string; label?: string }[]> = {
  sellerCenter: [
    { key: 'warehousingApply', path: paths.warehousingApply, right: 'warehouse.apply' },
    { key: 'spotResource', path: paths.spotResource, right: 'trade.list' },
    { key: 'qualityInspectionReport', path: paths.sellerInspectionReport, right: 'warehouse.inspection' },
    { key: 'depositOrder', path: paths.depositOrder, right: 'warehouse.apply' },
    { key: 'warehouseOrder', path: paths.warehouseOrder, right: 'warehouse.apply' },
    { key: 'companyWarehouse', path: paths.companyWarehouse, right: 'warehouse.apply' },
    { key: 'contract', path: paths.sellerContract, right: 'contract.view', label: 'contract.menu.sellerContracts' },
    { key: 'selfBill', path: paths.sellerSelfBill, right: 'warehouse.pickup' },
    { key: 'logisticsBill', path: paths.sellerLogisticsBill, right: 'warehouse.pickup' },
  ],
  buyerCenter: [
    { key: 'pickupGoods', path: paths.pickupGoods, right: 'warehouse.pickup' },
    { key: 'spotOrder', path: paths.buyerSpotOrder, right: 'trade.pick' },
    { key: 'contract', path: paths.buyerContract, right: 'contract.view', label: 'contract.menu.buyerContracts' },
    { key: 'selfBill', path: paths.buyerSelfBill, right: 'warehouse.pickup' },
    { key: 'logisticsBill', path: paths.buyerLogisticsBill, right: 'warehouse.pickup' },
  ],
  matching: [
    { key: 'holdProduct', path: paths.holdProduct, right: 'warehouse.pickup' },
  ],
};

function CenterLayout({ area }: { area: keyof typeof AREAS }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { hasRight } = useSession();
  const listingMenu = useListingMenu(area);
  const productMenu = useProductMenu(area);
  const items = AREAS[area]
    .filter((entry) => hasRight(entry.right))
    .map((entry) => ({
      key: entry.path,
      label: (
        <Link to={entry.path} data-testid={`warehouse-menu-${entry.key}`}>
          {entry.label ? t(entry.label as 'contract.menu.buyerContracts') : t(`warehouse.menu.${entry.key as 'spotOrder'}`)}
        </Link>
      ),
    }));
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={6}>
        <Card title={t(`warehouse.${area}`)} styles={{ body: { padding: 8 } }}>
          <Menu mode="inline" selectedKeys={[pathname]} items={[...items, ...listingMenu, ...productMenu]} style={{ borderInlineEnd: 'none' }} />
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Outlet />
      </Col>
    </Row>
  );
}

export const SellerCenterLayout = () => <CenterLayout area="sellerCenter" />;
export const BuyerCenterLayout = () => <CenterLayout area="buyerCenter" />;
export const MatchingLayout = () => <CenterLayout area="matching" />;
