import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryStates, useLiveTopic, useSession } from '@tp/web-kit';
import { MallOrderPush, MallOrderStatus, TRACKING_NO_PATTERN, WsTopic, type MallOrder } from '@tp/contract';
import { refreshMall, useMallOrderAction, useMallOrders, useShipMallOrder } from '../../../../api/mall';
import { AfterSalePanel } from '../../../aftersale/AfterSalePanel';
import { BalancePayModal } from '../../components/PayOrder';
import { MallCard, MallImage, MallOrderStatusTag, money, pagination } from '../../shared';

const SIZE = 10;

function ShipModal({ order, onClose }: { order: MallOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const ship = useShipMallOrder();
  const [form] = Form.useForm<{ trackingNo: string }>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { trackingNo } = values;
    if (await ship.mutateAsync({ orderId: order.orderId, trackingNo: trackingNo.trim() }).catch(() => undefined)) onClose();
  };
  return (
    <Modal open title={t('mall.orders.shipTitle', { orderId: order.orderId })} confirmLoading={ship.isPending} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ 'data-testid': 'mall-ship-ok' }}>
      <Form form={form} layout="vertical">
        <Form.Item name="trackingNo" label={t('mall.fields.trackingNo')} rules={[{ required: true, pattern: TRACKING_NO_PATTERN, message: t('mall.rules.trackingNo') }]}>
          <Input maxLength={30} data-testid="mall-tracking-no" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const DUE_KEYS = { P: 'dueUnpaid', S: 'dueShipped', T: 'dueReceived' } as const;

/** When the order's next automatic step comes: a lapse, the automatic receipt, the completion. */
function DueText({ order }: { order: MallOrder }) {
  const { t } = useTranslation();
  const key = DUE_KEYS[order.status as keyof typeof DUE_KEYS] as (typeof DUE_KEYS)[keyof typeof DUE_KEYS] | undefined;
  if (!order.dueAt || !key) return null;
  return <Typography.Text type="secondary">{t(`mall.orders.${key}`, { time: new Date(order.dueAt).toLocaleString() })}</Typography.Text>;
}

