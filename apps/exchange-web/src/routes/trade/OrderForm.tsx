import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Segmented, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { SpotMarket } from '@tp/contract';
import { applyFieldErrors, loginPathFor, useSession } from '@tp/web-kit';
import { useAssetOverview } from '../../api/assets';
import { usePlaceOrder } from '../../api/spot';
import { placesOf, showAt } from './format';

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market';

interface OrderValues {
  price?: string;
  quantity?: string;
  quoteAmount?: string;
}

const PLAIN = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** Limit or market, buy or sell; checked against the market's steps and the user's balance before sending. */
export function OrderForm({ market, price }: { market: SpotMarket; price?: string | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const overview = useAssetOverview();
  const place = usePlaceOrder(market.symbol);
  const [side, setSide] = useState<Side>('buy');
  const [kind, setKind] = useState<Kind>('limit');
  const [form] = Form.useForm<OrderValues>();
  const spot = overview.data?.accounts.find((a) => a.accountType === 'spot');
  const balanceOf = (asset: string) => spot?.balances.find((b) => b.asset === asset)?.available ?? '0';
  const payAsset = side === 'buy' ? market.quote : market.base;
  const tickPlaces = placesOf(market.tickSize);
  const lotPlaces = placesOf(market.lotSize);

  const stepRule = (step: string, key: 'trade.rule.tick' | 'trade.rule.lot') => ({
    validator: (_: unknown, value?: string) => {
      const text = (value ?? '').trim();
      if (!PLAIN.test(text) || !Decimal.parse(text).isPositive()) return Promise.reject(new Error(t('trade.rule.positive')));
      const units = Decimal.parse(text).div(step, 0, 'floor');
      return units.mul(step).eq(text) ? Promise.resolve() : Promise.reject(new Error(t(key, { step })));
    },
  });

  async function submit(values: OrderValues) {
    try {
      const order = await place.mutateAsync({
        symbol: market.symbol,
        side,
        type: kind,
        price: kind === 'limit' ? values.price?.trim() : undefined,
        quantity: kind === 'limit' || side === 'sell' ? values.quantity?.trim() : undefined,
        quoteAmount: kind === 'market' && side === 'buy' ? values.quoteAmount?.trim() : undefined,
        timeInForce: kind === 'market' ? 'IOC' : 'GTC',
        postOnly: false,
      });
      void message.success(t(`trade.status.${order.status}`));
      form.resetFields(['quantity', 'quoteAmount']);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  // A price picked in the order book fills the limit price.
  useEffect(() => {
    if (price !== undefined) form.setFieldsValue({ price });
  }, [price, form]);

  return (
    <Card size="small" title={t('trade.placeOrder')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Side>
          block
          value={side}
          onChange={setSide}
          options={[
            { value: 'buy', label: <span data-testid="side-buy">{t('trade.buy', { base: market.base })}</span> },
            { value: 'sell', label: <span data-testid="side-sell">{t('trade.sell', { base: market.base })}</span> },
          ]}
        />
        <Segmented<Kind>
          value={kind}
          onChange={setKind}
          options={[
            { value: 'limit', label: <span data-testid="kind-limit">{t('trade.limit')}</span> },
            { value: 'market', label: <span data-testid="kind-market">{t('trade.market')}</span> },
          ]}
        />
        <Typography.Text type="secondary" data-testid="order-available">
          {t('trade.available', { amount: showAt(balanceOf(payAsset), 8), asset: payAsset })}
        </Typography.Text>
        <Form<OrderValues> form={form} name="order" layout="vertical" onFinish={(v) => void submit(v)}>
          {kind === 'limit' ? (
            <Form.Item name="price" label={t('trade.price', { quote: market.quote })} rules={[stepRule(market.tickSize, 'trade.rule.tick')]}>
              <Input inputMode="decimal" suffix={market.quote} placeholder={`0.${'0'.repeat(tickPlaces)}`} />
            </Form.Item>
          ) : null}
          {kind === 'market' && side === 'buy' ? (
            <Form.Item name="quoteAmount" label={t('trade.total', { quote: market.quote })} rules={[stepRule('0.00000001', 'trade.rule.tick')]}>
              <Input inputMode="decimal" suffix={market.quote} />
            </Form.Item>
          ) : (
            <Form.Item name="quantity" label={t('trade.amount', { base: market.base })} rules={[stepRule(market.lotSize, 'trade.rule.lot')]}>
              <Input inputMode="decimal" suffix={market.base} placeholder={lotPlaces ? `0.${'0'.repeat(lotPlaces)}` : '0'} />
            </Form.Item>
          )}
          <Typography.Paragraph type="secondary">{t('trade.fee', { maker: market.makerFee, taker: market.takerFee })}</Typography.Paragraph>
          {isLoggedIn ? (
            <Button
              type="primary"
              htmlType="submit"
              block
              danger={side === 'sell'}
              loading={place.isPending}
              data-testid="order-submit"
              style={side === 'buy' ? { background: '#0ecb81' } : undefined}
            >
              {side === 'buy' ? t('trade.buy', { base: market.base }) : t('trade.sell', { base: market.base })}
            </Button>
          ) : (
            <Button block onClick={() => void navigate(loginPathFor(`/trade/${market.symbol}`))}>
              {t('trade.loginToTrade')}
            </Button>
          )}
        </Form>
      </Space>
    </Card>
  );
}
