import { useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OtcAd, OtcAdSide, OtcCoin, OtcCurrency, OtcPayMethod } from '@tp/contract';
import { formatMoney, loginPathFor, useSession } from '@tp/web-kit';
import { useMarket, useOtcProfile } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { fiatPaths } from '../components/fiatPaths';
import { COINS, CURRENCIES, PAY_METHODS, completionRate, releaseTime } from '../components/labels';
import { PlaceOrderModal } from './PlaceOrderModal';

const AMOUNT = /^(?:0|[1-9]\d{0,13})(?:\.\d{1,2})?$/;

/** `/fiat`: the buy list (merchants' sell ads) and the sell list (their buy ads), filtered, with each merchant's record. */
export function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const [side, setSide] = useState<OtcAdSide>('buy');
  const [coin, setCoin] = useState<OtcCoin>('USDT');
  const [currency, setCurrency] = useState<OtcCurrency>('CNY');
  const [amount, setAmount] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<OtcPayMethod>();
  const [page, setPage] = useState(0);
  const [ordering, setOrdering] = useState<OtcAd>();
  const profile = useOtcProfile();
  const missing = profile.data?.missing ?? [];
  const validAmount = AMOUNT.test(amount) && /[1-9]/.test(amount);
  const market = useMarket({ side, coin, currency, page, size: 10, ...(validAmount ? { amount } : {}), ...(paymentMethod ? { paymentMethod } : {}) });

  const releaseText = (seconds: number) => {
    const time = releaseTime(seconds);
    return time ? t(time.key, { n: time.n }) : '—';
  };

  const columns = [
    {
      title: t('fiat.merchant'),
      key: 'merchant',
      render: (_: unknown, ad: OtcAd) => (
        <Space direction="vertical" size={0}>
          <strong data-testid="ad-merchant">{ad.merchant.nickname}</strong>
          <span className="ex-muted">
            {t('fiat.stats', { orders: ad.merchant.completedOrders, rate: completionRate(ad.merchant.completionRate), time: releaseText(ad.merchant.avgReleaseSeconds) })}
          </span>
        </Space>
      ),
    },
    { title: t('fiat.price'), key: 'price', render: (_: unknown, ad: OtcAd) => <strong data-testid="ad-price">{`${formatMoney(ad.price)} ${ad.currency}`}</strong> },
    { title: t('fiat.remaining'), key: 'remaining', render: (_: unknown, ad: OtcAd) => `${ad.remaining} ${ad.coin}` },
    { title: t('fiat.limits'), key: 'limits', render: (_: unknown, ad: OtcAd) => `${formatMoney(ad.minAmount)} – ${formatMoney(ad.maxAmount)} ${ad.currency}` },
    {
      title: t('fiat.paymentMethods'),
      key: 'methods',
      render: (_: unknown, ad: OtcAd) => ad.paymentMethods.map((m) => <Tag key={m}>{t(`fiat.method.${m}`)}</Tag>),
    },
    {
      title: '',
      key: 'action',
      render: (_: unknown, ad: OtcAd) =>
        ad.mine ? (
          <Tag>{t('fiat.mine')}</Tag>
        ) : (
          <Button
            type="primary"
            data-testid={`ad-order-${ad.id}`}
            onClick={() => (isLoggedIn ? setOrdering(ad) : void navigate(loginPathFor('/fiat')))}
          >
            {t(side === 'buy' ? 'fiat.buyCoin' : 'fiat.sellCoin', { coin: ad.coin })}
          </Button>
        ),
    },
  ];

  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.marketTitle')}</h1>}>
      <FiatNav />
      {missing.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('fiat.missing', { items: missing.map((m) => t(`fiat.missingItem.${m}`)).join('、') })}
          action={<Link to={fiatPaths.settings}>{t('fiat.nav.settings')}</Link>}
          data-testid="market-missing"
        />
      ) : null}
      <Tabs
        activeKey={side}
        onChange={(key) => {
          setSide(key as OtcAdSide);
          setPage(0);
        }}
        items={[
          { key: 'buy', label: <span data-testid="market-buy">{t('fiat.buyTab')}</span> },
          { key: 'sell', label: <span data-testid="market-sell">{t('fiat.sellTab')}</span> },
        ]}
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select value={coin} style={{ width: 110 }} onChange={(v) => (setCoin(v), setPage(0))} options={COINS.map((c) => ({ value: c, label: c }))} data-testid="filter-coin" />
        <Select value={currency} style={{ width: 110 }} onChange={(v) => (setCurrency(v), setPage(0))} options={CURRENCIES.map((c) => ({ value: c, label: c }))} data-testid="filter-currency" />
        <Input
          value={amount}
          style={{ width: 180 }}
          placeholder={t('fiat.amountFilter', { currency })}
          onChange={(e) => (setAmount(e.target.value.trim()), setPage(0))}
          status={amount !== '' && !validAmount ? 'error' : undefined}
          data-testid="filter-amount"
        />
        <Select
          allowClear
          value={paymentMethod}
          style={{ width: 160 }}
          placeholder={t('fiat.allMethods')}
          onChange={(v) => (setPaymentMethod(v), setPage(0))}
          options={PAY_METHODS.map((m) => ({ value: m, label: t(`fiat.method.${m}`) }))}
          data-testid="filter-method"
        />
      </Space>
      <Table<OtcAd>
        rowKey="id"
        columns={columns}
        dataSource={market.data?.content}
        loading={market.isLoading}
        locale={{ emptyText: market.isLoading ? ' ' : t('fiat.noAds') }}
        pagination={{ current: page + 1, pageSize: 10, total: market.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
        data-testid="market-table"
      />
      {ordering ? <PlaceOrderModal ad={ordering} side={side} onClose={() => setOrdering(undefined)} /> : null}
    </Card>
  );
}
