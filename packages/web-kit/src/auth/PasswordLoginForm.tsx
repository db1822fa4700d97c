import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { CaptchaField } from './CaptchaField';
import { applyFieldErrors } from './fieldErrors';
import { useFormRules } from './rules';
import { useCaptchaStep } from './useCaptchaStep';

export interface PasswordLoginValues {
  loginAccount: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface PasswordLoginFormProps {
  /** Logs in; a rejection (ApiError) keeps the form as typed and may bring up the captcha. */
  login: (values: PasswordLoginValues) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
  /** Form name: inputs get ids `<name>_loginAccount`, `<name>_password`, `<name>_captchaCode`. */
  name?: string;
  accountLabel?: string;
  accountPlaceholder?: string;
  submitText?: string;
  submitTestId?: string;
  /** Shown under the submit button (links to register, forgot password…). */
  footer?: ReactNode;
}

/** Account + password login with the server-requested captcha step. */
export function PasswordLoginForm({
  login,
  loadCaptcha,
  name = 'login',
  accountLabel,
  accountPlaceholder,
  submitText,
  submitTestId = 'login-submit',
  footer,
}: PasswordLoginFormProps) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<{ loginAccount: string; password: string; captchaCode?: string }>();
  const step = useCaptchaStep(form, loadCaptcha);
  const [submitting, setSubmitting] = useState(false);
  const account = accountLabel ?? t('account');

  async function onFinish(values: { loginAccount: string; password: string; captchaCode?: string }) {
    setSubmitting(true);
    try {
      await login({ loginAccount: values.loginAccount.trim(), password: values.password, ...step.answer(values.captchaCode) });
    } catch (error) {
      applyFieldErrors(form, error);
      await step.onFailure(error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form form={form} name={name} layout="vertical" size="large" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      <Form.Item name="loginAccount" label={account} rules={[rules.required(account)]}>
        <Input autoComplete="username" placeholder={accountPlaceholder ?? t('accountPlaceholder')} maxLength={100} />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[rules.required(t('password'))]}>
        <Input.Password autoComplete="current-password" placeholder={t('password')} maxLength={64} />
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
