import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Radio, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatPrice, runAction, useApp } from '@tp/web-kit';
import { LISTING_PRICE_PATTERN, type AuctionItem } from '@tp/contract';
import { useHoldings, useStorages } from '../../../api/warehouse';
import { paths } from '../../../paths';
import { fetchServerOffset, useMyAuctions, usePublish, usePublishMarginBuy, useUndoPublish } from '../api';
import { AuctionCard, AuctionTable, PhaseTag, SIZE } from '../shared';

interface PublishValues {
  kind: 'holdSell' | 'marginSell' | 'marginBuy';
  holdId: string;
  quantity?: string;
  /** A margin buy: what is wanted and where it is delivered. */
  commodityName?: string;
  gradeName?: string;
  weight?: string;
  warehousId?: string;
  startingUnitPrice: string;
  addPrice: string;
  reservePrice?: string;
  times: [Dayjs, Dayjs, Dayjs] | undefined;
  showTime: Dayjs;
  startTime: Dayjs;
  endTime: Dayjs;
  contactName: string;
  contactPhone: string;
  memo?: string;
}

/**
 * Publishing a lot from a held holding: the goods (and for a margin sell the seller's margin) are
 * frozen until it ends. A margin buy names the goods wanted and the delivery warehouse instead: the
 * buyer's deposit is frozen and sellers bid the price down from the starting price.
 */
