import { Form, Input, Space, type FormInstance } from 'antd';
import type { CaptchaChallenge } from '@tp/contract';
import { useKitTranslation } from '../i18n/useKitTranslation';
import { useFormRules } from './rules';
import { SendCodeButton, type CaptchaAnswer } from './SendCodeButton';

export interface CodeFieldProps {
  /** The form whose `loginAccount` the code goes to: checked before sending. */
  form: FormInstance;
  loadCaptcha: () => Promise<CaptchaChallenge>;
  /** Sends the code to the (trimmed) account the form holds. */
  sendCode: (account: string, captcha?: CaptchaAnswer) => Promise<unknown>;
  label?: string;
}

/** The `code` form item with its send-code button (countdown and captcha step included). */
export function CodeField({ form, loadCaptcha, sendCode, label }: CodeFieldProps) {
  const { t } = useKitTranslation();
  const rules = useFormRules();
  const text = label ?? t('code');
  return (
    <Form.Item label={text} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={rules.code(text)}>
          <Input autoComplete="one-time-code" maxLength={8} placeholder={text} />
        </Form.Item>
        <SendCodeButton
          loadCaptcha={loadCaptcha}
          beforeSend={() => form.validateFields(['loginAccount'])}
          send={(captcha) => sendCode(String(form.getFieldValue('loginAccount')).trim(), captcha)}
        />
      </Space.Compact>
    </Form.Item>
  );
}
