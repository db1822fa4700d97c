import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../../paths';

/** `/mall/user`: the buyer's and seller's own mall pages (addresses, orders, published goods). */
export function MallUserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = [
    { key: paths.mallOrderList, label: <Link to={paths.mallOrderList}>{t('mall.user.orderList')}</Link> },
    { key: paths.mallAddress, label: <Link to={paths.mallAddress}>{t('mall.user.address')}</Link> },
    { key: paths.mallGoods, label: <Link to={paths.mallGoods}>{t('mall.user.goods')}</Link> },
  ];
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <Menu mode="inline" selectedKeys={[pathname]} items={items} style={{ width: 200 }} data-testid="mall-user-menu" />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </div>
    </div>
  );
}
