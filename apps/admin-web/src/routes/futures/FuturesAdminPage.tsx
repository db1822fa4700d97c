import { useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table, Tabs, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { STANDARD_LISTING_TERMS, type AdminFuturesPosition, type FuturesLiquidation, type FuturesListing, type SaveFuturesListing } from '@tp/contract';
import { PageCard } from '../../components/PageCard';
import { formatTime } from '../../components/format';
import { FUTURES_PAGE, useFuturesListings, useLiquidations, useListingStatus, useOpenPositions, useSaveListing } from './api';

const TEXT_FIELDS = ['name', 'code', 'symbol'] as const;
const AMOUNT_FIELDS = ['tickSize', 'unit', 'marginCoefficient', 'maintenanceRate', 'openFee', 'closeFee', 'priceDifference', 'overnightFee'] as const;
const LOT_FIELDS = ['minLots', 'maxLots', 'maxPosition'] as const;
const SWITCHES = ['allowMarketOpen', 'allowMarketClose', 'allowStops'] as const;
const DECIMAL = /^\d{1,12}(?:\.\d{1,18})?$/;

const NEW_LISTING: Partial<SaveFuturesListing> = {
  ...STANDARD_LISTING_TERMS,
  symbol: 'BTCUSDT',
  unit: '0.01',
  maxLots: 100,
  maxPosition: 500,
  priceDifference: '0.5',
};

function ListingEditor({ listing, onClose }: { listing?: FuturesListing; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveListing();
  const [form] = Form.useForm<SaveFuturesListing>();
  const locked = listing?.status === 'listed';
  const required = (field: keyof SaveFuturesListing & (typeof TEXT_FIELDS | typeof AMOUNT_FIELDS | typeof LOT_FIELDS)[number]) => ({ required: true, message: t('futures.required', { field: t(`futures.fields.${field}`) }) });

  async function submit(values: SaveFuturesListing) {
    await save.mutateAsync({ ...values, ...(listing ? { listingId: listing.listingId } : {}) });
    void message.success(t('futures.saved'));
    onClose();
  }

  return (
    <Modal open width={860} title={t(listing ? 'futures.edit' : 'futures.create')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} okButtonProps={{ 'data-testid': 'futures-save' } as ButtonProps} destroyOnHidden>
      <Form<SaveFuturesListing> form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={listing ?? NEW_LISTING}>
        <Row gutter={12}>
          {TEXT_FIELDS.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={t(`futures.fields.${key}`)} rules={[required(key)]}>
                <Input disabled={locked && key !== 'name'} data-testid={`futures-${key}`} />
              </Form.Item>
            </Col>
          ))}
          <Col span={8}>
            <Form.Item name="marginAlgorithm" label={t('futures.fields.marginAlgorithm')}>
              <Select options={(['fixed', 'percent'] as const).map((value) => ({ value, label: t(`futures.algorithm.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="feeAlgorithm" label={t('futures.fields.feeAlgorithm')}>
              <Select options={(['fixed', 'percent'] as const).map((value) => ({ value, label: t(`futures.algorithm.${value}`) }))} />
            </Form.Item>
          </Col>
          {AMOUNT_FIELDS.map((key) => (
            <Col span={8} key={key}>
              <Form.Item
                name={key}
                label={t(`futures.fields.${key}`)}
                rules={[required(key), { pattern: DECIMAL, message: t('futures.decimal', { field: t(`futures.fields.${key}`) }) }]}
              >
                <Input data-testid={`futures-${key}`} />
              </Form.Item>
            </Col>
          ))}
          {LOT_FIELDS.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={t(`futures.fields.${key}`)} rules={[required(key)]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`futures-${key}`} />
              </Form.Item>
            </Col>
          ))}
          {SWITCHES.map((key) => (
            <Col span={8} key={key}>
              <Form.Item name={key} label={t(`futures.fields.${key}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}

function Listings() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const listings = useFuturesListings();
  const status = useListingStatus();
  const [editing, setEditing] = useState<FuturesListing | 'new'>();
  const move = (listing: FuturesListing, to: 'listed' | 'delisted') =>
    modal.confirm({
      title: t(`futures.confirm.${to}`, { code: listing.code }),
      okButtonProps: { 'data-testid': 'futures-status-ok' } as ButtonProps,
      onOk: async () => {
        await status.mutateAsync({ listingId: listing.listingId, status: to });
        void message.success(t(`futures.status.${to}`));
      },
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing('new')} data-testid="futures-create">
        {t('futures.create')}
      </Button>
      <Table<FuturesListing>
        data-testid="futures-listings"
        rowKey="listingId"
        loading={listings.isFetching}
        dataSource={listings.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: listings.isPending ? ' ' : t('futures.empty') }}
        columns={[
          { title: t('futures.fields.code'), dataIndex: 'code' },
          { title: t('futures.fields.name'), dataIndex: 'name' },
          { title: t('futures.fields.symbol'), dataIndex: 'symbol' },
          { title: t('futures.mark'), dataIndex: 'mark', render: (v: string) => v || '—' },
          { title: t('futures.fields.unit'), dataIndex: 'unit' },
          { title: t('futures.fields.marginCoefficient'), key: 'margin', render: (_, l) => `${t(`futures.algorithm.${l.marginAlgorithm}`)} ${l.marginCoefficient}` },
          { title: t('futures.lots'), key: 'lots', render: (_, l) => `${l.minLots} – ${l.maxLots} / ${l.maxPosition}` },
          { title: t('futures.statusLabel'), dataIndex: 'status', render: (v: FuturesListing['status']) => <Tag color={v === 'listed' ? 'green' : v === 'delisted' ? 'default' : 'gold'}>{t(`futures.status.${v}`)}</Tag> },
          {
            title: t('futures.actions'),
            key: 'actions',
            render: (_, l) => (
              <Space>
                {l.status !== 'delisted' && (
                  <Button size="small" onClick={() => setEditing(l)} data-testid="futures-edit">
                    {t('futures.edit')}
                  </Button>
                )}
                {l.status === 'unlisted' && (
                  <Button size="small" type="primary" onClick={() => move(l, 'listed')} data-testid="futures-list">
                    {t('futures.list')}
                  </Button>
                )}
                {l.status !== 'delisted' && (
                  <Button size="small" danger onClick={() => move(l, 'delisted')} data-testid="futures-delist">
                    {t('futures.delist')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <ListingEditor listing={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} /> : null}
    </Space>
  );
}

function Positions() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const positions = useOpenPositions(page - 1);
  return (
    <Table<AdminFuturesPosition>
      data-testid="futures-positions"
      rowKey="positionId"
      loading={positions.isFetching}
      dataSource={positions.data?.content ?? []}
      locale={{ emptyText: positions.isPending ? ' ' : t('futures.noPositions') }}
      pagination={{ current: page, pageSize: FUTURES_PAGE, total: positions.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      scroll={{ x: true }}
      columns={[
        { title: t('futures.user'), dataIndex: 'userId' },
        { title: t('futures.fields.code'), dataIndex: 'code' },
        { title: t('futures.side'), dataIndex: 'side', render: (v: 'long' | 'short') => t(`futures.sides.${v}`) },
        { title: t('futures.lots'), dataIndex: 'lots' },
        { title: t('futures.averagePrice'), dataIndex: 'averagePrice' },
        { title: t('futures.mark'), dataIndex: 'mark' },
        { title: t('futures.floatingPnl'), dataIndex: 'floatingPnl' },
        { title: t('futures.margin'), dataIndex: 'margin' },
        { title: t('futures.stops'), key: 'stops', render: (_, p) => `${p.stopProfit || '—'} / ${p.stopLoss || '—'}` },
        { title: t('futures.openedAt'), dataIndex: 'openedAt', render: formatTime },
      ]}
    />
  );
}

function Liquidations() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const liquidations = useLiquidations(page - 1);
  return (
    <Table<FuturesLiquidation>
      data-testid="futures-liquidations"
      rowKey="dealId"
      loading={liquidations.isFetching}
      dataSource={liquidations.data?.content ?? []}
      locale={{ emptyText: liquidations.isPending ? ' ' : t('futures.noLiquidations') }}
      pagination={{ current: page, pageSize: FUTURES_PAGE, total: liquidations.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        { title: t('futures.time'), dataIndex: 'createdAt', render: formatTime },
        { title: t('futures.user'), dataIndex: 'userId' },
        { title: t('futures.fields.code'), dataIndex: 'code' },
        { title: t('futures.side'), dataIndex: 'side', render: (v: 'long' | 'short') => t(`futures.sides.${v}`) },
        { title: t('futures.lots'), dataIndex: 'lots' },
        { title: t('futures.price'), dataIndex: 'price' },
        { title: t('futures.realizedPnl'), dataIndex: 'realizedPnl' },
        { title: t('futures.shortfall'), dataIndex: 'shortfall' },
      ]}
    />
  );
}

/** `/futures`: contract listings (create, edit, list, delist) and, read-only, the open positions and compulsory closings. */
export function FuturesAdminPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('futures.title')}>
      <Tabs
        items={[
          { key: 'listings', label: t('futures.tabs.listings'), children: <Listings /> },
          { key: 'positions', label: t('futures.tabs.positions'), children: <Positions /> },
          { key: 'liquidations', label: t('futures.tabs.liquidations'), children: <Liquidations /> },
        ]}
      />
    </PageCard>
  );
}
