import { useState } from 'react';
import { Alert, Button, Card, InputNumber, Modal, Radio, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryStates, runAction, useApp, useSession } from '@tp/web-kit';
import type { Cart, CartLine, ProductOrder } from '@tp/contract';
import { useAddresses } from '../../../api/enterprise';
import { useCart, useCartChange, useCartRemove, useCheckout, useOrderAction } from '../../../api/product';
import { paths } from '../../../paths';
import { OrderList } from '../components/OrderList';
import { AmountConfirm, ProductCard, ProductImage, money } from '../shared';

/**
 * Checkout: where the goods go (one of the buyer's own addresses, the default one first; a link to
 * add one when the book is empty) and the exact amount frozen from the buyer's funds.
 */
function CheckoutModal({ cart, orders, onClose }: { cart: Cart; orders: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const { session } = useSession();
  const addresses = useAddresses();
  const checkout = useCheckout();
  const list = addresses.data ?? [];
  const [chosen, setChosen] = useState<string>();
  const consigneeId = chosen ?? (list.find((a) => a.defaultFlag === '1') ?? list[0])?.id;
  const funds = session?.userType === 'personal' ? 'personal' : 'enterprise';
  return (
    <Modal
      open
      width={560}
      title={t('product.confirm.checkoutTitle')}
      onCancel={onClose}
      okText={t('product.confirm.ok')}
      confirmLoading={checkout.isPending}
      okButtonProps={{ 'data-testid': 'checkout-ok', disabled: !consigneeId }}
      onOk={() =>
        void runAction(
          checkout.mutateAsync({ total: cart.total, consigneeId: consigneeId! }).then((r) => {
            void message.success(t('product.messages.paid', { count: r.orders.length }));
            onClose();
          }),
        )
      }
    >
      <Typography.Text strong>{t('product.fields.consignee')}</Typography.Text>
      <QueryStates keys="product" skeletonRows={4} query={addresses} empty={list.length === 0} emptyText={t('product.hints.noAddress')}>
        <Radio.Group value={consigneeId} onChange={(e) => setChosen(e.target.value as string)} style={{ display: 'block', margin: '8px 0' }} data-testid="checkout-address">
          <Space direction="vertical">
            {list.map((a) => (
              <Radio key={a.id} value={a.id} data-testid={`checkout-address-${a.id}`}>
                {`${a.recipients} ${a.recipientsCellphone} · ${a.region} ${a.addressName}`}
                {a.defaultFlag === '1' && <Typography.Text type="secondary">{` (${t('product.defaultAddress')})`}</Typography.Text>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </QueryStates>
      <Link to={paths.myAddress} data-testid="checkout-add-address">
        {list.length === 0 ? t('product.actions.addAddress') : t('product.actions.manageAddresses')}
      </Link>
      <div style={{ marginTop: 16 }}>
        <AmountConfirm amount={cart.total}>
          <p>{t(`product.confirm.checkoutText.${funds}`)}</p>
          <p>{t('product.confirm.orders', { count: orders })}</p>
        </AmountConfirm>
      </div>
    </Modal>
  );
}

function CartTab() {
  const { t } = useTranslation();
  const { hasRight } = useSession();
  const cart = useCart();
  const update = useCartChange('cartUpdate');
  const remove = useCartRemove();
  const [paying, setPaying] = useState(false);
  const data = cart.data;
  const payable = data ? data.groups.filter((g) => g.lines.some((l) => l.available)).length : 0;
  const pay = () => setPaying(true);
  return (
    <QueryStates keys="product" skeletonRows={4} query={cart} empty={data?.groups.length === 0} emptyText={t('product.emptyCart')}>
      {data && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {data.groups.map((group) => (
            <Card
              key={group.sellerFirmId}
              size="small"
              data-testid={`cart-group-${group.sellerFirmId}`}
              title={<Link to={paths.shopCenterOf(group.sellerFirmId)}>{group.shopName}</Link>}
              extra={
                <span>
                  {t('product.fields.subtotal')}：<Typography.Text strong data-testid="cart-subtotal">¥{money(group.subtotal)}</Typography.Text>
                </span>
              }
            >
              <Table<CartLine>
                rowKey="productId"
                size="small"
                pagination={false}
                dataSource={group.lines}
                onRow={(row) => ({ 'data-testid': `cart-line-${row.productId}` }) as object}
                columns={[
                  { title: '', render: (_, r) => <ProductImage thumbUrl={r.thumbUrl} alt={r.name} width={56} /> },
                  {
                    title: t('product.fields.name'),
                    render: (_, r) => (
                      <Space direction="vertical" size={0}>
                        <Link to={paths.productionDetails(r.productId)}>{r.name}</Link>
                        <Typography.Text type="secondary">{r.specification}</Typography.Text>
                        {!r.available && <Typography.Text type="warning">{t('product.hints.unavailable')}</Typography.Text>}
                      </Space>
                    ),
                  },
                  { title: t('product.fields.price'), render: (_, r) => t('product.perUnit', { price: money(r.price), unit: r.unit }) },
                  {
                    title: t('product.fields.quantity'),
                    render: (_, r) => (
                      <InputNumber
                        min={1}
                        max={999999}
                        precision={0}
                        value={r.quantity}
                        data-testid="cart-quantity"
                        onChange={(v) => {
                          if (v && v !== r.quantity) void runAction(update.mutateAsync({ productId: r.productId, quantity: v }));
                        }}
                      />
                    ),
                  },
                  { title: t('product.fields.amount'), render: (_, r) => <span data-testid="cart-amount">{money(r.amount)}</span> },
                  {
                    title: t('product.fields.actions'),
                    render: (_, r) => (
                      <Button size="small" danger onClick={() => void runAction(remove.mutateAsync(r.productId))} data-testid="cart-remove">
                        {t('product.actions.remove')}
                      </Button>
                    ),
                  },
                ]}
              />
            </Card>
          ))}
          <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
            <Typography.Text>
              {t('product.fields.total')}：
              <Typography.Text type="danger" strong style={{ fontSize: 20 }} data-testid="cart-total">
                ¥{money(data.total)}
              </Typography.Text>
            </Typography.Text>
            {hasRight('mall.order') && (
              <Button type="primary" size="large" disabled={payable === 0} onClick={pay} data-testid="cart-checkout">
                {t('product.actions.checkout')}
              </Button>
            )}
          </Space>
          {paying && <CheckoutModal cart={data} orders={payable} onClose={() => setPaying(false)} />}
        </Space>
      )}
    </QueryStates>
  );
}

function BuyerOrdersTab() {
  const { t } = useTranslation();
  const { modal, message } = useApp();
  const { hasRight } = useSession();
  const allowed = hasRight('mall.order');
  const receive = useOrderAction('receive');
  const cancel = useOrderAction('cancel');
  const ask = (action: 'receive' | 'cancel', order: ProductOrder) =>
    modal.confirm({
      title: t(`product.actions.${action}`),
      content: <AmountConfirm amount={order.amount}>{t(`product.confirm.${action}`, { orderId: order.orderId, amount: money(order.amount) })}</AmountConfirm>,
      okText: t('product.confirm.ok'),
      okButtonProps: { 'data-testid': `order-${action}-ok` },
      onOk: () => (action === 'receive' ? receive : cancel).mutateAsync(order.orderId).then(() => void message.success(t('product.messages.done'))),
    });
  if (!allowed) return <Alert type="warning" message={t('product.noRight')} />;
  return (
    <OrderList
      side="buyer"
      filterTestId="orders-filter-status"
      afterOrderId={[{ title: t('product.fields.shop'), render: (_, r) => <Link to={paths.shopCenterOf(r.sellerFirmId)}>{r.shopName}</Link> }]}
      actions={(r) => (
        <Space>
          {r.status === 'S' && (
            <Button size="small" type="primary" onClick={() => ask('receive', r)} data-testid="order-receive">
              {t('product.actions.receive')}
            </Button>
          )}
          {r.status === 'W' && (
            <Button size="small" danger onClick={() => ask('cancel', r)} data-testid="order-cancel">
              {t('product.actions.cancel')}
            </Button>
          )}
        </Space>
      )}
    />
  );
}

/** `/productionSell/cart` (login required): the cart by shop with totals and checkout, and the buyer's product orders. */
export function CartPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'orders' ? 'orders' : 'cart';
  return (
    <ProductCard
      title={t('product.cartTitle')}
      extra={
        <Link to={paths.productionSell}>
          <Button>{t('product.actions.market')}</Button>
        </Link>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'orders' ? { tab: 'orders' } : {}, { replace: true })}
        items={[
          { key: 'cart', label: <span data-testid="tab-cart">{t('product.tabs.cart')}</span>, children: <CartTab /> },
          { key: 'orders', label: <span data-testid="tab-orders">{t('product.tabs.orders')}</span>, children: <BuyerOrdersTab /> },
        ]}
      />
    </ProductCard>
  );
}
