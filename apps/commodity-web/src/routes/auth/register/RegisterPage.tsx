import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Radio, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, applyFieldErrors, useFormRules, useKitTranslation, useRedirectTarget } from '@tp/web-kit';
import { loadCaptcha, sendCode, useRegister } from '../../../api/identity';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

interface RegisterValues {
  loginAccount: string;
  code: string;
  password: string;
  confirm: string;
  invitationCode?: string;
  termsAccepted: boolean;
  userType: 'personal' | 'enterprise';
}

/** `/register/:id?`: mobile registration; `:id` is the inviter's code. Registered means logged in. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { t: kitT } = useKitTranslation();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { id: invitationCode } = useParams();
  const target = useRedirectTarget(paths.home);
  const register = useRegister();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(values: RegisterValues) {
    setSubmitting(true);
    try {
      await register.mutateAsync({
        registerWay: 'mobile',
        loginAccount: values.loginAccount.trim(),
        code: values.code.trim(),
        password: values.password,
        termsAccepted: true,
        invitationCode: values.invitationCode?.trim() || undefined,
        userType: values.userType,
      });
      void message.success(t('register.success'));
      void navigate(target, { replace: true });
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('register.title')}>
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ invitationCode: invitationCode ?? '', termsAccepted: false, userType: 'personal' }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="userType" label={t('enterprise.signup.userType')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'personal', label: t('enterprise.signup.personal') },
              { value: 'enterprise', label: t('enterprise.signup.enterprise') },
            ]}
          />
        </Form.Item>
        <Form.Item name="loginAccount" label={t('register.mobile')} rules={rules.mobile(t('register.mobile'))}>
          <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={t('register.mobile')} />
        </Form.Item>
        <Form.Item label={kitT('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rules.code(kitT('code'))}>
              <Input autoComplete="one-time-code" maxLength={8} placeholder={kitT('code')} />
            </Form.Item>
            <SendCodeButton
              loadCaptcha={loadCaptcha}
              beforeSend={() => form.validateFields(['loginAccount'])}
              send={(captcha) => sendCode({ account: form.getFieldValue('loginAccount').trim(), purpose: 'register', ...captcha })}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          extra={t('register.passwordHint')}
          rules={rules.newPassword(t('register.password'))}
        >
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('register.password')} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('register.confirm')}
          dependencies={['password']}
          rules={rules.sameAs('password', t('register.confirm'), t('register.password'))}
        >
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('register.confirm')} />
        </Form.Item>
        <Form.Item name="invitationCode" label={`${t('register.invitationCode')}（${t('register.optional')}）`}>
          <Input maxLength={32} placeholder={t('register.invitationCode')} />
        </Form.Item>
        <Form.Item name="termsAccepted" valuePropName="checked" rules={[rules.accepted(t('register.terms'))]}>
          <Checkbox>
            {t('register.agree')}{' '}
            <Link to={paths.footerDetails('clauses')} target="_blank">
              《{t('register.terms')}》
            </Link>
          </Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form.Item>
        <div>
          {t('register.haveAccount')} <Link to={paths.login}>{t('register.goLogin')}</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
