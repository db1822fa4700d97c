import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, maskMobile, useFormRules, useSession } from '@tp/web-kit';
import { identity } from '../../../api/client';
import { paths } from '../../../paths';
import { useSecurityCode } from '../../../components/useSecurityCode';
import { realNameState, seniorState, type VerificationState } from './verificationState';

const STATE_COLOR: Record<VerificationState, string> = { verified: 'green', underReview: 'gold', failed: 'red', unverified: 'default' };

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
  totpCode?: string;
}

/** `/user`: the account, its verification state and the login password. */
export function UserPage() {
  const { t } = useTranslation();
  const { session } = useSession();
  const info = identity.useUserInfo();

  const stateTag = (state: VerificationState) => <Tag color={STATE_COLOR[state]}>{t(`user.${state}`)}</Tag>;

  return (
    <>
      <Card title={<h1 className="ex-heading" data-testid="page-heading">{t('user.title')}</h1>} style={{ marginBottom: 16 }}>
        {info.isPending ? (
          <Skeleton active />
        ) : info.data ? (
          <Descriptions column={{ xs: 1, md: 2 }} title={t('user.info')} data-testid="account-info">
            <Descriptions.Item label={t('user.uid')}>{info.data.userId}</Descriptions.Item>
            <Descriptions.Item label={t('user.mobile')}>{info.data.tel ? maskMobile(info.data.tel) : t('user.unbound')}</Descriptions.Item>
            <Descriptions.Item label={t('user.email')}>{info.data.email || t('user.unbound')}</Descriptions.Item>
            <Descriptions.Item label={t('user.registeredAt')}>{new Date(info.data.createdAt).toLocaleString()}</Descriptions.Item>
            <Descriptions.Item label={t('user.realName')}>
              {stateTag(realNameState(session?.userCerStatus))} <Link to={paths.verification} data-testid="link-verification">{t('user.goVerify')}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('user.senior')}>{stateTag(seniorState(session?.highCerStatus))}</Descriptions.Item>
            <Descriptions.Item label={t('user.inviteCode')}>
              <Typography.Text copyable data-testid="invite-code">
                {info.data.myInviteCode}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card
        title={t('user.security')}
        extra={
          <Space size={16}>
            <Link to={paths.security} data-testid="link-security">{t('user.fundPassword')}</Link>
            <Link to={paths.apiKeys} data-testid="link-api-keys">{t('apiKeys.title')}</Link>
          </Space>
        }
      >
        <ChangePasswordForm />
      </Card>
    </>
  );
}

/** The server ends every session on a password change, this one included: the user logs in again. */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const rules = useFormRules();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const change = identity.useChangePassword();
  const secondFactor = useSecurityCode();
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(values: PasswordValues) {
    setSubmitting(true);
    try {
      await change.mutateAsync({ oldPassword: values.oldPassword, password: values.password, ...secondFactor.valueOf(values) });
      identity.endSession();
      void message.success(t('user.passwordChanged'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      if (!secondFactor.catchRefusal(error)) applyFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<PasswordValues> form={form} name="changePassword" layout="vertical" style={{ maxWidth: 420 }} onFinish={(values) => void onFinish(values)}>
      <Typography.Title level={5}>{t('user.changePassword')}</Typography.Title>
      <Form.Item name="oldPassword" label={t('user.oldPassword')} rules={[rules.required(t('user.oldPassword'))]}>
        <Input.Password autoComplete="current-password" maxLength={20} />
      </Form.Item>
      <Form.Item name="password" label={t('user.newPassword')} rules={rules.newPassword(t('user.newPassword'))}>
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      <Form.Item name="confirm" label={t('user.confirmPassword')} dependencies={['password']} rules={rules.sameAs('password', t('user.confirmPassword'), t('user.newPassword'))}>
        <Input.Password autoComplete="new-password" maxLength={20} />
      </Form.Item>
      {secondFactor.item}
      <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
        {t('user.submitPassword')}
      </Button>
    </Form>
  );
}
