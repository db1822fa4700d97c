import { useCallback, useState } from 'react';
import { App, Button, Descriptions, Form, InputNumber, Radio, Result, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Decimal } from '@tp/decimal';
import { QueryStates } from '@tp/web-kit';
import type { MallMobilePayment, MallOrder, MallPayWay } from '@tp/contract';
import { useAddresses } from '../../../api/enterprise';
import { useAddMallOrder, useMallGoodsDetail, useMobilePayMallOrder } from '../../../api/mall';
import { paths } from '../../../paths';
import { BalancePayModal } from '../components/PayOrder';
import { MobilePayPanel } from '../payment/MobilePayPanel';
import { MallCard, MallImage, money } from '../shared';

interface Values {
  consigneeId: string;
  commoditySpec: string;
  amount: number;
  payWay: MallPayWay;
}

/** `/mall/confirmOrder`: address from the address book, spec, quantity and amount; paid by balance (fund password), Alipay or WeChat Pay. */
export function ConfirmOrderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const commodityId = params.get('commodityId') ?? undefined;
  const goods = useMallGoodsDetail(commodityId);
  const addresses = useAddresses();
  const add = useAddMallOrder();
  const mobile = useMobilePayMallOrder();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form) ?? Number(params.get('amount') ?? 1);
  const [placed, setPlaced] = useState<MallOrder>();
  const [paying, setPaying] = useState<'balance' | null>(null);
  const [payment, setPayment] = useState<MallMobilePayment>();
  const done = useCallback(() => {
    void message.success(t('mall.confirm.paid'));
    void navigate(paths.mallOrderList);
  }, [navigate, message, t]);

  if (!commodityId) return <Result status="info" title={t('mall.confirm.missing')} extra={<Link to={paths.mall}>{t('mall.title')}</Link>} />;
  const g = goods.data;
  const total = g ? Decimal.parse(g.price).mul(String(Math.max(1, amount || 1))).truncate(2).toString() : '0';
  const defaultAddress = addresses.data?.find((a) => a.defaultFlag === '1') ?? addresses.data?.[0];

  const submit = async (values: Values) => {
    const order = placed ?? (await add.mutateAsync({ commodityId, consigneeId: values.consigneeId, commoditySpec: values.commoditySpec, amount: values.amount }).catch(() => undefined));
    if (!order) return;
    setPlaced(order);
    if (values.payWay === 'balance') setPaying('balance');
    else {
      const value = await mobile.mutateAsync({ orderId: order.orderId, channel: values.payWay }).catch(() => undefined);
      if (value) setPayment(value);
    }
  };

  // The order is paid (or can be paid again from the order list) once the provider answers.
  if (payment && placed)
    return (
      <MallCard title={t('mall.confirm.title')}>
        <MobilePayPanel paymentId={payment.paymentId} onPaid={done} onExpired={() => setPayment(undefined)} />
      </MallCard>
    );
  return (
    <MallCard title={t('mall.confirm.title')}>
      <QueryStates keys="mall" query={goods}>
        {g && (
          <QueryStates keys="mall" query={addresses}>
            {addresses.data?.length === 0 ? (
              <Result status="warning" title={t('mall.confirm.noAddress')} extra={<Link to={paths.mallAddress}>{t('mall.confirm.addAddress')}</Link>} />
            ) : (
              <Form<Values>
                form={form}
                layout="vertical"
                style={{ maxWidth: 640 }}
                initialValues={{ consigneeId: defaultAddress?.id, commoditySpec: params.get('commoditySpec') || g.specs[0], amount: Number(params.get('amount') ?? 1) || 1, payWay: 'balance' }}
                onFinish={(v) => void submit(v)}
              >
                <Space align="start" style={{ marginBottom: 16 }}>
                  <MallImage thumbUrl={g.images[0]?.thumbUrl} alt={g.name} width={120} />
                  <Descriptions column={1} size="small" title={g.name}>
                    <Descriptions.Item label={t('mall.fields.seller')}>{g.sellerName}</Descriptions.Item>
                    <Descriptions.Item label={t('mall.fields.price')}>¥{money(g.price)}</Descriptions.Item>
                  </Descriptions>
                </Space>
                <Form.Item name="consigneeId" label={t('mall.fields.consignee')} rules={[{ required: true, message: t('mall.rules.required', { field: t('mall.fields.consignee') }) }]}>
                  <Select
                    data-testid="mall-consignee"
                    disabled={!!placed}
                    options={(addresses.data ?? []).map((a) => ({ value: a.id, label: `${a.recipients} ${a.recipientsCellphone} ${a.region} ${a.addressName}` }))}
                  />
                </Form.Item>
                <Form.Item name="commoditySpec" label={t('mall.fields.spec')} rules={[{ required: true }]}>
                  <Radio.Group disabled={!!placed} optionType="button" options={g.specs.map((s) => ({ value: s, label: s }))} />
                </Form.Item>
                <Form.Item name="amount" label={t('mall.fields.amount')} rules={[{ required: true, message: t('mall.rules.required', { field: t('mall.fields.amount') }) }]}>
                  <InputNumber disabled={!!placed} min={1} max={Math.max(1, Math.min(g.stock, 9999))} precision={0} data-testid="mall-confirm-amount" />
                </Form.Item>
                <Form.Item label={t('mall.fields.total')}>
                  <Typography.Text type="danger" strong data-testid="mall-confirm-total">
                    ¥{money(placed?.total ?? total)}
                  </Typography.Text>
                </Form.Item>
                <Form.Item name="payWay" label={t('mall.fields.payWay')}>
                  <Radio.Group
                    data-testid="mall-pay-way"
                    options={(['balance', 'alipay', 'wechat'] as const).map((w) => ({ value: w, label: <span data-testid={`mall-pay-${w}`}>{t(`mall.payWay.${w}`)}</span> }))}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={add.isPending || mobile.isPending} data-testid="mall-submit-order">
                  {placed ? t('mall.orders.pay') : t('mall.confirm.submit')}
                </Button>
              </Form>
            )}
          </QueryStates>
        )}
      </QueryStates>
      {paying && placed && <BalancePayModal order={placed} onPaid={done} onClose={() => setPaying(null)} />}
    </MallCard>
  );
}
