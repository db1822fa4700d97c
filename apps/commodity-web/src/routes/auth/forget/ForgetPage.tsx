import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, applyFieldErrors, useFormRules, useKitTranslation } from '@tp/web-kit';
import { loadCaptcha, sendCode, useForgotPassword } from '../../../api/identity';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

interface ForgetValues {
  loginAccount: string;
  code: string;
  password: string;
  confirm: string;
}

/** `/Forget`: a new login password, proven by a code sent to the account. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { t: kitT } = useKitTranslation();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forgot = useForgotPassword();
  const [form] = Form.useForm<ForgetValues>();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(values: ForgetValues) {
    setSubmitting(true);
    try {
      await forgot.mutateAsync({ loginAccount: values.loginAccount.trim(), code: values.code.trim(), password: values.password });
      void message.success(t('forget.success'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('forget.title')}>
      <Form<ForgetValues> form={form} name="forget" layout="vertical" size="large" requiredMark={false} onFinish={(values) => void onFinish(values)}>
        <Form.Item name="loginAccount" label={kitT('account')} rules={rules.account(kitT('account'))}>
          <Input autoComplete="username" maxLength={100} placeholder={kitT('accountPlaceholder')} />
        </Form.Item>
        <Form.Item label={kitT('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rules.code(kitT('code'))}>
              <Input autoComplete="one-time-code" maxLength={8} placeholder={kitT('code')} />
            </Form.Item>
            <SendCodeButton
              loadCaptcha={loadCaptcha}
              beforeSend={() => form.validateFields(['loginAccount'])}
              send={(captcha) => sendCode({ account: form.getFieldValue('loginAccount').trim(), purpose: 'reset', ...captcha })}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={kitT('newPassword')} rules={rules.newPassword(kitT('newPassword'))}>
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={kitT('newPassword')} />
        </Form.Item>
        <Form.Item name="confirm" label={kitT('confirmPassword')} dependencies={['password']} rules={rules.sameAs('password', kitT('confirmPassword'), kitT('newPassword'))}>
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={kitT('confirmPassword')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
            {t('forget.submit')}
          </Button>
        </Form.Item>
        <Link to={paths.login}>{t('forget.backToLogin')}</Link>
      </Form>
    </AuthCard>
  );
}
