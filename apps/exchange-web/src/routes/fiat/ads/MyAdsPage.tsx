import { useState } from 'react';
import { App, Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OtcAd } from '@tp/contract';
import { formatMoney } from '@tp/web-kit';
import { useMyAds, useWithdrawAd } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { fiatPaths } from '../components/fiatPaths';

/** `/fiat/ads`: the merchant's ads with what remains of each; withdrawing one returns the coins no order holds. */
export function MyAdsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [page, setPage] = useState(0);
  const ads = useMyAds({ page, size: 10 });
  const withdraw = useWithdrawAd();

  const askWithdraw = (ad: OtcAd) =>
    modal.confirm({
      title: t('fiat.withdrawAdTitle'),
      content: ad.side === 'sell' ? t('fiat.withdrawAdText', { remaining: ad.remaining, coin: ad.coin }) : t('fiat.withdrawBuyAdText'),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      okButtonProps: { 'data-testid': 'withdraw-ad-confirm' },
      onOk: () => withdraw.mutateAsync(ad.id),
    });

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.myAdsTitle')}</h1>} extra={<Link to={fiatPaths.postAd}>{t('fiat.nav.postAd')}</Link>}>
      <FiatNav />
      <Table<OtcAd>
        rowKey="id"
        loading={ads.isLoading}
        dataSource={ads.data?.content}
        locale={{ emptyText: ads.isLoading ? ' ' : t('fiat.noMyAds') }}
        pagination={{ current: page + 1, pageSize: 10, total: ads.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        columns={[
          { title: t('fiat.adCode'), dataIndex: 'code' },
          { title: t('fiat.side'), key: 'side', render: (_, ad) => <Tag color={ad.side === 'sell' ? 'red' : 'green'}>{t(`fiat.adSide.${ad.side}`)}</Tag> },
          { title: t('fiat.price'), key: 'price', render: (_, ad) => `${formatMoney(ad.price)} ${ad.currency}` },
          { title: t('fiat.remaining'), key: 'remaining', render: (_, ad) => `${ad.remaining} / ${ad.totalVolume} ${ad.coin}` },
          { title: t('fiat.limits'), key: 'limits', render: (_, ad) => `${formatMoney(ad.minAmount)} – ${formatMoney(ad.maxAmount)}` },
          {
            title: t('fiat.statusLabel'),
            key: 'status',
            render: (_, ad) => (
              <span>
                <Tag>{t(`fiat.adStatus.${ad.status}`)}</Tag>
                {ad.takenDownReason ? <span className="ex-muted">{t('fiat.takenDown', { reason: ad.takenDownReason })}</span> : null}
              </span>
            ),
          },
          {
            title: '',
            key: 'action',
            render: (_, ad) =>
              ad.status === 'active' ? (
                <Button size="small" onClick={() => askWithdraw(ad)} data-testid={`withdraw-ad-${ad.id}`}>
                  {t('fiat.withdrawAd')}
                </Button>
              ) : null,
          },
        ]}
        data-testid="my-ads-table"
      />
    </Card>
  );
}
