import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, applyFieldErrors, maskMobile, useFormRules, useSecondFactorAsk } from '@tp/web-kit';
import { loadCaptcha, sendCode, useChangePhone, useUserInfo } from '../../../api/identity';

interface PhoneValues {
  oldCode: string;
  newPhone: string;
  newCode: string;
  totpCode?: string;
}

/** A verification code's input beside the button that sends it. */
function CodeItem({ name, label, children }: { name: 'oldCode' | 'newCode'; label: string; children: ReactNode }) {
  const rules = useFormRules();
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={rules.code(label)}>
          <Input autoComplete="one-time-code" maxLength={8} />
        </Form.Item>
        {children}
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Moves the account to a new mobile number: a code to the current one proves the owner, a code to
 * the new one proves it works, and with two-factor authentication on the server asks for its code too.
 */
export function PhoneSection() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message } = App.useApp();
  const info = useUserInfo();
  const changePhone = useChangePhone();
  const [form] = Form.useForm<PhoneValues>();
  const secondFactor = useSecondFactorAsk();
  const [submitting, setSubmitting] = useState(false);

  function onFinish(values: PhoneValues) {
    setSubmitting(true);
    changePhone
      .mutateAsync({ oldCode: values.oldCode.trim(), newPhone: values.newPhone.trim(), newCode: values.newCode.trim(), ...secondFactor.valueOf(values) })
      .then(() => {
        void message.success(t('personal.safe.phoneChanged'));
        form.resetFields();
      })
      .catch((error: unknown) => {
        if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
      })
      .finally(() => setSubmitting(false));
  }

  if (info.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  // The server sends the "old" code to the phone, or to the e-mail of an account registered by e-mail.
  const currentAccount = info.data?.tel || info.data?.email || '';
  if (!currentAccount) return <Typography.Text type="secondary">{t('personal.safe.noPhone')}</Typography.Text>;

  return (
    <>
      <Descriptions
        column={1}
        items={[
          {
            key: 'current',
            label: t('personal.safe.currentPhone'),
            children: <span data-testid="current-phone">{info.data?.tel ? maskMobile(info.data.tel) : t('personal.info.none')}</span>,
          },
        ]}
      />
      <Form<PhoneValues> form={form} name="changePhone" layout="vertical" style={{ maxWidth: 420 }} requiredMark={false} onFinish={onFinish}>
        <CodeItem name="oldCode" label={t('personal.safe.oldCode')}>
          <SendCodeButton
            data-testid="send-code-old"
            loadCaptcha={loadCaptcha}
            send={(captcha) => sendCode({ account: currentAccount, purpose: 'changePhoneOld', ...captcha })}
          />
        </CodeItem>
        <Form.Item name="newPhone" label={t('personal.safe.newPhone')} rules={rules.mobile(t('personal.safe.newPhone'))}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} />
        </Form.Item>
        <CodeItem name="newCode" label={t('personal.safe.newCode')}>
          <SendCodeButton
            data-testid="send-code-new"
            loadCaptcha={loadCaptcha}
            beforeSend={() => form.validateFields(['newPhone'])}
            send={(captcha) => sendCode({ account: form.getFieldValue('newPhone').trim(), purpose: 'changePhoneNew', ...captcha })}
          />
        </CodeItem>
        {secondFactor.item}
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="phone-submit">
          {t('personal.safe.submitPhone')}
        </Button>
      </Form>
    </>
  );
}
