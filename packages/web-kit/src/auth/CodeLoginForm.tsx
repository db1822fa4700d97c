import { Form } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { CodeField } from './CodeField';
import { LoginFormFrame, type LoginFormOptions } from './LoginFormFrame';
import type { CaptchaAnswer } from './SendCodeButton';
import { useLoginSubmit } from './useLoginSubmit';

export interface CodeLoginValues {
  loginAccount: string;
  code: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface CodeLoginFormProps extends LoginFormOptions {
  login: (values: CodeLoginValues) => Promise<unknown>;
  /** Sends the login code (purpose `login`) to the account. */
  sendCode: (account: string, captcha?: CaptchaAnswer) => Promise<unknown>;
  loadCaptcha: () => Promise<CaptchaChallenge>;
}

/** Account + SMS/e-mail code login, with the send-code countdown and the captcha step; form name `codeLogin` unless given. */
export function CodeLoginForm({ login, sendCode, loadCaptcha, name = 'codeLogin', submitTestId = 'code-login-submit', ...options }: CodeLoginFormProps) {
  const [form] = Form.useForm<{ loginAccount: string; code: string; captchaCode?: string }>();
  const submit = useLoginSubmit<{ loginAccount: string; code: string }>(form, loadCaptcha, (values, captcha) =>
    login({ loginAccount: values.loginAccount.trim(), code: values.code.trim(), ...captcha }),
  );
  return (
    <LoginFormFrame form={form} submit={submit} accountRule="format" name={name} submitTestId={submitTestId} {...options}>
      <CodeField form={form} loadCaptcha={loadCaptcha} sendCode={sendCode} />
    </LoginFormFrame>
  );
}
