import { useState } from 'react';
import { Alert, Button, Descriptions, Result, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { QueryStates, loginPathFor, useSession } from '@tp/web-kit';
import { MARKET_CLOSE_REASON, type ListingDetail } from '@tp/contract';
import { useListingDetail } from '../../../api/listing';
import { paths } from '../../../paths';
import { BargainModal, PickModal, SellToModal, useAllBuy } from '../components/ListingModals';
import { listingActions, priceUnitOf, type ListingAction } from '../logic';
import { ListingCard, PriceText, StateTag, dateTime } from '../shared';

const ACTION_ID: Partial<Record<ListingAction, string>> = { pick: 'detail-pick', allBuy: 'detail-allBuy', sellTo: 'detail-sellTo', bargain: 'detail-bargain' };

function Actions({ listing }: { listing: ListingDetail }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { isLoggedIn, hasRight } = useSession();
  const [picking, setPicking] = useState<ListingDetail | null>(null);
  const [selling, setSelling] = useState<ListingDetail | null>(null);
  const [offering, setOffering] = useState<ListingDetail | null>(null);
  const allBuy = useAllBuy();
  if (listing.status !== 'O') return null;
  if (!isLoggedIn)
    return (
      <Link to={loginPathFor(pathname, paths.login)} data-testid="detail-login">
        <Button type="primary">{t('listing.loginToAct')}</Button>
      </Link>
    );
  if (listing.mine) return <Alert type="info" showIcon message={t('listing.ownListing')} />;
  const actions = listingActions(listing, hasRight).filter((a) => a in ACTION_ID);
  if (actions.length === 0) return <Alert type="warning" showIcon message={t('listing.noRight')} />;
  const act = (action: ListingAction) => {
    if (action === 'pick') setPicking(listing);
    else if (action === 'allBuy') allBuy(listing);
    else if (action === 'sellTo') setSelling(listing);
    else if (action === 'bargain') setOffering(listing);
  };
  return (
    <>
      <Space wrap>
        {actions.map((action) => (
          <Button key={action} type={action === 'bargain' ? 'default' : 'primary'} size="large" onClick={() => act(action)} data-testid={ACTION_ID[action]}>
            {t(`listing.actions.${action}`)}
          </Button>
        ))}
      </Space>
      <PickModal listing={picking} onClose={() => setPicking(null)} />
      <SellToModal listing={selling} onClose={() => setSelling(null)} />
      <BargainModal listing={offering} onClose={() => setOffering(null)} />
    </>
  );
}

function DetailPage({ kind }: { kind: 'sell' | 'purchase' }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const detail = useListingDetail(id);
  const listing = detail.data;
  const board = kind === 'sell' ? paths.resources : paths.purchase;
  const title = t(kind === 'sell' ? 'listing.menu.details' : 'listing.menu.purchaseDetails');
  if (!id || !/^\d{1,18}$/.test(id) || (detail.isError && !listing))
    return (
      <ListingCard title={title}>
        <Result
          status="404"
          title={t('listing.notFound')}
          extra={
            <Link to={board}>
              <Button>{t(kind === 'sell' ? 'listing.menu.market' : 'listing.menu.purchase')}</Button>
            </Link>
          }
        />
      </ListingCard>
    );
  return (
    <ListingCard title={title}>
      <QueryStates keys="listing" skeletonRows={4} query={detail}>
        {listing && (
          <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="listing-detail" data-status={listing.status}>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('listing.fields.listingId')}>
                <Space size={4}>
                  {listing.topAt && <Tag color="red">{t('listing.pinned')}</Tag>}
                  {listing.listingId}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.status')}>
                <StateTag group="listingStatus" code={listing.status} testId="detail-listing-status" />
              </Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.type')}>{`${t(`listing.type.${listing.type as 'X'}`, { defaultValue: listing.type })} · ${t(`listing.bsFlag.${listing.bsFlag as 'S'}`, { defaultValue: listing.bsFlag })}`}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.source')}>{t(`listing.source.${listing.source as 'W'}`, { defaultValue: listing.source })}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.commodity')}>{`${listing.commodityName} ${listing.gradeName}`}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.origin')}>{listing.origin || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.specifications')}>{listing.specifications || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.storage')}>{listing.storageName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.unitPrice')}>
                <PriceText price={listing.price} unit={priceUnitOf(listing.type, listing)} testId="detail-price" />
              </Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.remaining')}>
                <span data-testid="detail-remaining">{`${listing.remaining} / ${listing.quantity} ${listing.unit}`}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.weight')}>{`${listing.weight} ${listing.weightUnit}`}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.poundsPoor')}>{listing.poundsPoor}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.openTicketDay')}>{listing.openTicketDay}</Descriptions.Item>
              <Descriptions.Item label={t('listing.fields.isMarginPay')}>{listing.isMarginPay ? '✓' : '-'}</Descriptions.Item>
              {listing.putWarehousDay && <Descriptions.Item label={t('listing.fields.putWarehousDay')}>{listing.putWarehousDay}</Descriptions.Item>}
              <Descriptions.Item label={t('listing.fields.createdAt')}>{dateTime(listing.createdAt)}</Descriptions.Item>
            </Descriptions>
            {listing.reason && <Alert type="warning" showIcon message={t('listing.reasonShown', { reason: listing.reason === MARKET_CLOSE_REASON ? t('listing.marketCloseReason') : listing.reason })} />}
            <Actions listing={listing} />
          </Space>
        )}
      </QueryStates>
    </ListingCard>
  );
}

/** `/ResourceDocuments/details/{id?}`: one sell listing, with pick, all-buy and bargaining for logged-in firms. */
export const ResourceDetailPage = () => <DetailPage kind="sell" />;
/** `/purchaseDocument/details/{id?}`: one purchase request; a seller sells to it from one of its holdings. */
export const PurchaseDetailPage = () => <DetailPage kind="purchase" />;
