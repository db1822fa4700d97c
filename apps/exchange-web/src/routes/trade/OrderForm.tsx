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
const PERCENTS = [25, 50, 75, 100];

/** Limit or market, buy or sell; checked against the market's steps and the user's balance before sending. */
export function OrderForm({ market, price }: { market: SpotMarket; price?: string | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const overview = useAssetOverview();
  const place = usePlaceOrder();
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

  /** Fills the amount with a share of the available balance, rounded down to the market's steps. */
  function fillPercent(percent: number) {
    const share = Decimal.parse(balanceOf(payAsset)).mul(String(percent)).div('100', 8, 'floor');
    if (kind === 'market' && side === 'buy') {
      form.setFieldsValue({ quoteAmount: share.quantize(placesOf(market.tickSize), 'floor').toString() });
      return;
    }
    if (side === 'sell') {
      form.setFieldsValue({ quantity: share.div(market.lotSize, 0, 'floor').mul(market.lotSize).toString() });
      return;
    }
    const priceText = (form.getFieldValue('price') as string | undefined)?.trim() ?? '';
    if (!PLAIN.test(priceText) || !Decimal.parse(priceText).isPositive()) return;
    // Leave room for the fee the order reserves on top of its value.
    const fee = Decimal.parse(market.takerFee).gt(market.makerFee) ? market.takerFee : market.makerFee;
    const spendable = share.div(Decimal.parse('1').add(fee), 8, 'floor');
    form.setFieldsValue({ quantity: spendable.div(priceText, lotPlaces, 'floor').div(market.lotSize, 0, 'floor').mul(market.lotSize).toString() });
  }

  /** The most the order can cost in fees: its value at the higher of the two rates. */
  function feeEstimate(values: OrderValues): { amount: string; asset: string } | undefined {
    const rate = Decimal.parse(market.takerFee).gt(market.makerFee) ? market.takerFee : market.makerFee;
    const number = (text: string | undefined) => (text && PLAIN.test(text.trim()) ? Decimal.parse(text.trim()) : undefined);
    if (kind === 'market' && side === 'buy') {
      const quote = number(values.quoteAmount);
      return quote ? { amount: quote.mul(rate).quantize(8, 'ceil').toString(), asset: market.quote } : undefined;
    }
    const qty = number(values.quantity);
    const limit = number(values.price);
    if (!qty) return undefined;
    if (side === 'sell' && kind === 'market') return undefined;
    return limit ? { amount: limit.mul(qty).mul(rate).quantize(8, 'ceil').toString(), asset: market.quote } : undefined;
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
          <Space size={4} style={{ marginBottom: 12 }}>
            {PERCENTS.map((percent) => (
              <Button key={percent} size="small" data-testid={`percent-${percent}`} onClick={() => fillPercent(percent)}>
                {t('trade.percentOf', { percent })}
              </Button>
            ))}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('trade.fee', { maker: market.makerFee, taker: market.takerFee })}
          </Typography.Paragraph>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const fee = feeEstimate(form.getFieldsValue());
              return fee ? (
                <Typography.Paragraph type="secondary" data-testid="fee-estimate">
                  {t('trade.feeEstimate', { fee: fee.amount, asset: fee.asset })}
                </Typography.Paragraph>
              ) : null;
            }}
          </Form.Item>
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
