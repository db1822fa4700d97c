import type { ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { CaptchaField } from './CaptchaField';
import { useFormRules } from './rules';
import type { LoginSubmit } from './useLoginSubmit';

/** What the apps set on any login form. */
export interface LoginFormOptions {
  /** Form name: inputs get ids `<name>_loginAccount`, `<name>_captchaCode` and so on. */
  name?: string;
  accountLabel?: string;
  accountPlaceholder?: string;
  submitText?: string;
  submitTestId?: string;
  /** Shown under the submit button (links to register, forgot password…). */
  footer?: ReactNode;
}

interface LoginFormFrameProps<V> extends LoginFormOptions {
  form: FormInstance;
  submit: LoginSubmit<V>;
  /** `format`: the account must be a mobile number or an e-mail address; `required`: anything typed. */
  accountRule: 'format' | 'required';
  /** The fields between the account and the captcha (password, or code with its send button). */
  children: ReactNode;
}

/** Every login form's frame: the account field, the form's own fields, the captcha when asked for, the submit button and the footer. */
export function LoginFormFrame<V>({ form, submit, accountRule, children, name, accountLabel, accountPlaceholder, submitText, submitTestId, footer }: LoginFormFrameProps<V>) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const account = accountLabel ?? t('account');
  return (
    <Form form={form} name={name} layout="vertical" size="large" onFinish={(v: V & { captchaCode?: string }) => void submit.onFinish(v)} requiredMark={false}>
      <Form.Item name="loginAccount" label={account} rules={accountRule === 'format' ? rules.account(account) : [rules.required(account)]}>
        <Input autoComplete="username" placeholder={accountPlaceholder ?? t('accountPlaceholder')} maxLength={100} />
      </Form.Item>
      {children}
      <CaptchaField captcha={submit.step.captcha} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.submitting} data-testid={submitTestId}>
          {submitText ?? t('login')}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
