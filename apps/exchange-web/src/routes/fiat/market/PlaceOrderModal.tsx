import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Decimal } from '@tp/decimal';
import type { OtcAd, OtcAdSide, OtcPayMethod } from '@tp/contract';
import { applyFieldErrors, formatMoney } from '@tp/web-kit';
import { usePlaceOrder } from '../../../api/otc';
import { fiatPaths } from '../components/fiatPaths';

interface Values {
  volume: string;
  paymentMethod: OtcPayMethod;
  remarks?: string;
}

const QUANTITY = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,8})?$/;

/** Orders on an ad: the quantity within the ad's limits and remaining amount, the amount shown before it is confirmed. */
export function PlaceOrderModal({ ad, side, onClose }: { ad: OtcAd; side: OtcAdSide; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [form] = Form.useForm<Values>();
  const volume = (Form.useWatch('volume', form) ?? '').trim();
  const amount = QUANTITY.test(volume) ? Decimal.parse(volume).mul(ad.price).truncate(2).toString() : '';

  async function submit() {
    const values = await form.validateFields();
    try {
      const order = await place.mutateAsync({ adId: ad.id, volume: values.volume.trim(), paymentMethod: values.paymentMethod, remarks: values.remarks?.trim() ?? '' });
      onClose();
      void navigate(fiatPaths.order(order.id));
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Modal
      open
      title={t(side === 'buy' ? 'fiat.buyCoin' : 'fiat.sellCoin', { coin: ad.coin })}
      okText={t('fiat.placeOrder')}
      cancelText={t('fiat.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={place.isPending}
      okButtonProps={{ 'data-testid': 'order-submit' }}
    >
      <p>{t('fiat.orderPrice', { price: formatMoney(ad.price), currency: ad.currency, coin: ad.coin })}</p>
      <p className="ex-muted">{t('fiat.orderLimits', { min: formatMoney(ad.minAmount), max: formatMoney(ad.maxAmount), currency: ad.currency, remaining: ad.remaining, coin: ad.coin })}</p>
      {ad.note ? <Alert type="info" showIcon message={ad.note} style={{ marginBottom: 12 }} /> : null}
      <Form<Values> form={form} layout="vertical" initialValues={{ paymentMethod: ad.paymentMethods[0] }}>
        <Form.Item
          name="volume"
          label={t('fiat.volume', { coin: ad.coin })}
          extra={amount ? <span data-testid="order-amount">{t('fiat.orderAmount', { amount: formatMoney(amount), currency: ad.currency })}</span> : null}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!QUANTITY.test(text) || !/[1-9]/.test(text)) return Promise.reject(new Error(t('fiat.rule.volume')));
                if (Decimal.parse(text).gt(ad.remaining)) return Promise.reject(new Error(t('fiat.rule.remaining', { remaining: ad.remaining })));
                const total = Decimal.parse(text).mul(ad.price).truncate(2);
                if (total.lt(ad.minAmount)) return Promise.reject(new Error(t('fiat.rule.min', { min: ad.minAmount, currency: ad.currency })));
                if (total.gt(ad.maxAmount)) return Promise.reject(new Error(t('fiat.rule.max', { max: ad.maxAmount, currency: ad.currency })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" suffix={ad.coin} data-testid="order-volume" />
        </Form.Item>
        <Form.Item name="paymentMethod" label={t('fiat.paymentMethod')}>
          <Select options={ad.paymentMethods.map((m) => ({ value: m, label: t(`fiat.method.${m}`) }))} data-testid="order-method" />
        </Form.Item>
        <Form.Item name="remarks" label={t('fiat.remarks')}>
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
