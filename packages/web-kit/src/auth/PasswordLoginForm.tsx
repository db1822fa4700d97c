import { Form, Input } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { LoginFormFrame, type LoginFormOptions } from './LoginFormFrame';
import { useFormRules } from './rules';
import { useLoginSubmit } from './useLoginSubmit';

export interface PasswordLoginValues {
  loginAccount: string;
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface PasswordLoginFormProps extends LoginFormOptions {
  /** Logs in; a rejection (ApiError) keeps the form as typed and may bring up the captcha. */
  login: (values: PasswordLoginValues) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
}

/** Account + password login with the server-requested captcha step; form name `login` unless given. */
export function PasswordLoginForm({ login, loadCaptcha, name = 'login', submitTestId = 'login-submit', ...options }: PasswordLoginFormProps) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<{ loginAccount: string; password: string; captchaCode?: string }>();
  const submit = useLoginSubmit<{ loginAccount: string; password: string }>(form, loadCaptcha, (values, captcha) =>
    login({ loginAccount: values.loginAccount.trim(), password: values.password, ...captcha }),
  );
  return (
    <LoginFormFrame form={form} submit={submit} accountRule="required" name={name} submitTestId={submitTestId} {...options}>
      <Form.Item name="password" label={t('password')} rules={[rules.required(t('password'))]}>
        <Input.Password autoComplete="current-password" placeholder={t('password')} maxLength={64} />
      </Form.Item>
    </LoginFormFrame>
  );
}
