import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Space } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { CaptchaField } from './CaptchaField';
import { applyFieldErrors } from './fieldErrors';
import { useFormRules } from './rules';
import { SendCodeButton, type CaptchaAnswer } from './SendCodeButton';
import { useCaptchaStep } from './useCaptchaStep';

export interface CodeLoginValues {
  loginAccount: string;
  code: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface CodeLoginFormProps {
  login: (values: CodeLoginValues) => Promise<unknown>;
  /** Sends the login code (purpose `login`) to the account. */
  sendCode: (account: string, captcha?: CaptchaAnswer) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
  /** Form name: inputs get ids `<name>_loginAccount`, `<name>_code`, `<name>_captchaCode`. */
  name?: string;
  accountLabel?: string;
  accountPlaceholder?: string;
  submitText?: string;
  submitTestId?: string;
  footer?: ReactNode;
}

/** Account + SMS/e-mail code login, with the send-code countdown and the captcha step. */
export function CodeLoginForm({
  login,
  sendCode,
  loadCaptcha,
  name = 'codeLogin',
  accountLabel,
  accountPlaceholder,
  submitText,
  submitTestId = 'code-login-submit',
  footer,
}: CodeLoginFormProps) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<{ loginAccount: string; code: string; captchaCode?: string }>();
  const step = useCaptchaStep(form, loadCaptcha);
  const [submitting, setSubmitting] = useState(false);
  const account = accountLabel ?? t('account');

  async function onFinish(values: { loginAccount: string; code: string; captchaCode?: string }) {
    setSubmitting(true);
    try {
      await login({ loginAccount: values.loginAccount.trim(), code: values.code.trim(), ...step.answer(values.captchaCode) });
    } catch (error) {
      applyFieldErrors(form, error);
      await step.onFailure(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form form={form} name={name} layout="vertical" size="large" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      <Form.Item name="loginAccount" label={account} rules={rules.account(account)}>
        <Input autoComplete="username" placeholder={accountPlaceholder ?? t('accountPlaceholder')} maxLength={100} />
      </Form.Item>
      <Form.Item label={t('code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={rules.code(t('code'))}>
            <Input autoComplete="one-time-code" placeholder={t('code')} maxLength={8} />
          </Form.Item>
          <SendCodeButton
            loadCaptcha={loadCaptcha}
            beforeSend={() => form.validateFields(['loginAccount'])}
            send={(captcha) => sendCode(String(form.getFieldValue('loginAccount')).trim(), captcha)}
          />
        </Space.Compact>
      </Form.Item>
      <CaptchaField captcha={step.captcha} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid={submitTestId}>
          {submitText ?? t('login')}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
