import { useState } from 'react';
import { App, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Spin, Table, Tabs, Tag, type ButtonProps } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Decimal } from '@tp/decimal';
import type { FuturesDeal, FuturesListing, FuturesOrder, FuturesPosition, FuturesSettlement } from '@tp/contract';
import { loginPathFor, runAction, useSession } from '@tp/web-kit';
import { useAssetOverview } from '../../api/assets';
import { useTimeText } from '../../components/useTimeText';
import { paths } from '../../paths';
import {
  FUTURES_PAGE,
  useCancelFuturesOrder,
  useDeals,
  useFuturesListings,
  useFuturesOrders,
  useFuturesStream,
  usePlaceFuturesOrder,
  usePositions,
  useSetStops,
  useSettlements,
} from './futuresApi';
import { preview } from './preview';
import { RiskDisclosureModal } from '../trade/RiskDisclosureModal';

const DECIMAL = /^\d{1,12}(?:\.\d{1,8})?$/;

interface OrderValues {
  side: 'long' | 'short';
  action: 'open' | 'close';
  type: 'market' | 'limit';
  lots: number;
  price?: string;
  stopProfit?: string;
  stopLoss?: string;
}

/** The listing's rules as the spec names them. */
function ListingInfo({ listing }: { listing: FuturesListing }) {
  const { t } = useTranslation();
  const algorithm = (kind: 'fixed' | 'percent', value: string) => (kind === 'fixed' ? t('futures.perLot', { value }) : `${Decimal.parse(value).mul('100').toString()}%`);
  const yes = (allowed: boolean) => <Tag color={allowed ? 'green' : 'default'}>{t(allowed ? 'futures.allowed' : 'futures.notAllowed')}</Tag>;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="futures-listing-info">
      <Descriptions.Item label={t('futures.code')}>{listing.code}</Descriptions.Item>
      <Descriptions.Item label={t('futures.unit')}>{listing.unit}</Descriptions.Item>
      <Descriptions.Item label={t('futures.tickSize')}>{listing.tickSize}</Descriptions.Item>
      <Descriptions.Item label={t('futures.margin')}>{algorithm(listing.marginAlgorithm, listing.marginCoefficient)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.openFee')}>{algorithm(listing.feeAlgorithm, listing.openFee)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.closeFee')}>{algorithm(listing.feeAlgorithm, listing.closeFee)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.perOrder')}>
        {listing.minLots} – {listing.maxLots}
      </Descriptions.Item>
      <Descriptions.Item label={t('futures.maxPosition')}>{listing.maxPosition}</Descriptions.Item>
      <Descriptions.Item label={t('futures.priceDifference')}>{listing.priceDifference}</Descriptions.Item>
      <Descriptions.Item label={t('futures.overnightFee')}>{algorithm(listing.feeAlgorithm, listing.overnightFee)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.marketOpen')}>{yes(listing.allowMarketOpen)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.marketClose')}>{yes(listing.allowMarketClose)}</Descriptions.Item>
      <Descriptions.Item label={t('futures.stops')}>{yes(listing.allowStops)}</Descriptions.Item>
    </Descriptions>
  );
}