function Orders({ side }: { side: 'buyer' | 'seller' }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<MallOrderStatus>();
  const [page, setPage] = useState(0);
  const orders = useMallOrders({ side, ...(status ? { status } : {}), page, size: SIZE });
  const cancel = useMallOrderAction('orderCancel');
  const receive = useMallOrderAction('orderReceive');
  const [paying, setPaying] = useState<MallOrder>();
  const [shipping, setShipping] = useState<MallOrder>();
  const confirm = (order: MallOrder, action: 'cancel' | 'receive') =>
    modal.confirm({
      title: t(`mall.orders.${action}`),
      content: t(`mall.orders.${action}Confirm`, { orderId: order.orderId }),
      okButtonProps: { 'data-testid': 'mall-confirm-ok' },
      onOk: () => (action === 'cancel' ? cancel : receive).mutateAsync(order.orderId).then(() => void message.success(t('mall.orders.done'))),
    });
  return (
    <>
      <Select
        allowClear
        placeholder={t('mall.orders.allStatuses')}
        style={{ width: 160, marginBottom: 16 }}
        value={status}
        onChange={(v) => {
          setStatus(v);
          setPage(0);
        }}
        options={MallOrderStatus.map((s) => ({ value: s, label: t(`mall.status.${s}`) }))}
        data-testid={`mall-orders-status-${side}`}
      />
      <QueryStates keys="mall" query={orders} empty={orders.data?.total === 0} emptyText={t('mall.orders.empty')}>
        <Table<MallOrder>
          rowKey="orderId"
          dataSource={orders.data?.content}
          pagination={pagination(page, SIZE, orders.data?.total ?? 0, setPage)}
          onRow={(order) => ({ 'data-testid': 'mall-order-row', 'data-order-id': order.orderId }) as object}
          expandable={{
            rowExpandable: (order) => ['T', 'C', 'R'].includes(order.status),
            expandedRowRender: (order) => <AfterSalePanel kind="mall" orderId={order.orderId} canOpen={side === 'buyer' && (order.status === 'T' || order.status === 'C')} />,
          }}
          columns={[
            { title: t('mall.fields.orderId'), dataIndex: 'orderId' },
            {
              title: t('mall.fields.goods'),
              key: 'goods',
              render: (_, o) => (
                <Space>
                  <MallImage thumbUrl={o.thumbUrl} alt={o.title} width={56} />
                  <Space direction="vertical" size={0}>
                    <Typography.Text>{o.title}</Typography.Text>
                    <Typography.Text type="secondary">{`${o.commoditySpec} × ${o.amount}`}</Typography.Text>
                  </Space>
                </Space>
              ),
            },
            { title: t('mall.fields.total'), key: 'total', render: (_, o) => <span data-testid="mall-order-total">¥{money(o.total)}</span> },
            { title: t('mall.fields.payWay'), key: 'payWay', render: (_, o) => t(`mall.payWay.${o.payWay}`) },
            {
              title: t('mall.fields.status'),
              key: 'status',
              render: (_, o) => (
                <Space direction="vertical" size={0}>
                  <MallOrderStatusTag status={o.status} />
                  {o.trackingNo && <Typography.Text type="secondary">{`${t('mall.fields.trackingNo')}: ${o.trackingNo}`}</Typography.Text>}
                  <DueText order={o} />
                </Space>
              ),
            },
            { title: side === 'buyer' ? t('mall.fields.seller') : t('mall.fields.consignee'), key: 'party', render: (_, o) => (side === 'buyer' ? o.sellerName : `${o.consignee.recipients} ${o.consignee.recipientsCellphone} ${o.consignee.region} ${o.consignee.addressName}`) },
            {
              title: '',
              key: 'actions',
              render: (_, o) => (
                <Space wrap>
                  {side === 'buyer' && o.status === 'P' && (
                    <Button size="small" type="primary" onClick={() => setPaying(o)} data-testid="mall-order-pay">
                      {t('mall.orders.pay')}
                    </Button>
                  )}
                  {side === 'buyer' && (o.status === 'P' || o.status === 'W') && (
                    <Button size="small" danger onClick={() => confirm(o, 'cancel')} data-testid="mall-order-cancel">
                      {t('mall.orders.cancel')}
                    </Button>
                  )}
                  {side === 'buyer' && o.status === 'S' && (
                    <Button size="small" type="primary" onClick={() => confirm(o, 'receive')} data-testid="mall-order-receive">
                      {t('mall.orders.receive')}
                    </Button>
                  )}
                  {side === 'seller' && o.status === 'W' && (
                    <Button size="small" type="primary" onClick={() => setShipping(o)} data-testid="mall-order-ship">
                      {t('mall.orders.ship')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryStates>
      {paying && <BalancePayModal order={paying} onPaid={() => setPaying(undefined)} onClose={() => setPaying(undefined)} />}
      {shipping && <ShipModal order={shipping} onClose={() => setShipping(undefined)} />}
    </>
  );
}

/** `/mall/user/orderList`: the firm's mall orders as buyer (pay, cancel, confirm receipt, return or exchange) and as seller (ship). */
export function MallOrderListPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [side, setSide] = useState<'buyer' | 'seller'>('buyer');
  // The other party's moves (payment confirmed, shipped, received) arrive on the firm's topic.
  useLiveTopic(session?.firmId ? WsTopic.firm(session.firmId) : undefined, (push) => {
    if (MallOrderPush.safeParse(push.data).success) void refreshMall();
  });
  return (
    <MallCard title={t('mall.user.orderList')}>
      <Tabs
        activeKey={side}
        onChange={(key) => setSide(key as 'buyer' | 'seller')}
        items={(['buyer', 'seller'] as const).map((s) => ({ key: s, label: <span data-testid={`mall-orders-${s}`}>{t(`mall.orders.${s}`)}</span> }))}
      />
      <Orders key={side} side={side} />
    </MallCard>
  );
}
