import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { runAction } from '@tp/web-kit';
import { PRODUCT_CANCEL_REASON_MAX, PRODUCT_CANCEL_REASON_MIN, type ProductOrder, TRACKING_NO_PATTERN } from '@tp/contract';
import { useSellerCancel, useShipOrder } from '../../../api/product';
import { OrderItems, OrderList } from '../components/OrderList';
import { AmountConfirm, ConsigneeText, money } from '../shared';

function ShipModal({ order, onClose }: { order: ProductOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ship = useShipOrder();
  const [form] = Form.useForm<{ trackingNo: string }>();
  const label = t('product.fields.trackingNo');
  return (
    <Modal
      open={order !== null}
      title={`${t('product.actions.ship')} · ${order?.orderId ?? ''}`}
      onCancel={onClose}
      confirmLoading={ship.isPending}
      okButtonProps={{ 'data-testid': 'ship-ok' }}
      destroyOnHidden
      onOk={() =>
        void runAction(
          form.validateFields().then((v) =>
            ship.mutateAsync({ orderId: order!.orderId, trackingNo: v.trackingNo.trim() }).then(() => {
              void message.success(t('product.messages.done'));
              onClose();
            }),
          ),
        )
      }
    >
      {order && <OrderItems order={order} />}
      {order && (
        <div style={{ marginTop: 16 }} data-testid="ship-consignee">
          <Typography.Text strong>{t('product.fields.consignee')}</Typography.Text>
          <ConsigneeText consignee={order.consignee} />
        </div>
      )}
      <Form form={form} layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="trackingNo"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('product.rules.required', { field: label }) },
            { validator: (_: unknown, v: string | undefined) => (!v || TRACKING_NO_PATTERN.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('product.rules.trackingNo', { field: label })))) },
          ]}
        >
          <Input data-testid="field-trackingNo" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The seller cancels a paid order it cannot ship; the buyer reads the reason, so one is required (as on the server, trimmed). */
function SellerCancelModal({ order, onClose }: { order: ProductOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const cancel = useSellerCancel();
  const [form] = Form.useForm<{ reason: string }>();
  const label = t('product.fields.cancelReason');
  const trimmed = (v: string | undefined) => (v ?? '').trim().length;
  return (
    <Modal
      open={order !== null}
      title={`${t('product.actions.cancel')} · ${order?.orderId ?? ''}`}
      onCancel={onClose}
      confirmLoading={cancel.isPending}
      okText={t('product.confirm.ok')}
      okButtonProps={{ danger: true, 'data-testid': 'seller-cancel-ok' }}
      destroyOnHidden
      onOk={() =>
        void runAction(
          form.validateFields().then((v) =>
            cancel.mutateAsync({ orderId: order!.orderId, reason: v.reason.trim() }).then(() => {
              void message.success(t('product.messages.sellerCancelled'));
              onClose();
            }),
          ),
        )
      }
    >
      {order && (
        <AmountConfirm amount={order.amount}>
          <p>{t('product.confirm.sellerCancel', { orderId: order.orderId })}</p>
          <OrderItems order={order} />
        </AmountConfirm>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('product.rules.required', { field: label }) },
            {
              validator: (_: unknown, v: string | undefined) =>
                trimmed(v) === 0 || trimmed(v) >= PRODUCT_CANCEL_REASON_MIN ? Promise.resolve() : Promise.reject(new Error(t('product.rules.min', { field: label, min: PRODUCT_CANCEL_REASON_MIN }))),
            },
            {
              validator: (_: unknown, v: string | undefined) =>
                trimmed(v) <= PRODUCT_CANCEL_REASON_MAX ? Promise.resolve() : Promise.reject(new Error(t('product.rules.max', { field: label, max: PRODUCT_CANCEL_REASON_MAX }))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={PRODUCT_CANCEL_REASON_MAX} showCount placeholder={t('product.hints.cancelReason')} data-testid="seller-cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The orders for the firm's products, with shipping and cancelling. */
export function SalesOrdersTab() {
  const { t } = useTranslation();
  const [shipping, setShipping] = useState<ProductOrder | null>(null);
  const [cancelling, setCancelling] = useState<ProductOrder | null>(null);
  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('product.hints.fee')} />
      <OrderList
        side="seller"
        filterTestId="sales-filter-status"
        afterAmount={[{ title: t('product.fields.fee'), render: (_, r) => (r.status === 'T' ? money(r.fee) : '—') }]}
        actions={(r) =>
          r.status === 'W' && (
            <Space>
              <Button size="small" type="primary" onClick={() => setShipping(r)} data-testid="order-ship">
                {t('product.actions.ship')}
              </Button>
              <Button size="small" danger onClick={() => setCancelling(r)} data-testid={`seller-cancel-${r.orderId}`}>
                {t('product.actions.cancel')}
              </Button>
            </Space>
          )
        }
      />
      <ShipModal order={shipping} onClose={() => setShipping(null)} />
      <SellerCancelModal order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
