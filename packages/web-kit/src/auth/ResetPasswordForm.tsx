import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { applyFieldErrors } from './fieldErrors';
import { useFormRules } from './rules';
import { CodeField } from './CodeField';
import type { CaptchaAnswer } from './SendCodeButton';
import { useSecondFactorAsk } from './SecondFactorAsk';

export interface ResetPasswordValues {
  loginAccount: string;
  code: string;
  password: string;
  /** The authenticator code, once the server asked for it (the account has two-factor authentication on). */
  totpCode?: string;
}

export interface ResetPasswordFormProps {
  reset: (values: ResetPasswordValues) => Promise<unknown>;
  sendCode: (account: string, captcha?: CaptchaAnswer) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
  /** Runs after the server accepted the new password. */
  onDone: () => void;
  submitText: string;
  footer?: ReactNode;
}

/**
 * A new login password, proven by a code sent to the account (mobile number or e-mail). Form name
 * `forget`. An account with two-factor authentication on is asked for the authenticator code once
 * the SMS / e-mail code proved right: the field appears under the form, the rest stays as typed,
 * and the next submit sends the same code with it.
 */
export function ResetPasswordForm({ reset, sendCode, loadCaptcha, onDone, submitText, footer }: ResetPasswordFormProps) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<ResetPasswordValues & { confirm: string }>();
  const [submitting, setSubmitting] = useState(false);
  const secondFactor = useSecondFactorAsk();

  async function onFinish(values: ResetPasswordValues) {
    setSubmitting(true);
    try {
      await reset({ loginAccount: values.loginAccount.trim(), code: values.code.trim(), password: values.password, ...secondFactor.valueOf(values) });
      onDone();
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form form={form} name="forget" layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)}>
      <Form.Item name="loginAccount" label={t('account')} rules={rules.account(t('account'))}>
        <Input autoComplete="username" maxLength={100} placeholder={t('accountPlaceholder')} />
      </Form.Item>
      <CodeField form={form} loadCaptcha={loadCaptcha} sendCode={sendCode} />
      <Form.Item name="password" label={t('newPassword')} rules={rules.newPassword(t('newPassword'))}>
        <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('newPassword')} />
      </Form.Item>
      <Form.Item name="confirm" label={t('confirmPassword')} dependencies={['password']} rules={rules.sameAs('password', t('confirmPassword'), t('newPassword'))}>
        <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('confirmPassword')} />
      </Form.Item>
      {secondFactor.item}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
          {submitText}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