function PublishLot() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const [form] = Form.useForm<PublishValues>();
  const holdings = useHoldings({ status: '0', page: 0, size: 100 });
  const kind = Form.useWatch('kind', form) ?? 'holdSell';
  const publishSell = usePublish(kind === 'marginSell' ? 'marginSell' : 'holdSell');
  const publishBuy = usePublishMarginBuy();
  const buying = kind === 'marginBuy';
  const storages = useStorages();
  // The times start from the platform's clock, which the sandbox may run ahead of this browser's.
  useEffect(() => {
    void fetchServerOffset().then((offset) => {
      const now = dayjs(Date.now() + offset);
      if (!form.isFieldsTouched(['showTime', 'startTime', 'endTime'])) form.setFieldsValue({ showTime: now.add(5, 'minute'), startTime: now.add(1, 'hour'), endTime: now.add(2, 'hour') });
    });
  }, [form]);
  const price = (field: string, required = true) => [
    ...(required ? [{ required: true, message: t('auction.rules.required', { field: t(`auction.fields.${field as 'addPrice'}`) }) }] : []),
    { pattern: LISTING_PRICE_PATTERN, message: t('auction.rules.price', { field: t(`auction.fields.${field as 'addPrice'}`) }) },
  ];
  const required = (field: string) => [{ required: true, message: t('auction.rules.required', { field: t(`auction.fields.${field as 'addPrice'}`) }) }];

  function submit(v: PublishValues) {
    const common = {
      startingUnitPrice: v.startingUnitPrice,
      addPrice: v.addPrice,
      ...(v.reservePrice ? { reservePrice: v.reservePrice } : {}),
      showTime: v.showTime.toISOString(),
      startTime: v.startTime.toISOString(),
      endTime: v.endTime.toISOString(),
      contactName: v.contactName,
      contactPhone: v.contactPhone,
      memo: v.memo ?? '',
    };
    const run = buying
      ? () => publishBuy.mutateAsync({ ...common, commodityName: v.commodityName ?? '', gradeName: v.gradeName ?? '', quantity: v.quantity ?? '', weight: v.weight ?? '', warehousId: v.warehousId ?? '' })
      : () =>
          publishSell.mutateAsync({
            ...common,
            holdId: v.holdId,
            ...(v.quantity ? { quantity: v.quantity } : {}),
            warehousId: holdings.data?.content.find((h) => h.holdId === v.holdId)?.storageId,
          });
    modal.confirm({
      title: t(buying ? 'auction.publishBuyConfirm' : kind === 'marginSell' ? 'auction.publishMarginConfirm' : 'auction.publishConfirm'),
      okButtonProps: { 'data-testid': 'auction-publish-ok' },
      onOk: () =>
        runAction(run()).then((r) => {
          if (!r) return;
          void message.success(t('auction.published', { id: r.itemId }));
          form.resetFields();
        }),
    });
  }

  return (
    <Form<PublishValues>
      form={form}
      layout="vertical"
      initialValues={{ kind: 'holdSell', showTime: dayjs().add(5, 'minute'), startTime: dayjs().add(1, 'hour'), endTime: dayjs().add(2, 'hour') }}
      onFinish={submit}
      style={{ maxWidth: 640, marginBottom: 24 }}
      data-testid="auction-publish-form"
    >
      <Form.Item name="kind" label={t('auction.fields.kind')}>
        <Radio.Group
          data-testid="field-kind"
          options={[
            { value: 'holdSell', label: t('auction.kind.H') },
            { value: 'marginSell', label: t('auction.kind.B') },
            { value: 'marginBuy', label: t('auction.kind.M') },
          ]}
        />
      </Form.Item>
      {buying ? (
        <>
          <p data-testid="auction-direction">{t('auction.marginBuyHint')}</p>
          <Space wrap>
            <Form.Item name="commodityName" label={t('auction.fields.commodity')} rules={required('commodity')}>
              <Input data-testid="field-commodityName" maxLength={64} />
            </Form.Item>
            <Form.Item name="gradeName" label={t('auction.fields.grade')}>
              <Input data-testid="field-gradeName" maxLength={64} />
            </Form.Item>
            <Form.Item name="warehousId" label={t('auction.fields.storage')} rules={required('storage')}>
              <Select data-testid="field-warehousId" loading={storages.isPending} style={{ minWidth: 200 }} options={(storages.data?.content ?? []).map((w) => ({ value: w.storageId, label: w.name }))} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="quantity" label={t('auction.fields.quantity')} rules={required('quantity')}>
              <Input data-testid="field-quantity" />
            </Form.Item>
            <Form.Item name="weight" label={t('auction.fields.weight')} rules={required('weight')}>
              <Input data-testid="field-weight" />
            </Form.Item>
          </Space>
        </>
      ) : (
        <>
          <Form.Item name="holdId" label={t('auction.fields.holding')} rules={required('holding')}>
            <Select
              data-testid="field-holdId"
              showSearch
              optionFilterProp="label"
              loading={holdings.isPending}
              options={(holdings.data?.content ?? []).map((h) => ({ value: h.holdId, label: `${h.receiptNo} · ${h.commodityName} ${h.gradeName} · ${h.quantity} / ${h.weight} · ${h.storageName}` }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label={t('auction.fields.quantity')} extra={t('auction.wholeHolding')}>
            <Input data-testid="field-quantity" />
          </Form.Item>
        </>
      )}
      <Space wrap>
        <Form.Item name="startingUnitPrice" label={t(buying ? 'auction.fields.startingUnitPriceBuy' : 'auction.fields.startingUnitPrice')} rules={price('startingUnitPrice')}>
          <Input data-testid="field-startingUnitPrice" />
        </Form.Item>
        <Form.Item name="addPrice" label={t('auction.fields.addPrice')} rules={price('addPrice')}>
          <Input data-testid="field-addPrice" />
        </Form.Item>
        <Form.Item name="reservePrice" label={t('auction.fields.reservePrice')} rules={price('reservePrice', false)}>
          <Input data-testid="field-reservePrice" />
        </Form.Item>
      </Space>
      <Space wrap>
        {(['showTime', 'startTime', 'endTime'] as const).map((f) => (
          <Form.Item key={f} name={f} label={t(`auction.fields.${f}`)} rules={required(f)}>
            <DatePicker showTime data-testid={`field-${f}`} />
          </Form.Item>
        ))}
      </Space>
      <Space wrap>
        <Form.Item name="contactName" label={t('auction.fields.contactName')} rules={required('contactName')}>
          <Input data-testid="field-contactName" maxLength={32} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('auction.fields.contactPhone')} rules={[...required('contactPhone'), { pattern: /^[0-9+\- ]{5,20}$/, message: t('auction.rules.phone') }]}>
          <Input data-testid="field-contactPhone" maxLength={20} />
        </Form.Item>
      </Space>
      <Form.Item name="memo" label={t('auction.fields.memo')}>
        <Input.TextArea maxLength={500} data-testid="field-memo" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={publishSell.isPending || publishBuy.isPending} data-testid="auction-publish">
        {t('auction.publish')}
      </Button>
    </Form>
  );
}

/** The seller's own lots; those not yet bidding can be taken back. */
function MyLots() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const [page, setPage] = useState(0);
  const lots = useMyAuctions({ page, size: SIZE });
  const undo = useUndoPublish();
  const columns: ColumnsType<AuctionItem> = [
    { title: t('auction.fields.itemId'), render: (_, r) => <Link to={paths.auctionRoom(r.itemId)}>{r.itemId}</Link> },
    { title: t('auction.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
    { title: t('auction.fields.kind'), render: (_, r) => t(`auction.kind.${r.kind}`) },
    { title: t('auction.fields.weight'), dataIndex: 'weight' },
    { title: t('auction.fields.currentPrice'), render: (_, r) => formatPrice(r.currentPrice) },
    { title: t('auction.fields.deposit'), render: (_, r) => formatMoney(r.deposit) },
    { title: t('auction.fields.bidCount'), dataIndex: 'bidCount' },
    { title: t('auction.fields.status'), render: (_, r) => <PhaseTag item={r} /> },
    { title: t('auction.fields.reason'), render: (_, r) => r.reason || '-' },
    {
      title: t('auction.fields.action'),
      render: (_, r) =>
        (r.status === 'N' && r.auditStatus !== 'F') || r.status === '0' ? (
          <Button
            size="small"
            data-testid="auction-undo"
            onClick={() =>
              modal.confirm({
                title: t('auction.undoConfirm', { id: r.itemId }),
                onOk: () => runAction(undo.mutateAsync(r.itemId)).then((x) => x && void message.success(t('auction.undone'))),
              })
            }
          >
            {t('auction.undoPublish')}
          </Button>
        ) : null,
    },
  ];
  return <AuctionTable<AuctionItem> rowKey="itemId" columns={columns} query={lots} page={page} setPage={setPage} onRow={(r) => ({ 'data-testid': 'auction-lot-row', 'data-item': r.itemId }) as object} />;
}

/** `/sellerCenter/resource/biddingResource`: publish a lot and follow the firm's lots. */
export function BiddingResourcePage() {
  return (
    <AuctionCard menu="biddingResource">
      <PublishLot />
      <MyLots />
    </AuctionCard>
  );
}

/** `/sellerCenter/sales/registeredBidding`: the seller's lots open for sign-up and bidding. */
export function SellerRegisteredPage() {
  return (
    <AuctionCard menu="salesRegisteredBidding">
      <MyLots />
    </AuctionCard>
  );
}