function OrderForm({ listing, available }: { listing: FuturesListing; available: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const place = usePlaceFuturesOrder();
  const [form] = Form.useForm<OrderValues>();
  const values = Form.useWatch([], form) as Partial<OrderValues> | undefined;
  const type = values?.type ?? 'market';
  const action = values?.action ?? 'open';
  const estimate = preview(listing, { side: values?.side ?? 'long', action, type, lots: values?.lots ?? 0, price: values?.price });
  const priceRule = (field: string) => ({
    validator: async (_: unknown, value?: string) => {
      if (value && !DECIMAL.test(value)) throw new Error(t('futures.priceInvalid', { field }));
    },
  });

  async function submit(request: OrderValues) {
    const body = {
      listingId: listing.listingId,
      side: request.side,
      action: request.action,
      type: request.type,
      lots: request.lots,
      ...(request.type === 'limit' && request.price ? { price: request.price } : {}),
      ...(request.action === 'open' && request.stopProfit ? { stopProfit: request.stopProfit } : {}),
      ...(request.action === 'open' && request.stopLoss ? { stopLoss: request.stopLoss } : {}),
    };
    await runAction(async () => {
      const order = await place.mutateAsync(body);
      void message.success(t(order.status === 'filled' ? 'futures.filled' : 'futures.entrusted'));
      form.resetFields(['lots', 'price', 'stopProfit', 'stopLoss']);
    });
  }

  function confirm(request: OrderValues) {
    if (request.action === 'close') return void submit(request);
    modal.confirm({
      title: t('futures.confirmTitle'),
      content: t('futures.confirmText', {
        side: t(`futures.side.${request.side}`),
        lots: request.lots,
        code: listing.code,
        price: estimate?.price ?? '—',
        margin: estimate?.margin ?? '—',
        fee: estimate?.fee ?? '—',
      }),
      okButtonProps: { 'data-testid': 'futures-confirm' } as ButtonProps,
      onOk: () => submit(request),
    });
  }

  return (
    <Form form={form} layout="vertical" initialValues={{ side: 'long', action: 'open', type: 'market' }} onFinish={confirm} data-testid="futures-order-form">
      <Space wrap>
        <Form.Item name="action" label={t('futures.action.label')}>
          <Radio.Group optionType="button" options={(['open', 'close'] as const).map((v) => ({ value: v, label: t(`futures.action.${v}`) }))} />
        </Form.Item>
        <Form.Item name="side" label={t('futures.side.label')}>
          <Radio.Group optionType="button" options={(['long', 'short'] as const).map((v) => ({ value: v, label: t(`futures.side.${v}`) }))} />
        </Form.Item>
        <Form.Item name="type" label={t('futures.type.label')}>
          <Radio.Group optionType="button" options={(['market', 'limit'] as const).map((v) => ({ value: v, label: t(`futures.type.${v}`) }))} />
        </Form.Item>
      </Space>
      <Form.Item
        name="lots"
        label={t('futures.lots', { unit: listing.unit })}
        rules={[
          { required: true, message: t('futures.lotsRequired') },
          { type: 'integer', min: Math.max(1, listing.minLots), max: listing.maxLots, message: t('futures.lotsRange', { min: Math.max(1, listing.minLots), max: listing.maxLots }) },
        ]}
      >
        <InputNumber precision={0} style={{ width: '100%' }} data-testid="futures-lots" />
      </Form.Item>
      {type === 'limit' && (
        <Form.Item name="price" label={t('futures.price')} rules={[{ required: true, message: t('futures.priceRequired') }, priceRule(t('futures.price'))]}>
          <Input data-testid="futures-price" />
        </Form.Item>
      )}
      {action === 'open' && listing.allowStops && (
        <Space wrap>
          <Form.Item name="stopProfit" label={t('futures.stopProfit')} rules={[priceRule(t('futures.stopProfit'))]}>
            <Input data-testid="futures-stop-profit" />
          </Form.Item>
          <Form.Item name="stopLoss" label={t('futures.stopLoss')} rules={[priceRule(t('futures.stopLoss'))]}>
            <Input data-testid="futures-stop-loss" />
          </Form.Item>
        </Space>
      )}
      <Descriptions size="small" column={1} data-testid="futures-preview">
        <Descriptions.Item label={t('futures.available')}>
          {available} {listing.currency}
        </Descriptions.Item>
        {action === 'open' && (
          <>
            <Descriptions.Item label={t('futures.estimatedPrice')}>{estimate?.price ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('futures.estimatedMargin')}>{estimate?.margin ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('futures.estimatedFee')}>{estimate?.fee ?? '—'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Button type="primary" htmlType="submit" loading={place.isPending} data-testid="futures-submit">
        {t(action === 'open' ? 'futures.submitOpen' : 'futures.submitClose')}
      </Button>
    </Form>
  );
}

function StopsDialog({ position, onClose }: { position: FuturesPosition; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setStops = useSetStops();
  const [form] = Form.useForm<{ stopProfit?: string; stopLoss?: string }>();
  const save = () =>
    runAction(async () => {
      const { stopProfit = '', stopLoss = '' } = await form.validateFields();
      await setStops.mutateAsync({ positionId: position.positionId, stopProfit: stopProfit.trim(), stopLoss: stopLoss.trim() });
      void message.success(t('futures.stopsSaved'));
      onClose();
    });
  const rule = {
    validator: async (_: unknown, value?: string) => {
      if (value && !DECIMAL.test(value.trim())) throw new Error(t('futures.priceInvalid', { field: '' }));
    },
  };
  return (
    <Modal open title={t('futures.setStops')} onCancel={onClose} onOk={() => void save()} confirmLoading={setStops.isPending} okButtonProps={{ 'data-testid': 'futures-stops-save' } as ButtonProps} destroyOnHidden>
      <p>{t('futures.stopsHint', { side: t(`futures.side.${position.side}`), mark: position.mark || '—' })}</p>
      <Form form={form} layout="vertical" initialValues={{ stopProfit: position.stopProfit, stopLoss: position.stopLoss }}>
        <Form.Item name="stopProfit" label={t('futures.stopProfit')} rules={[rule]}>
          <Input data-testid="futures-stops-profit" />
        </Form.Item>
        <Form.Item
          name="stopLoss"
          label={t('futures.stopLoss')}
          dependencies={['stopProfit']}
          rules={[
            rule,
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value?: string) => {
                if (!value && !getFieldValue('stopProfit')) throw new Error(t('futures.stopsRequired'));
              },
            }),
          ]}
        >
          <Input data-testid="futures-stops-loss" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Positions() {
  const { t } = useTranslation();
  const time = useTimeText();
  const positions = usePositions();
  const place = usePlaceFuturesOrder();
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<FuturesPosition>();
  const close = (p: FuturesPosition) =>
    modal.confirm({
      title: t('futures.closeTitle'),
      content: t('futures.closeText', { lots: p.lots, code: p.code, side: t(`futures.side.${p.side}`) }),
      okButtonProps: { 'data-testid': 'futures-close-confirm' } as ButtonProps,
      onOk: () =>
        runAction(async () => {
          await place.mutateAsync({ listingId: p.listingId, side: p.side, action: 'close', type: 'market', lots: p.lots });
          void message.success(t('futures.closed'));
        }),
    });
  const pnl = (value: string) => (value ? <span className={Decimal.parse(value).isNegative() ? 'ex-down' : 'ex-up'}>{value}</span> : '—');
  return (
    <>
      <Table<FuturesPosition>
        size="small"
        rowKey="positionId"
        loading={positions.isLoading}
        dataSource={positions.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('futures.noPositions')} /> }}
        data-testid="futures-positions"
        scroll={{ x: true }}
        columns={[
          { title: t('futures.code'), dataIndex: 'code' },
          { title: t('futures.side.label'), dataIndex: 'side', render: (v: string) => t(`futures.side.${v as 'long'}`) },
          { title: t('futures.holding'), dataIndex: 'lots' },
          { title: t('futures.averagePrice'), dataIndex: 'averagePrice' },
          { title: t('futures.markPrice'), dataIndex: 'mark' },
          { title: t('futures.floatingPnl'), dataIndex: 'floatingPnl', render: pnl },
          { title: t('futures.marginHeld'), dataIndex: 'margin' },
          { title: t('futures.stopProfit'), dataIndex: 'stopProfit', render: (v: string) => v || '—' },
          { title: t('futures.stopLoss'), dataIndex: 'stopLoss', render: (v: string) => v || '—' },
          { title: t('futures.openTime'), dataIndex: 'openedAt', render: time },
          { title: t('futures.mode'), dataIndex: 'mode', render: (v: string) => t(`futures.type.${v as 'market'}`) },
          {
            title: t('futures.operation'),
            key: 'op',
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => setEditing(p)} data-testid="futures-set-stops">
                  {t('futures.setStops')}
                </Button>
                <Button size="small" danger onClick={() => close(p)} data-testid="futures-close">
                  {t('futures.close')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <StopsDialog position={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}

function Entrustments({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const time = useTimeText();
  const [page, setPage] = useState(0);
  const orders = useFuturesOrders(open, page);
  const cancel = useCancelFuturesOrder();
  return (
    <Table<FuturesOrder>
      size="small"
      rowKey="orderId"
      loading={orders.isLoading}
      dataSource={orders.data?.content ?? []}
      pagination={{ current: page + 1, pageSize: FUTURES_PAGE, total: orders.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('futures.noOrders')} /> }}
      data-testid={open ? 'futures-open-orders' : 'futures-order-history'}
      scroll={{ x: true }}
      columns={[
        { title: t('futures.time'), dataIndex: 'createdAt', render: time },
        { title: t('futures.code'), dataIndex: 'code' },
        { title: t('futures.direction'), key: 'dir', render: (_, o) => `${t(`futures.action.${o.action}`)} ${t(`futures.side.${o.side}`)}` },
        { title: t('futures.type.label'), dataIndex: 'type', render: (v: string) => t(`futures.type.${v as 'market'}`) },
        { title: t('futures.price'), dataIndex: 'price', render: (v: string, o) => (o.type === 'market' ? t('futures.type.market') : v) },
        { title: t('futures.lotsShort'), key: 'lots', render: (_, o) => `${o.filledLots} / ${o.lots}` },
        { title: t('futures.fillPrice'), dataIndex: 'fillPrice', render: (v: string) => (v === '0' ? '—' : v) },
        { title: t('futures.status.label'), dataIndex: 'status', render: (v: string) => <Tag>{t(`futures.status.${v as 'entrusted'}`)}</Tag> },
        ...(open
          ? [
              {
                title: t('futures.operation'),
                key: 'op',
                render: (_: unknown, o: FuturesOrder) => (
                  <Button size="small" loading={cancel.isPending && cancel.variables === o.orderId} onClick={() => void runAction(cancel.mutateAsync(o.orderId))} data-testid="futures-cancel">
                    {t('futures.cancel')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function Deals() {
  const { t } = useTranslation();
  const time = useTimeText();
  const [page, setPage] = useState(0);
  const deals = useDeals(page);
  return (
    <Table<FuturesDeal>
      size="small"
      rowKey="dealId"
      loading={deals.isLoading}
      dataSource={deals.data?.content ?? []}
      pagination={{ current: page + 1, pageSize: FUTURES_PAGE, total: deals.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('futures.noDeals')} /> }}
      data-testid="futures-deals"
      scroll={{ x: true }}
      columns={[
        { title: t('futures.time'), dataIndex: 'createdAt', render: time },
        { title: t('futures.code'), dataIndex: 'code' },
        { title: t('futures.direction'), key: 'dir', render: (_, d) => `${t(`futures.action.${d.action}`)} ${t(`futures.side.${d.side}`)}` },
        { title: t('futures.dealType.label'), dataIndex: 'dealType', render: (v: string) => t(`futures.dealType.${v as 'market'}`) },
        { title: t('futures.price'), dataIndex: 'price' },
        { title: t('futures.lotsShort'), dataIndex: 'lots' },
        { title: t('futures.fee'), dataIndex: 'fee' },
        { title: t('futures.realizedPnl'), dataIndex: 'realizedPnl' },
      ]}
    />
  );
}

function Settlements() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const settlements = useSettlements(page);
  return (
    <Table<FuturesSettlement>
      size="small"
      rowKey="settlementId"
      loading={settlements.isLoading}
      dataSource={settlements.data?.content ?? []}
      pagination={{ current: page + 1, pageSize: FUTURES_PAGE, total: settlements.data?.total ?? 0, onChange: (p) => setPage(p - 1), showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('futures.noSettlements')} /> }}
      data-testid="futures-settlements"
      columns={[
        { title: t('futures.day'), dataIndex: 'day' },
        { title: t('futures.positionsHeld'), dataIndex: 'positions' },
        { title: t('futures.overnightFee'), dataIndex: 'overnightFee' },
        { title: t('futures.realizedPnl'), dataIndex: 'realizedPnl' },
        { title: t('futures.fees'), dataIndex: 'fees' },
        { title: t('futures.balance'), key: 'balance', render: (_, s) => `${s.balance} ${s.currency}` },
      ]}
    />
  );
}

/** `/futures/:code?`: contract trading — a listing's information and live mark, the order form, holdings, entrustments, deals and settlements. */
export function FuturesPage() {
  const { t } = useTranslation();
  const { code } = useParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const listings = useFuturesListings();
  const overview = useAssetOverview();
  useFuturesStream();
  const listing = listings.data?.find((l) => l.code === code) ?? listings.data?.[0];
  const available = overview.data?.accounts.find((a) => a.accountType === 'contract')?.balances.find((b) => b.asset === listing?.currency)?.available ?? '0';

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <h1 className="ex-heading" data-testid="page-heading">
        {t('futures.title')}
      </h1>
      {/* Trading, leveraged or not, starts with the risk disclosure, accepted once. */}
      {isLoggedIn && <RiskDisclosureModal />}
      {listings.isLoading ? (
        <Spin data-testid="futures-loading" />
      ) : !listing ? (
        <Empty description={t('futures.noListings')} data-testid="futures-empty" />
      ) : (
        <>
          <Card
            title={
              <Space wrap>
                <Select
                  value={listing.code}
                  style={{ minWidth: 180 }}
                  options={listings.data!.map((l) => ({ value: l.code, label: `${l.code} · ${l.name}` }))}
                  onChange={(next: string) => void navigate(`${paths.futures}/${next}`)}
                  data-testid="futures-listing-select"
                />
                <span>
                  {t('futures.markPrice')}: <strong data-testid="futures-mark">{listing.mark || '—'}</strong> {listing.currency}
                </span>
              </Space>
            }
          >
            <ListingInfo listing={listing} />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <Card title={t('futures.placeOrder')}>
                {isLoggedIn ? (
                  <OrderForm key={listing.listingId} listing={listing} available={available} />
                ) : (
                  <Button type="primary" onClick={() => void navigate(loginPathFor(`${paths.futures}/${listing.code}`))}>
                    {t('futures.loginToTrade')}
                  </Button>
                )}
              </Card>
            </Col>
            <Col xs={24} lg={16}>
              {isLoggedIn && (
                <Card>
                  <Tabs
                    items={[
                      { key: 'positions', label: t('futures.tabs.positions'), children: <Positions /> },
                      { key: 'open', label: t('futures.tabs.open'), children: <Entrustments open /> },
                      { key: 'history', label: t('futures.tabs.history'), children: <Entrustments open={false} /> },
                      { key: 'deals', label: t('futures.tabs.deals'), children: <Deals /> },
                      { key: 'settlements', label: t('futures.tabs.settlements'), children: <Settlements /> },
                    ]}
                  />
                </Card>
              )}
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
