import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatPrice, runAction, useApp } from '@tp/web-kit';
import type { AuctionOrder } from '@tp/contract';
import { useHoldings } from '../../../api/warehouse';
import { paths } from '../../../paths';
import { AfterSalePanel } from '../../aftersale/AfterSalePanel';
import { useAuctionOrders, useConfirmBidOrder, usePayAuctionBalance } from '../api';
import { AuctionCard, AuctionTable, SIZE } from '../shared';

/** The winner pays the balance with the margin password; the confirmation shows the amount and what the deposit already paid. */
function PayModal({ order, onClose }: { order: AuctionOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ marginPassWord: string }>();
  const pay = usePayAuctionBalance();
  return (
    <Modal
      open
      title={t('auction.payTitle', { orderId: order.orderId })}
      onCancel={onClose}
      okButtonProps={{ loading: pay.isPending, ...({ 'data-testid': 'auction-pay-ok' } as object) }}
      onOk={() =>
        void form.validateFields().then((v) =>
          runAction(pay.mutateAsync({ orderId: order.orderId, marginPassWord: v.marginPassWord })).then((r) => {
            if (!r) return;
            void message.success(t('auction.paid'));
            onClose();
          }),
        )
      }
    >
      <p data-testid="auction-pay-amount">{t('auction.payFormula', { amount: formatMoney(order.amount), first: formatMoney(order.firstPayment), balance: formatMoney(order.balance) })}</p>
      <Form form={form} layout="vertical">
        <Form.Item name="marginPassWord" label={t('auction.fields.marginPassWord')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('auction.rules.marginPassWord') }]}>
          <Input.Password data-testid="field-marginPassWord" maxLength={6} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The winning seller of a margin buy confirms the order naming the holding it delivers from (the lot's
 * commodity); that part of it is frozen until the buyer pays the balance.
 */
