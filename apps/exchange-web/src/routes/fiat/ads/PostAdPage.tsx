import { Alert, App, Button, Card, Checkbox, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { OTC_AD_NOTE_MAX, type OtcAdSide, type OtcCoin, type OtcCurrency, type OtcPayMethod, type OtcPriceType } from '@tp/contract';
import { applyFieldErrors } from '@tp/web-kit';
import { useOtcProfile, usePostAd } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { fiatPaths } from '../components/fiatPaths';
import { COINS, CURRENCIES, PAY_METHODS } from '../components/labels';

interface Values {
  side: OtcAdSide;
  coin: OtcCoin;
  currency: OtcCurrency;
  priceType: OtcPriceType;
  price?: string;
  floatPercent?: string;
  minAmount: string;
  maxAmount: string;
  totalVolume: string;
  paymentMethods: OtcPayMethod[];
  note?: string;
  seniorRequired: boolean;
}

const FIAT = /^(?:0|[1-9]\d{0,13})(?:\.\d{1,2})?$/;
const QUANTITY = /^(?:0|[1-9]\d{0,17})(?:\.\d{1,8})?$/;

/** `/fiat/ads/post`: merchants post a buy or sell ad; a sell ad's whole amount is frozen in escrow at once. */
export function PostAdPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const profile = useOtcProfile();
  const post = usePostAd();
  const [form] = Form.useForm<Values>();
  const priceType = Form.useWatch('priceType', form) ?? 'fixed';
  const positive = (pattern: RegExp, message: string) => ({
    validator: (_: unknown, value: string | undefined) => (pattern.test((value ?? '').trim()) && /[1-9]/.test(value ?? '') ? Promise.resolve() : Promise.reject(new Error(message))),
  });

  function submit(values: Values) {
    modal.confirm({
      title: t('fiat.postAdConfirmTitle'),
      content: values.side === 'sell' ? t('fiat.postAdEscrow', { volume: values.totalVolume, coin: values.coin }) : t('fiat.postAdBuy'),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      okButtonProps: { 'data-testid': 'post-ad-confirm' },
      onOk: async () => {
        try {
          await post.mutateAsync({
            ...values,
            price: values.priceType === 'fixed' ? values.price?.trim() : undefined,
            floatPercent: values.priceType === 'floating' ? values.floatPercent?.trim() : undefined,
            note: values.note?.trim() ?? '',
          });
          void navigate(fiatPaths.myAds);
        } catch (error) {
          applyFieldErrors(form, error);
        }
      },
    });
  }

  const merchant = profile.data?.merchant.status === 'approved';
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.postAdTitle')}</h1>}>
      <FiatNav />
      {profile.data && !merchant ? (
        <Alert type="info" showIcon message={t('fiat.onlyMerchants')} action={<Link to={fiatPaths.merchant}>{t('fiat.nav.merchant')}</Link>} data-testid="post-ad-not-merchant" />
      ) : null}
      {merchant ? (
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 560 }}
          initialValues={{ side: 'sell', coin: 'USDT', currency: 'CNY', priceType: 'fixed', paymentMethods: ['bank'], seniorRequired: false }}
          onFinish={submit}
        >
          <Form.Item name="side" label={t('fiat.adSideLabel')}>
            <Radio.Group options={(['sell', 'buy'] as const).map((s) => ({ value: s, label: t(`fiat.adSide.${s}`) }))} optionType="button" />
          </Form.Item>
          <Form.Item name="coin" label={t('fiat.coin')}>
            <Select options={COINS.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="currency" label={t('fiat.currency')}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="priceType" label={t('fiat.priceType')}>
            <Radio.Group options={(['fixed', 'floating'] as const).map((s) => ({ value: s, label: t(`fiat.priceTypes.${s}`) }))} />
          </Form.Item>
          {priceType === 'fixed' ? (
            <Form.Item name="price" label={t('fiat.price')} rules={[positive(FIAT, t('fiat.rule.fiat'))]}>
              <Input inputMode="decimal" data-testid="ad-price-input" />
            </Form.Item>
          ) : (
            <Form.Item name="floatPercent" label={t('fiat.floatPercent')} extra={t('fiat.floatHelp')} rules={[positive(/^\d{1,3}(?:\.\d{1,2})?$/, t('fiat.rule.percent'))]}>
              <Input inputMode="decimal" suffix="%" />
            </Form.Item>
          )}
          <Form.Item name="totalVolume" label={t('fiat.totalVolume')} rules={[positive(QUANTITY, t('fiat.rule.volume'))]}>
            <Input inputMode="decimal" data-testid="ad-volume-input" />
          </Form.Item>
          <Form.Item name="minAmount" label={t('fiat.minAmount')} rules={[positive(FIAT, t('fiat.rule.fiat'))]}>
            <Input inputMode="decimal" data-testid="ad-min-input" />
          </Form.Item>
          <Form.Item name="maxAmount" label={t('fiat.maxAmount')} rules={[positive(FIAT, t('fiat.rule.fiat'))]}>
            <Input inputMode="decimal" data-testid="ad-max-input" />
          </Form.Item>
          <Form.Item name="paymentMethods" label={t('fiat.paymentMethods')} rules={[{ required: true, type: 'array', min: 1, message: t('fiat.rule.methods') }]}>
            <Checkbox.Group options={PAY_METHODS.map((m) => ({ value: m, label: t(`fiat.method.${m}`) }))} />
          </Form.Item>
          <Form.Item name="note" label={t('fiat.note')} rules={[{ max: OTC_AD_NOTE_MAX, message: t('fiat.rule.note', { max: OTC_AD_NOTE_MAX }) }]}>
            <Input showCount maxLength={OTC_AD_NOTE_MAX} data-testid="ad-note-input" />
          </Form.Item>
          <Form.Item name="seniorRequired" label={t('fiat.seniorRequired')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={post.isPending} data-testid="post-ad-submit">
            {t('fiat.postAdSubmit')}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
