import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Input, Segmented, Select, Space, Switch, Typography, type InputRef } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { PlaceOcoRequest, PlaceOrderRequest, SpotMarket, SpotOrder } from '@tp/contract';
import { applyFieldErrors, loginPathFor, useSession } from '@tp/web-kit';
import { useAssetOverview } from '../../api/assets';
import { usePlaceOco, usePlaceOrder } from '../../api/spot';
import { percent } from '../content/FeesPage';
import { placesOf, showAt } from './format';

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market' | 'stop_limit' | 'stop_market' | 'oco';
type Tif = 'GTC' | 'IOC' | 'FOK';

interface OrderValues {
  price?: string;
  stopPrice?: string;
  stopLimitPrice?: string;
  quantity?: string;
  quoteAmount?: string;
}

const PLAIN = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;
const PERCENTS = [25, 50, 75, 100];
const KINDS: Kind[] = ['limit', 'market', 'stop_limit', 'stop_market', 'oco'];
/** Whether orders are confirmed in a dialog before they are sent; the trader may switch it off. */
const CONFIRM_KEY = 'ex.trade.confirmOrders';
const SIDE_KEYS: Record<string, Side> = { KeyB: 'buy', KeyS: 'sell' };

const number = (text: string | undefined) => (text && PLAIN.test(text.trim()) ? Decimal.parse(text.trim()) : undefined);

/**
 * Limit, market (by amount or by total), stop-limit, stop-market and OCO orders, buy or sell, with
 * time in force and post-only; checked against the market's steps before sending, confirmed in a
 * dialog unless the trader switched that off. Alt+B and Alt+S choose the side and focus the form.
 */
