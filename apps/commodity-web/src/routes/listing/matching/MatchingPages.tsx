import { Button, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStates, useSession } from '@tp/web-kit';
import type { Holding } from '@tp/contract';
import { paths } from '../../../paths';
import { HoldProductPage as WarehouseHoldingsPage } from '../../warehouse/HoldingsPage';
import { BuyInfoPage } from '../center/BuyerPages';
import { BargainTable } from '../components/BargainTable';
import { useHeldHoldings } from '../components/HoldingSelect';
import { PickTable } from '../components/PickTable';
import { ListingCard } from '../shared';

export const QiugouPage = () => <BuyInfoPage title="qiugou" />;

/** `/matching/dealOrder`: confirmed picks on both sides. */
export function MatchingDealOrderPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.dealOrder')}>
      <Tabs
        items={(['buyer', 'seller'] as const).map((side) => ({
          key: side,
          label: <span data-testid={`deal-tab-${side}`}>{t(`listing.side.${side}`)}</span>,
          children: <PickTable side={side} fixed={{ status: 'T' }} />,
        }))}
      />
    </ListingCard>
  );
}

/** `/matching/pickGoods`: picks waiting for the firm: to confirm on its listings, to pay as the buyer, to invoice as the seller. */
export function PickGoodsPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.pickGoods')}>
      <Tabs
        items={[
          { key: 'sellerWaiting', label: `${t('listing.pickStatus.W')} · ${t('listing.side.seller')}`, children: <PickTable side="seller" fixed={{ status: 'W' }} /> },
          // On purchase requests the buyer owns the listing and confirms the seller's pick.
          { key: 'buyerWaiting', label: `${t('listing.pickStatus.W')} · ${t('listing.side.buyer')}`, children: <PickTable side="buyer" fixed={{ status: 'W' }} /> },
          { key: 'pay', label: t('listing.actions.payBalance'), children: <PickTable side="buyer" fixed={{ status: 'T', payStatus: 'F' }} /> },
          { key: 'invoice', label: t('listing.actions.uploadInvoice'), children: <PickTable side="seller" fixed={{ status: 'T', payStatus: 'L', invoiceStatus: 'W' }} /> },
          { key: 'confirmInvoice', label: t('listing.actions.confirmInvoice'), children: <PickTable side="buyer" fixed={{ status: 'T', invoiceStatus: 'O' }} /> },
        ]}
      />
    </ListingCard>
  );
}

/** `/matching/pickGoodsList`: every pick the firm made as a buyer. */
export function PickGoodsListPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.pickGoodsList')}>
      <PickTable side="buyer" />
    </ListingCard>
  );
}

/** `/matching/buyAgreeList`: the offers the firm made. */
export function BuyAgreeListPage() {
  const { t } = useTranslation();
  return (
    <ListingCard title={t('listing.menu.buyAgreeList')}>
      <BargainTable role="offerer" />
    </ListingCard>
  );
}

function ListableHoldings() {
  const { t } = useTranslation();
  const holdings = useHeldHoldings();
  return (
    <ListingCard title={t('listing.menu.holdProduct')}>
      <QueryStates keys="listing" skeletonRows={4} query={holdings.query} empty={holdings.content.length === 0}>
        <Table<Holding>
          rowKey="holdId"
          size="small"
          scroll={{ x: true }}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          dataSource={holdings.content}
          onRow={(row) => ({ 'data-testid': `listable-holding-${row.holdId}` }) as object}
          columns={[
            { title: t('listing.fields.holdId'), dataIndex: 'holdId' },
            { title: t('listing.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
            { title: t('listing.fields.quantity'), render: (_, r) => `${r.quantity} ${r.unit}` },
            { title: t('listing.fields.weight'), render: (_, r) => `${r.weight} ${r.weightUnit}` },
            { title: t('listing.fields.storage'), dataIndex: 'storageName' },
            {
              title: t('listing.fields.actions'),
              render: (_, r) => (
                <Link to={`${paths.addResourceOrder}?holdId=${r.holdId}`} data-testid="holding-list">
                  <Button size="small" type="primary">
                    {t('listing.actions.listIt')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      </QueryStates>
    </ListingCard>
  );
}

/**
 * `/matching/holdProduct`: held goods that can be listed (with "list it"), above every holding of
 * the firm with its pickup action from the warehouse pages.
 */
export function HoldProductPage() {
  const { hasRight } = useSession();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {hasRight('trade.list') && <ListableHoldings />}
      <WarehouseHoldingsPage />
    </Space>
  );
}
