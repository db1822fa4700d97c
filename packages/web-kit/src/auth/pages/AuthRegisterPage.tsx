import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Radio, Segmented } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { CodeField } from '../CodeField';
import { applyFieldErrors } from '../fieldErrors';
import { useFormRules } from '../rules';
import { useRedirectTarget } from '../../routing/useRedirectTarget';
import { AuthCard } from './AuthCard';
import { useAppText, type AuthPagesSetup } from './setup';

export type RegisterWay = 'mobile' | 'email';
type UserType = 'personal' | 'enterprise';

interface RegisterValues {
  userType?: UserType;
  loginAccount: string;
  code: string;
  password: string;
  confirm: string;
  invitationCode?: string;
  termsAccepted: boolean;
}

export interface AuthRegisterOptions {
  /** The accounts one may register with; a choice between them shows only when there are two. */
  ways: readonly RegisterWay[];
  /**
   * Asks whether the account is personal or an enterprise's (texts `enterprise.signup.userType`,
   * `.personal` and `.enterprise` of the app's dictionary).
   */
  askUserType?: boolean;
  /** Where the terms can be read; without it they are named only. */
  termsPath?: string;
}

/** `/register/:id?`: sign-up with a code sent to the account; `:id` pre-fills the inviter's code. Registered means logged in. */
export function AuthRegisterPage({ identity, paths, card, ways, askUserType = false, termsPath }: AuthPagesSetup & AuthRegisterOptions) {
  const t = useAppText();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { id: invitationCode } = useParams();
  const target = useRedirectTarget(paths.home);
  const register = identity.useRegister();
  const [form] = Form.useForm<RegisterValues>();
  const [way, setWay] = useState<RegisterWay>(ways[0] ?? 'mobile');
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
        ...(askUserType && values.userType ? { userType: values.userType } : {}),
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
    <AuthCard title={t('register.title')} classes={card}>
      {ways.length > 1 ? (
        <Segmented<RegisterWay>
          block
          value={way}
          onChange={switchWay}
          options={ways.map((value) => ({
            value,
            label: <span data-testid={`register-way-${value}`}>{t(value === 'mobile' ? 'register.byMobile' : 'register.byEmail')}</span>,
          }))}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ invitationCode: invitationCode ?? '', termsAccepted: false, ...(askUserType ? { userType: 'personal' } : {}) }}
        onFinish={(values) => void onFinish(values)}
      >
        {askUserType ? (
          <Form.Item name="userType" label={t('enterprise.signup.userType')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'personal', label: t('enterprise.signup.personal') },
                { value: 'enterprise', label: t('enterprise.signup.enterprise') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="loginAccount" label={accountLabel} rules={way === 'mobile' ? rules.mobile(accountLabel) : rules.email(accountLabel)}>
          {way === 'mobile' ? (
            <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={accountLabel} />
          ) : (
            <Input autoComplete="email" inputMode="email" maxLength={100} placeholder={accountLabel} />
          )}
        </Form.Item>
        <CodeField form={form} loadCaptcha={identity.loadCaptcha} sendCode={(account, captcha) => identity.sendCode({ account, purpose: 'register', ...captcha })} />
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
            {t('register.agree')}{' '}
            {termsPath ? (
              <Link to={termsPath} target="_blank">
                《{t('register.terms')}》
              </Link>
            ) : (
              `《${t('register.terms')}》`
            )}
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
