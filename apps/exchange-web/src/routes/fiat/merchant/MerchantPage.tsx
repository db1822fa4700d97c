import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Descriptions, Form, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OTC_MERCHANT_DEPOSIT, OTC_MERCHANT_DEPOSIT_ASSET, OTC_MERCHANT_REVIEW_WORKING_DAYS } from '@tp/contract';
import { applyFieldErrors } from '@tp/web-kit';
import { useApplyMerchant, useOtcProfile, useQuitMerchant } from '../../../api/otc';
import { FiatNav } from '../components/FiatNav';
import { ImageUpload } from '../components/ImageUpload';
import { OtcPicture } from '../components/OtcPicture';

interface Values {
  agree: boolean;
  fundPassword: string;
}

/** `/fiat/merchant`: the merchant application (documents, the 50000 TPT deposit frozen), its review state, and quitting. */
export function MerchantPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const profile = useOtcProfile();
  const apply = useApplyMerchant();
  const quit = useQuitMerchant();
  const [documents, setDocuments] = useState<string[]>([]);
  const [form] = Form.useForm<Values>();
  const [quitPassword, setQuitPassword] = useState('');
  const merchant = profile.data?.merchant;
  const deposit = { amount: OTC_MERCHANT_DEPOSIT, asset: OTC_MERCHANT_DEPOSIT_ASSET };

  function submit(values: Values) {
    modal.confirm({
      title: t('fiat.applyConfirmTitle'),
      content: t('fiat.applyConfirmText', deposit),
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      okButtonProps: { 'data-testid': 'apply-confirm' },
      onOk: async () => {
        try {
          await apply.mutateAsync({ documents, agree: true, fundPassword: values.fundPassword });
        } catch (error) {
          applyFieldErrors(form, error);
        }
      },
    });
  }

  const askQuit = () =>
    modal.confirm({
      title: t('fiat.quitTitle'),
      content: <Input.Password inputMode="numeric" maxLength={6} placeholder={t('fiat.fundPassword')} onChange={(e) => setQuitPassword(e.target.value)} />,
      okText: t('fiat.confirm'),
      cancelText: t('fiat.back'),
      onOk: () => quit.mutateAsync(quitPassword),
    });

  const open = merchant && (merchant.status === 'submitted' || merchant.status === 'approved');
  return (
    <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('fiat.merchantTitle')}</h1>}>
      <FiatNav />
      {merchant ? (
        <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('fiat.statusLabel')}>
              <Tag data-testid="merchant-status">{t(`fiat.merchantStatus.${merchant.status}`)}</Tag>
            </Descriptions.Item>
            {merchant.reason ? <Descriptions.Item label={t('fiat.reviewReason')}>{merchant.reason}</Descriptions.Item> : null}
            <Descriptions.Item label={t('fiat.deposit')}>{t('fiat.depositText', deposit)}</Descriptions.Item>
          </Descriptions>
          {open ? (
            <Button onClick={askQuit} data-testid="merchant-quit">
              {t(merchant.status === 'approved' ? 'fiat.quit' : 'fiat.withdrawApplication')}
            </Button>
          ) : (
            <>
              {profile.data?.missing.length ? <Alert type="warning" showIcon message={t('fiat.missing', { items: profile.data.missing.map((m) => t(`fiat.missingItem.${m}`)).join('、') })} /> : null}
              <Alert type="info" showIcon message={t('fiat.applyHelp', { ...deposit, days: OTC_MERCHANT_REVIEW_WORKING_DAYS })} />
              <Form<Values> form={form} layout="vertical" onFinish={submit}>
                <Form.Item label={t('fiat.documents')} required>
                  <Space wrap>
                    {documents.map((id) => (
                      <OtcPicture key={id} id={id} width={80} alt={t('fiat.documents')} />
                    ))}
                    <ImageUpload testId="merchant-document" label={t('fiat.addDocument')} onUploaded={(id) => setDocuments((list) => [...list, id].slice(0, 6))} />
                  </Space>
                </Form.Item>
                <Form.Item name="agree" valuePropName="checked" rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('fiat.rule.agree')))) }]}>
                  <Checkbox data-testid="merchant-agree">{t('fiat.agreeDeposit', deposit)}</Checkbox>
                </Form.Item>
                <Form.Item name="fundPassword" label={t('fiat.fundPassword')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('fiat.rule.fundPassword') }]}>
                  <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" data-testid="merchant-password" />
                </Form.Item>
                <Button type="primary" htmlType="submit" disabled={documents.length === 0} loading={apply.isPending} data-testid="merchant-apply">
                  {t('fiat.apply')}
                </Button>
              </Form>
            </>
          )}
        </Space>
      ) : null}
    </Card>
  );
}
