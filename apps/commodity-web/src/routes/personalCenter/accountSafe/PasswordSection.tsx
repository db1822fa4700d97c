import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Skeleton, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, useFormRules, useSecondFactorAsk } from '@tp/web-kit';
import { endSession, useChangePassword, useHasPassword, useSetPassword } from '../../../api/identity';
import { paths } from '../../../paths';

interface PasswordValues {
  oldPassword?: string;
  password: string;
  confirm: string;
  totpCode?: string;
}

/**
 * Whether a login password is set, and the form to change it (old + new; the user then logs in
 * again with it) or, for accounts made without one (staff who log in by code), to set it. With
 * two-factor authentication on, the server asks for its code and the form shows the field.
 */
export function PasswordSection() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const hasPassword = useHasPassword();
  const changePassword = useChangePassword();
  const setPassword = useSetPassword();
  const [form] = Form.useForm<PasswordValues>();
  const secondFactor = useSecondFactorAsk();
  const [submitting, setSubmitting] = useState(false);

  async function send(values: PasswordValues) {
    if (hasPassword.data === true) {
      await changePassword.mutateAsync({ oldPassword: values.oldPassword ?? '', password: values.password, ...secondFactor.valueOf(values) });
      void message.success(t('personal.safe.passwordChanged'));
      endSession();
      void navigate(paths.login, { replace: true });
      return;
    }
    await setPassword.mutateAsync({ password: values.password, ...secondFactor.valueOf(values) });
    void message.success(t('personal.safe.passwordSetDone'));
    form.resetFields();
  }

  function onFinish(values: PasswordValues) {
    setSubmitting(true);
    void send(values)
      .catch((error: unknown) => {
        if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
      })
      .finally(() => setSubmitting(false));
  }

  if (hasPassword.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const isSet = hasPassword.data === true;

  return (
    <>
      <Descriptions
        column={1}
        items={[
          {
            key: 'status',
            label: t('personal.safe.loginPassword'),
            children: (
              <Tag color={isSet ? 'green' : 'orange'} data-testid="password-status">
                {isSet ? t('personal.safe.passwordSet') : t('personal.safe.passwordNotSet')}
              </Tag>
            ),
          },
        ]}
      />
      <Form<PasswordValues>
        form={form}
        name="changePassword"
        layout="vertical"
        style={{ maxWidth: 420 }}
        requiredMark={false}
        onFinish={onFinish}
      >
        {isSet && (
          <Form.Item name="oldPassword" label={t('personal.safe.oldPassword')} rules={[rules.required(t('personal.safe.oldPassword'))]}>
            <Input.Password autoComplete="current-password" maxLength={64} />
          </Form.Item>
        )}
        <Form.Item name="password" label={t('personal.safe.newPassword')} extra={t('register.passwordHint')} rules={rules.newPassword(t('personal.safe.newPassword'))}>
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('personal.safe.confirmPassword')}
          dependencies={['password']}
          rules={rules.sameAs('password', t('personal.safe.confirmPassword'), t('personal.safe.newPassword'))}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        {secondFactor.item}
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
          {isSet ? t('personal.safe.submitChange') : t('personal.safe.submitSet')}
        </Button>
      </Form>
    </>
  );
}
