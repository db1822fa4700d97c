import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Input, Row, Space, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AuctionPush, WsTopic, type AuctionItem } from '@tp/contract';
import { QueryStates, formatMoney, formatPrice, loginPathFor, runAction, useApp, useLiveTopic, useSession } from '@tp/web-kit';
import { queryClient } from '../../../api/client';
import { paths } from '../../../paths';
import { auctionKeys, useAuction, useOffer, useOffers, useProxy, useSetProxy, useSignUp } from '../api';
import { Countdown, PhaseTag, amountAt, useServerNow } from '../shared';

/**
 * The auction room: the live price, leader (by bidder number), bid count and countdown pushed by the
 * server; the bid ladder; sign-up with the deposit; a bid at the next valid price; a proxy maximum
 * (a minimum in a margin buy, where the price falls and the lowest bid leads); and a visual cue (no
 * sound) when the viewer is outbid.
 */
export function AuctionRoomPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const item = useAuction(id);
  const offers = useOffers(id, 0);
  const now = useServerNow();
  const lot = item.data;
  const registered = lot?.enrolStatus === '2';
  const proxy = useProxy(id, isLoggedIn && registered);
  const signUp = useSignUp();
  const offer = useOffer();
  const setProxy = useSetProxy();
  // A price typed by the bidder; otherwise the next valid price.
  const [typed, setTyped] = useState<string | null>(null);
  const price = typed ?? lot?.nextPrice ?? '';
  const [maxPrice, setMaxPrice] = useState('');
  const [outbid, setOutbid] = useState(false);

  // The live state replaces the snapshot's fields; the ladder is read again; losing the lead is shown.
  useLiveTopic(
    id ? WsTopic.of('auction', id) : undefined,
    (push) => {
      const live = AuctionPush.safeParse(push.data);
      if (!live.success) return;
      queryClient.setQueryData<AuctionItem>(auctionKeys.detail(id), (old) => {
        if (!old) return old;
        const stillLeading = old.bidderNo !== null && live.data.leader === String(old.bidderNo);
        if (old.leading && !stillLeading) {
          setOutbid(true);
          setTyped(null);
        }
        return { ...old, ...live.data, leading: stillLeading };
      });
      void queryClient.invalidateQueries({ queryKey: [...auctionKeys.all, 'offers', id] });
    },
    () => void queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  );
  const showOutbid = outbid && !lot?.leading;

  const toLogin = () => void navigate(loginPathFor(pathname, paths.login));

  function confirmSignUp(l: AuctionItem) {
    modal.confirm({
      title: t('auction.signUpConfirm', { deposit: formatMoney(l.deposit) }),
      okButtonProps: { 'data-testid': 'auction-signup-ok' },
      onOk: () => runAction(signUp.mutateAsync({ itemId: l.itemId })).then((r) => r && void message.success(t('auction.signedUp'))),
    });
  }

  function confirmBid(l: AuctionItem) {
    modal.confirm({
      title: t('auction.bidConfirm', { price: formatPrice(price), weight: l.weight, amount: formatMoney(amountAt(price, l.weight)) }),
      okButtonProps: { 'data-testid': 'auction-bid-ok' },
      onOk: () =>
        runAction(offer.mutateAsync({ itemId: l.itemId, offerPrice: price })).then((r) => {
          if (!r) return;
          setOutbid(false);
          setTyped(null);
          void message.success(t('auction.bidPlaced', { seq: r.seq }));
        }),
    });
  }

  return (
    <QueryStates keys="auction" query={item}>
      {lot && (
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Card title={<h1 className="result-heading" data-testid="page-heading">{`${lot.commodityName} ${lot.gradeName} · ${t('auction.lot', { id: lot.itemId })}`}</h1>} extra={<PhaseTag item={lot} />}>
              {lot.bsFlag === 'B' && <Alert type="info" showIcon data-testid="auction-direction" message={t('auction.reverseHint')} style={{ marginBottom: 16 }} />}
              {showOutbid && <Alert type="error" showIcon className="auction-outbid" data-testid="auction-outbid" message={t('auction.outbid')} style={{ marginBottom: 16 }} />}
              <Space size="large" wrap>
                <Statistic title={t('auction.fields.currentPrice')} value={formatPrice(lot.currentPrice)} valueStyle={{ color: '#cf1322' }} />
                <Statistic title={t('auction.fields.leader')} value={lot.leader ? t('auction.bidder', { no: lot.leader }) : '-'} />
                <Statistic title={t('auction.fields.bidCount')} value={lot.bidCount} />
                <Statistic title={t('auction.fields.countdown')} valueRender={() => <Countdown item={lot} now={now} />} />
              </Space>
              <span hidden data-testid="auction-current" data-price={lot.currentPrice} data-end={lot.endTime} data-leading={String(lot.leading)} />
              <Descriptions size="small" column={2} style={{ marginTop: 16 }}>
                <Descriptions.Item label={t('auction.fields.weight')}>{lot.weight}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.quantity')}>{lot.quantity}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.startingUnitPrice')}>{formatPrice(lot.startingUnitPrice)}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.addPrice')}>{formatPrice(lot.addPrice)}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.deposit')}>{formatMoney(lot.deposit)}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.reserve')}>{lot.hasReserve ? t(lot.reserveMet ? 'auction.reserveMet' : 'auction.reserveNotMet') : t('auction.noReserve')}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.startTime')}>{new Date(lot.startTime).toLocaleString()}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.endTime')}>{new Date(lot.endTime).toLocaleString()}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.storage')}>{lot.storageName}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.contact')}>{`${lot.contactName} ${lot.contactPhone}`}</Descriptions.Item>
                <Descriptions.Item label={t('auction.fields.memo')} span={2}>{lot.memo || '-'}</Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={t('auction.ladder')} style={{ marginTop: 16 }}>
              <Table
                size="small"
                rowKey="seq"
                loading={offers.isPending}
                dataSource={offers.data?.content ?? []}
                pagination={false}
                onRow={(r) => ({ 'data-testid': 'auction-bid-row', 'data-price': r.price }) as object}
                columns={[
                  { title: t('auction.fields.seq'), dataIndex: 'seq' },
                  { title: t('auction.fields.price'), render: (_, r) => formatPrice(r.price) },
                  { title: t('auction.fields.bidder'), render: (_, r) => `${t('auction.bidder', { no: r.bidder })}${r.mine ? ` (${t('auction.me')})` : ''}${r.proxy ? ` · ${t('auction.proxyBid')}` : ''}` },
                  { title: t('auction.fields.time'), render: (_, r) => new Date(r.time).toLocaleTimeString() },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card title={t('auction.myBid')}>
              {!isLoggedIn ? (
                <Button type="primary" block onClick={toLogin} data-testid="auction-login">
                  {t('auction.loginToBid')}
                </Button>
              ) : lot.mine ? (
                <Alert type="info" message={t('auction.ownLot')} />
              ) : lot.enrolStatus !== '2' ? (
                lot.enrolStatus === '1' ? (
                  <Alert type="info" message={t('auction.preRegistered')} />
                ) : (lot.status === '0' || lot.status === '1') ? (
                  <Button type="primary" block onClick={() => confirmSignUp(lot)} data-testid="auction-signup">
                    {t('auction.signUp', { deposit: formatMoney(lot.deposit) })}
                  </Button>
                ) : (
                  <Alert type="info" message={t('auction.closed')} />
                )
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <div>{t('auction.youAre', { no: lot.bidderNo })}{lot.leading ? ` · ${t('auction.leading')}` : ''}</div>
                  <Input addonBefore={t('auction.fields.offerPrice')} value={price} onChange={(e) => setTyped(e.target.value.trim())} data-testid="auction-price" disabled={lot.status !== '1'} />
                  <Button type="primary" danger block disabled={lot.status !== '1' || lot.leading} onClick={() => confirmBid(lot)} data-testid="auction-bid">
                    {t('auction.bidAt', { price: formatPrice(price || lot.nextPrice) })}
                  </Button>
                  <Input addonBefore={t(lot.bsFlag === 'B' ? 'auction.fields.minPrice' : 'auction.fields.maxPrice')} value={maxPrice} placeholder={proxy.data?.maxPrice ?? ''} onChange={(e) => setMaxPrice(e.target.value.trim())} data-testid="auction-proxy-price" disabled={lot.status === '2' || lot.status === 'U'} />
                  <Button
                    block
                    disabled={!maxPrice || lot.status === '2' || lot.status === 'U'}
                    data-testid="auction-proxy"
                    onClick={() => void runAction(setProxy.mutateAsync({ itemId: lot.itemId, maxPrice })).then((r) => r && void message.success(t('auction.proxySet', { price: formatPrice(r.maxPrice ?? maxPrice) })))}
                  >
                    {t('auction.setProxy')}
                  </Button>
                  {proxy.data?.maxPrice && <div data-testid="auction-proxy-current">{t(lot.bsFlag === 'B' ? 'auction.proxyCurrentMin' : 'auction.proxyCurrent', { price: formatPrice(proxy.data.maxPrice) })}</div>}
                </Space>
              )}
            </Card>
          </Col>
        </Row>
      )}
    </QueryStates>
  );
}
