import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toChineseUppercase } from '@tp/decimal';
import { PAYMENT_PASSWORD_RE, type MallOrder } from '@tp/contract';
import { usePayMallOrder } from '../../../api/mall';
import { money } from '../shared';

/** The confirmation of a balance payment: the amount in figures and in words, and the fund password. */
export function BalancePayModal({ order, onPaid, onClose }: { order: MallOrder; onPaid: (order: MallOrder) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const pay = usePayMallOrder();
  const [form] = Form.useForm<{ fundPassword: string }>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { fundPassword } = values;
    const paid = await pay.mutateAsync({ orderId: order.orderId, fundPassword }).catch(() => undefined);
    if (paid) onPaid(paid);
  };
  return (
    <Modal open title={t('mall.confirm.payTitle')} okText={t('mall.confirm.ok')} cancelText={t('mall.confirm.cancel')} confirmLoading={pay.isPending} onOk={() => void submit()} onCancel={onClose} okButtonProps={{ 'data-testid': 'mall-pay-ok' }}>
      <p data-testid="mall-pay-text">{t('mall.confirm.payText', { orderId: order.orderId, amount: money(order.total) })}</p>
      <p>{t('mall.confirm.uppercase', { amount: toChineseUppercase(order.total) })}</p>
      <Form form={form} layout="vertical">
        <Form.Item name="fundPassword" label={t('mall.fields.fundPassword')} rules={[{ required: true, pattern: PAYMENT_PASSWORD_RE, message: t('mall.rules.fundPassword') }]}>
          <Input.Password maxLength={6} autoComplete="off" data-testid="mall-fund-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
