import { App, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANTI_PHISHING_MAX, ANTI_PHISHING_MIN, ANTI_PHISHING_RE } from '@tp/contract';
import { applyFieldErrors, useFormRules } from '@tp/web-kit';
import { useSecurityStatus, useSetAntiPhishing } from '../../../api/security';
import { SecondFactorField, secondFactorOf } from '../../../components/SecondFactorField';

interface Values {
  antiPhishingCode: string;
  totpCode?: string;
}

/** The phrase every e-mail and notice of the platform shows, so a forged one is recognised. */
export function AntiPhishingCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useFormRules();
  const status = useSecurityStatus();
  const save = useSetAntiPhishing();
  const [form] = Form.useForm<Values>();
  const label = t('security.antiPhishing.label');

  async function submit(values: Values) {
    try {
      await save.mutateAsync({ antiPhishingCode: values.antiPhishingCode.trim(), ...secondFactorOf(values.totpCode) });
      void message.success(t('security.antiPhishing.saved'));
      form.resetFields();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  }

  return (
    <Card title={t('security.antiPhishing.title')}>
      {status.isPending ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 480 }}>
          <Typography.Paragraph type="secondary">{t('security.antiPhishing.intro')}</Typography.Paragraph>
          <div>
            {t('security.antiPhishing.current')}{' '}
            <Typography.Text strong data-testid="anti-phishing-current">
              {status.data?.antiPhishingCode || t('security.antiPhishing.notSet')}
            </Typography.Text>
          </div>
          <Form<Values> form={form} name="antiPhishing" layout="vertical" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="antiPhishingCode"
              label={label}
              rules={[
                rules.required(label),
                { min: ANTI_PHISHING_MIN, max: ANTI_PHISHING_MAX, message: t('security.antiPhishing.rule', { min: ANTI_PHISHING_MIN, max: ANTI_PHISHING_MAX }) },
                { pattern: ANTI_PHISHING_RE, message: t('security.antiPhishing.rule', { min: ANTI_PHISHING_MIN, max: ANTI_PHISHING_MAX }) },
              ]}
            >
              <Input maxLength={ANTI_PHISHING_MAX} data-testid="anti-phishing-input" />
            </Form.Item>
            <SecondFactorField />
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="anti-phishing-save">
              {t('security.antiPhishing.save')}
            </Button>
          </Form>
        </Space>
      )}
    </Card>
  );
}