function DeliverModal({ order, onClose }: { order: AuctionOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [form] = Form.useForm<{ holdId: string }>();
  const holdings = useHoldings({ status: '0', page: 0, size: 100 });
  const confirm = useConfirmBidOrder();
  const fitting = (holdings.data?.content ?? []).filter((h) => h.commodityName === order.commodityName);
  return (
    <Modal
      open
      title={t('auction.confirmOrder', { orderId: order.orderId, amount: formatMoney(order.amount) })}
      onCancel={onClose}
      okButtonProps={{ loading: confirm.isPending, ...({ 'data-testid': 'auction-deliver-ok' } as object) }}
      onOk={() =>
        void form.validateFields().then((v) =>
          runAction(confirm.mutateAsync({ orderId: order.orderId, holdId: v.holdId })).then((r) => {
            if (!r) return;
            void message.success(t('auction.confirmed'));
            onClose();
          }),
        )
      }
    >
      <p data-testid="auction-deliver-what">{t('auction.deliverWhat', { quantity: order.quantity, weight: order.weight, commodity: `${order.commodityName} ${order.gradeName}` })}</p>
      <Form form={form} layout="vertical">
        <Form.Item name="holdId" label={t('auction.fields.holding')} rules={[{ required: true, message: t('auction.rules.required', { field: t('auction.fields.holding') }) }]}>
          <Select
            data-testid="field-deliver-holdId"
            loading={holdings.isPending}
            notFoundContent={t('auction.noFittingHolding')}
            options={fitting.map((h) => ({ value: h.holdId, label: `${h.receiptNo} · ${h.commodityName} ${h.gradeName} · ${h.quantity} / ${h.weight} · ${h.storageName}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const dateTime = (iso: string) => new Date(iso).toLocaleString();

/** A margin buy still waiting for its winning seller: the buyer's balance days have not started. */
const awaitingSeller = (r: AuctionOrder) => r.kind === 'M' && r.status === 'W';

/**
 * Who is late or has defaulted on the order: the buyer on its balance, and in a margin buy also the
 * winning seller on its confirmation (past it delayed, after the grace days defaulted and the order void).
 */
function DefaultStates({ order }: { order: AuctionOrder }) {
  const { t } = useTranslation();
  const color = (state: string) => (state === 'F' ? 'red' : state === 'W' ? 'orange' : undefined);
  const tag = (side: 'buyer' | 'seller', state: AuctionOrder['buyerDefault']) => (
    <Tag key={side} color={color(state)} data-testid={`auction-${side}Default`} data-state={state}>
      {t(`auction.defaultOf.${side}`, { state: t(`auction.defaultStatus.${state}`) })}
    </Tag>
  );
  return (
    <Space size={4} wrap>
      {tag('buyer', order.buyerDefault)}
      {order.kind === 'M' && tag('seller', order.sellerDefault)}
    </Space>
  );
}

/** Winning orders of one side: the winner confirms (the seller of a margin buy, delivering from a holding), the buyer pays; both read the contract once issued. */
function OrdersPage({ side, menu }: { side: 'buyer' | 'seller'; menu: string }) {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const [page, setPage] = useState(0);
  const [paying, setPaying] = useState<AuctionOrder | null>(null);
  const [afterSale, setAfterSale] = useState<AuctionOrder | null>(null);
  const [delivering, setDelivering] = useState<AuctionOrder | null>(null);
  const orders = useAuctionOrders({ side, page, size: SIZE });
  const confirm = useConfirmBidOrder();
  const columns: ColumnsType<AuctionOrder> = [
    { title: t('auction.fields.orderId'), dataIndex: 'orderId' },
    { title: t('auction.fields.itemId'), render: (_, r) => <Link to={paths.auctionRoom(r.itemId)}>{r.itemId}</Link> },
    { title: t('auction.fields.commodity'), render: (_, r) => `${r.commodityName} ${r.gradeName}` },
    { title: t('auction.fields.weight'), dataIndex: 'weight' },
    { title: t('auction.fields.price'), render: (_, r) => formatPrice(r.price) },
    { title: t('auction.fields.amount'), render: (_, r) => formatMoney(r.amount) },
    { title: t('auction.fields.firstPayment'), render: (_, r) => formatMoney(r.firstPayment) },
    { title: t('auction.fields.balance'), render: (_, r) => formatMoney(r.balance) },
    { title: t('auction.fields.status'), render: (_, r) => <Tag data-testid="auction-order-status" data-status={r.status} data-pay={r.payStatus}>{`${t(`auction.orderStatus.${r.status}`)} · ${t(`auction.payStatus.${r.payStatus}`)}`}</Tag> },
    { title: t('auction.fields.default'), render: (_, r) => <DefaultStates order={r} /> },
    { title: t('auction.fields.confirmDueAt'), render: (_, r) => (r.status === 'W' && r.confirmDueAt ? <span data-testid="auction-confirm-due">{dateTime(r.confirmDueAt)}</span> : '-') },
    { title: t('auction.fields.balanceDueAt'), render: (_, r) => (r.balanceDueAt && !awaitingSeller(r) ? dateTime(r.balanceDueAt) : '-') },
    {
      title: t('auction.fields.action'),
      render: (_, r) => (
        <Space>
          {side === 'seller' && r.kind === 'M' && r.status === 'W' && (
            <Button size="small" type="primary" data-testid="auction-deliver" onClick={() => setDelivering(r)}>
              {t('auction.confirmBidOrder')}
            </Button>
          )}
          {side === 'buyer' && r.kind !== 'M' && r.status === 'W' && (
            <Button
              size="small"
              type="primary"
              data-testid="auction-confirm-order"
              onClick={() =>
                modal.confirm({
                  title: t('auction.confirmOrder', { orderId: r.orderId, amount: formatMoney(r.amount) }),
                  okButtonProps: { 'data-testid': 'auction-confirm-order-ok' },
                  onOk: () => runAction(confirm.mutateAsync({ orderId: r.orderId })).then((x) => x && void message.success(t('auction.confirmed'))),
                })
              }
            >
              {t('auction.confirmBidOrder')}
            </Button>
          )}
          {side === 'buyer' && r.status === 'T' && r.payStatus === 'F' && r.buyerDefault !== 'F' && (
            <Button size="small" type="primary" onClick={() => setPaying(r)} data-testid="auction-pay">
              {t('auction.payBalance')}
            </Button>
          )}
          {r.payStatus === 'L' && (
            <Button size="small" onClick={() => setAfterSale(r)} data-testid="auction-aftersale">
              {t('aftersale.title')}
            </Button>
          )}
          {r.contractId && (
            <Link to={side === 'buyer' ? paths.buyerContract : paths.sellerContract} data-testid="auction-contract">
              {t('auction.contract')}
            </Link>
          )}
        </Space>
      ),
    },
  ];
  return (
    <AuctionCard
      menu={menu}
      extra={
        <Link to={paths.afterSale} data-testid="aftersale-link">
          {t('aftersale.ordersLink')}
        </Link>
      }
    >
      <AuctionTable<AuctionOrder> rowKey="orderId" columns={columns} query={orders} page={page} setPage={setPage} onRow={(r) => ({ 'data-testid': 'auction-order-row', 'data-order': r.orderId }) as object} />
      {paying && <PayModal order={paying} onClose={() => setPaying(null)} />}
      {delivering && <DeliverModal order={delivering} onClose={() => setDelivering(null)} />}
      {afterSale && (
        <Modal open width={760} footer={null} title={`${t('aftersale.title')} · ${afterSale.commodityName} ${afterSale.gradeName}`} onCancel={() => setAfterSale(null)}>
          <AfterSalePanel kind="auction" orderId={afterSale.orderId} canOpen={side === 'buyer'} />
        </Modal>
      )}
    </AuctionCard>
  );
}

/** `/buyerCenter/purchase/biddingOrder` and `/buyerCenter/buy/biddingBuyOrder`: the firm's winning orders as buyer. */
export const BuyerBiddingOrderPage = () => <OrdersPage side="buyer" menu="biddingOrder" />;
export const BiddingBuyOrderPage = () => <OrdersPage side="buyer" menu="biddingBuyOrder" />;
/** `/buyerCenter/purchase/winningBidding`: the lots the firm won, as their orders. */
export const BuyerWinningPage = () => <OrdersPage side="buyer" menu="winningBidding" />;
/** `/sellerCenter/sales/biddingOrder`, `/sellerCenter/resource/biddingResourceOrder`, `/sellerCenter/sales/winningBidding`: the seller's sold lots. */
export const SellerBiddingOrderPage = () => <OrdersPage side="seller" menu="salesBiddingOrder" />;
export const BiddingResourceOrderPage = () => <OrdersPage side="seller" menu="biddingResourceOrder" />;
export const SellerWinningPage = () => <OrdersPage side="seller" menu="salesWinningBidding" />;
