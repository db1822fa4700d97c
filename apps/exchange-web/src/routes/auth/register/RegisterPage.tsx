import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Segmented, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SendCodeButton, applyFieldErrors, useFormRules, useKitTranslation, useRedirectTarget } from '@tp/web-kit';
import { identity } from '../../../api/client';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

export type RegisterWay = 'mobile' | 'email';

interface RegisterValues {
  loginAccount: string;
  code: string;
  password: string;
  confirm: string;
  invitationCode?: string;
  termsAccepted: boolean;
}

/** `/register/:id?`: sign-up by mobile number or e-mail with a code; `:id` pre-fills the inviter's code. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { t: kitT } = useKitTranslation();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { id: invitationCode } = useParams();
  const target = useRedirectTarget(paths.home);
  const register = identity.useRegister();
  const [form] = Form.useForm<RegisterValues>();
  const [way, setWay] = useState<RegisterWay>('mobile');
  const [submitting, setSubmitting] = useState(false);
  const accountLabel = way === 'mobile' ? t('register.mobile') : t('register.email');

  function switchWay(next: RegisterWay) {
    setWay(next);
    // A mobile number is no e-mail: the account and its code start over.
    form.resetFields(['loginAccount', 'code']);
  }

  async function onFinish(values: RegisterValues) {
    setSubmitting(true);
    try {
      await register.mutateAsync({
        registerWay: way,
        loginAccount: values.loginAccount.trim(),
        code: values.code.trim(),
        password: values.password,
        termsAccepted: true,
        invitationCode: values.invitationCode?.trim() || undefined,
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
      <Segmented<RegisterWay>
        block
        value={way}
        onChange={switchWay}
        options={[
          { value: 'mobile', label: <span data-testid="register-way-mobile">{t('register.byMobile')}</span> },
          { value: 'email', label: <span data-testid="register-way-email">{t('register.byEmail')}</span> },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ invitationCode: invitationCode ?? '', termsAccepted: false }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="loginAccount" label={accountLabel} rules={way === 'mobile' ? rules.mobile(accountLabel) : rules.email(accountLabel)}>
          {way === 'mobile' ? (
            <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={accountLabel} />
          ) : (
            <Input autoComplete="email" inputMode="email" maxLength={100} placeholder={accountLabel} />
          )}
        </Form.Item>
        <Form.Item label={kitT('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={rules.code(kitT('code'))}>
              <Input autoComplete="one-time-code" maxLength={8} placeholder={kitT('code')} />
            </Form.Item>
            <SendCodeButton
              loadCaptcha={identity.loadCaptcha}
              beforeSend={() => form.validateFields(['loginAccount'])}
              send={(captcha) => identity.sendCode({ account: form.getFieldValue('loginAccount').trim(), purpose: 'register', ...captcha })}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} extra={t('register.passwordHint')} rules={rules.newPassword(t('register.password'))}>
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
            {t('register.agree')} 《{t('register.terms')}》
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