export function OrderForm({ market, picked }: { market: SpotMarket; picked?: { price: string; amount: string } | undefined }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const overview = useAssetOverview();
  const place = usePlaceOrder();
  const placeOco = usePlaceOco();
  const [side, setSide] = useState<Side>('buy');
  const [kind, setKind] = useState<Kind>('limit');
  const [byTotal, setByTotal] = useState(true);
  const [tif, setTif] = useState<Tif>('GTC');
  const [postOnly, setPostOnly] = useState(false);
  const [confirm, setConfirm] = useState(() => localStorage.getItem(CONFIRM_KEY) !== 'off');
  const [form] = Form.useForm<OrderValues>();
  const firstField = useRef<InputRef>(null);
  const spot = overview.data?.accounts.find((a) => a.accountType === 'spot');
  const balanceOf = (asset: string) => spot?.balances.find((b) => b.asset === asset)?.available ?? '0';
  const payAsset = side === 'buy' ? market.quote : market.base;
  const tickPlaces = placesOf(market.tickSize);
  const lotPlaces = placesOf(market.lotSize);
  const isMarket = kind === 'market' || kind === 'stop_market';
  const hasLimit = kind === 'limit' || kind === 'stop_limit' || kind === 'oco';
  const hasStop = kind === 'stop_limit' || kind === 'stop_market';
  const spendsTotal = isMarket && side === 'buy' && byTotal;
  const hasTif = kind === 'limit' || kind === 'stop_limit';

  const stepRule = (step: string, key: 'trade.rule.tick' | 'trade.rule.lot') => ({
    validator: (_: unknown, value?: string) => {
      const text = (value ?? '').trim();
      if (!PLAIN.test(text) || !Decimal.parse(text).isPositive()) return Promise.reject(new Error(t('trade.rule.positive')));
      const units = Decimal.parse(text).div(step, 0, 'floor');
      return units.mul(step).eq(text) ? Promise.resolve() : Promise.reject(new Error(t(key, { step })));
    },
  });
  const priceRule = stepRule(market.tickSize, 'trade.rule.tick');

  function requestOf(values: OrderValues): { order?: PlaceOrderRequest; oco?: PlaceOcoRequest } {
    const trim = (v: string | undefined) => v?.trim();
    if (kind === 'oco') {
      return {
        oco: {
          symbol: market.symbol,
          side,
          quantity: trim(values.quantity) ?? '',
          price: trim(values.price) ?? '',
          stopPrice: trim(values.stopPrice) ?? '',
          stopLimitPrice: trim(values.stopLimitPrice) ?? '',
        },
      };
    }
    return {
      order: {
        symbol: market.symbol,
        side,
        type: kind,
        price: hasLimit ? trim(values.price) : undefined,
        stopPrice: hasStop ? trim(values.stopPrice) : undefined,
        quantity: spendsTotal ? undefined : trim(values.quantity),
        quoteAmount: spendsTotal ? trim(values.quoteAmount) : undefined,
        timeInForce: hasTif ? tif : 'IOC',
        postOnly: kind === 'limit' && tif === 'GTC' && postOnly,
      },
    };
  }

  async function send(values: OrderValues) {
    const { order, oco } = requestOf(values);
    try {
      let placed: SpotOrder | undefined;
      if (oco) placed = (await placeOco.mutateAsync(oco))[0];
      else if (order) placed = await place.mutateAsync(order);
      if (placed) void message.success(placed.endReason ? t(`trade.endReasons.${placed.endReason}`) : t(`trade.status.${placed.status}`));
      form.resetFields(['quantity', 'quoteAmount']);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  function submit(values: OrderValues) {
    if (!confirm) return send(values);
    const rows: [string, string][] = [
      [t('trade.side'), t(`trade.sides.${side}`)],
      [t('trade.type'), t(`trade.kinds.${kind}`)],
      ...(hasStop || kind === 'oco' ? [[kind === 'oco' ? t('trade.ocoStopPrice', { quote: market.quote }) : t('trade.stopPrice', { quote: market.quote }), values.stopPrice ?? ''] as [string, string]] : []),
      ...(hasLimit ? [[t('trade.price', { quote: market.quote }), values.price ?? ''] as [string, string]] : []),
      ...(kind === 'oco' ? [[t('trade.stopLimitPrice', { quote: market.quote }), values.stopLimitPrice ?? ''] as [string, string]] : []),
      spendsTotal ? [t('trade.total', { quote: market.quote }), values.quoteAmount ?? ''] : [t('trade.amount', { base: market.base }), values.quantity ?? ''],
      ...(hasTif ? [[t('trade.tif'), tif] as [string, string]] : []),
    ];
    modal.confirm({
      title: `${t('trade.confirmTitle')} · ${market.base}/${market.quote}`,
      content: (
        <div data-testid="order-confirm">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
              <Typography.Text type="secondary">{label}</Typography.Text>
              <span>{value}</span>
            </div>
          ))}
        </div>
      ),
      okText: t('trade.confirmOk'),
      okButtonProps: { 'data-testid': 'order-confirm-ok' },
      onOk: () => send(values),
    });
    return undefined;
  }

  /** Fills the amount with a share of the available balance, rounded down to the market's steps. */
  function fillPercent(share: number) {
    const part = Decimal.parse(balanceOf(payAsset)).mul(String(share)).div('100', 8, 'floor');
    if (spendsTotal) {
      form.setFieldsValue({ quoteAmount: part.quantize(tickPlaces, 'floor').toString() });
      return;
    }
    if (side === 'sell') {
      form.setFieldsValue({ quantity: part.div(market.lotSize, 0, 'floor').mul(market.lotSize).toString() });
      return;
    }
    const priceValue = number((form.getFieldValue(hasLimit ? 'price' : 'stopPrice') as string | undefined) ?? '');
    if (!priceValue?.isPositive()) return;
    // Leave room for the fee the order reserves on top of its value.
    const fee = Decimal.parse(market.takerFee).gt(market.makerFee) ? market.takerFee : market.makerFee;
    const spendable = part.div(Decimal.parse('1').add(fee), 8, 'floor');
    form.setFieldsValue({ quantity: spendable.div(priceValue, lotPlaces, 'floor').div(market.lotSize, 0, 'floor').mul(market.lotSize).toString() });
  }

  /** The most the order can cost in fees: its value at the higher of the two rates. */
  function feeEstimate(values: OrderValues): string | undefined {
    const rate = Decimal.parse(market.takerFee).gt(market.makerFee) ? market.takerFee : market.makerFee;
    if (spendsTotal) return number(values.quoteAmount)?.mul(rate).quantize(8, 'ceil').toString();
    const qty = number(values.quantity);
    const at = number(hasLimit ? values.price : values.stopPrice);
    return qty && at ? at.mul(qty).mul(rate).quantize(8, 'ceil').toString() : undefined;
  }

  // A level picked in the order book fills the price and the amount resting up to it.
  useEffect(() => {
    if (picked === undefined) return;
    form.setFieldsValue({ [isMarket ? 'stopPrice' : 'price']: picked.price, quantity: Decimal.parse(picked.amount).div(market.lotSize, 0, 'floor').mul(market.lotSize).toString() });
    // Only a new pick fills the form, not a change of kind.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [picked, form, market.lotSize]);

  // Alt+B / Alt+S: choose the side and put the cursor in the form.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const chosen = event.altKey ? SIDE_KEYS[event.code] : undefined;
      if (!chosen) return;
      event.preventDefault();
      setSide(chosen);
      firstField.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const priceInput = (name: 'price' | 'stopPrice' | 'stopLimitPrice', label: string, first = false) => (
    <Form.Item name={name} label={label} rules={[priceRule]}>
      <Input ref={first ? firstField : undefined} inputMode="decimal" suffix={market.quote} placeholder={`0.${'0'.repeat(tickPlaces)}`} />
    </Form.Item>
  );

  return (
    <Card
      size="small"
      title={t('trade.placeOrder')}
      extra={
        <Space size={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('trade.confirmOrders')}
          </Typography.Text>
          <Switch
            size="small"
            checked={confirm}
            data-testid="confirm-orders"
            onChange={(on) => {
              setConfirm(on);
              localStorage.setItem(CONFIRM_KEY, on ? 'on' : 'off');
            }}
          />
        </Space>
      }
    >
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
        <Segmented<Kind> value={kind} onChange={setKind} options={KINDS.map((k) => ({ value: k, label: <span data-testid={`kind-${k.replace('_', '-')}`}>{t(`trade.kinds.${k}`)}</span> }))} />
        <Typography.Text type="secondary" data-testid="order-available">
          {t('trade.available', { amount: showAt(balanceOf(payAsset), 8), asset: payAsset })}
        </Typography.Text>
        <Form<OrderValues> form={form} name="order" layout="vertical" onFinish={(v) => void submit(v)}>
          <div className="ex-order-fields">
            {hasStop ? priceInput('stopPrice', t('trade.stopPrice', { quote: market.quote }), true) : null}
            {hasLimit ? priceInput('price', kind === 'oco' ? t('trade.ocoLimitPrice', { quote: market.quote }) : t('trade.price', { quote: market.quote }), !hasStop) : null}
            {kind === 'oco' ? priceInput('stopPrice', t('trade.ocoStopPrice', { quote: market.quote })) : null}
            {kind === 'oco' ? priceInput('stopLimitPrice', t('trade.stopLimitPrice', { quote: market.quote })) : null}
            {spendsTotal ? (
              <Form.Item name="quoteAmount" label={t('trade.total', { quote: market.quote })} rules={[stepRule('0.00000001', 'trade.rule.tick')]}>
                <Input ref={kind === 'market' ? firstField : undefined} inputMode="decimal" suffix={market.quote} />
              </Form.Item>
            ) : (
              <Form.Item name="quantity" label={t('trade.amount', { base: market.base })} rules={[stepRule(market.lotSize, 'trade.rule.lot')]}>
                <Input ref={kind === 'market' ? firstField : undefined} inputMode="decimal" suffix={market.base} placeholder={lotPlaces ? `0.${'0'.repeat(lotPlaces)}` : '0'} />
              </Form.Item>
            )}
          </div>
          <Space size={8} wrap style={{ marginBottom: 12 }}>
            {isMarket && side === 'buy' ? (
              <Segmented
                size="small"
                value={byTotal ? 'total' : 'amount'}
                onChange={(v) => setByTotal(v === 'total')}
                options={[
                  { value: 'total', label: <span data-testid="by-total">{t('trade.byTotal')}</span> },
                  { value: 'amount', label: <span data-testid="by-amount">{t('trade.byAmount')}</span> },
                ]}
              />
            ) : null}
            {hasTif ? (
              <Select<Tif>
                size="small"
                value={tif}
                onChange={setTif}
                aria-label={t('trade.tif')}
                data-testid="order-tif"
                popupMatchSelectWidth={false}
                options={(['GTC', 'IOC', 'FOK'] as const).map((v) => ({ value: v, label: t(`trade.tifs.${v}`) }))}
              />
            ) : null}
            {kind === 'limit' && tif === 'GTC' ? (
              <Checkbox checked={postOnly} onChange={(e) => setPostOnly(e.target.checked)} data-testid="order-post-only">
                {t('trade.postOnly')}
              </Checkbox>
            ) : null}
          </Space>
          <Space size={4} style={{ marginBottom: 12 }}>
            {PERCENTS.map((share) => (
              <Button key={share} size="small" data-testid={`percent-${share}`} onClick={() => fillPercent(share)}>
                {t('trade.percentOf', { percent: share })}
              </Button>
            ))}
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
            {t('trade.feeRates', { maker: percent(market.makerFee), taker: percent(market.takerFee) })}
          </Typography.Paragraph>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const fee = feeEstimate(form.getFieldsValue());
              return fee ? (
                <Typography.Paragraph type="secondary" data-testid="fee-estimate">
                  {t('trade.feeEstimate', { fee: showAt(fee, 8), asset: market.quote })}
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
              loading={place.isPending || placeOco.isPending}
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
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {t('trade.shortcuts')}
          </Typography.Paragraph>
        </Form>
      </Space>
    </Card>
  );
}
