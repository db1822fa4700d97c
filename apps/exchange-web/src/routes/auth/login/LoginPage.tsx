import { App, Flex, Tabs } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CodeLoginForm, PasswordLoginForm, useRedirectTarget, type CodeLoginValues, type PasswordLoginValues } from '@tp/web-kit';
import { identity } from '../../../api/client';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

/** `/login`: by password or by a code sent to the mobile number or e-mail; then back to where the user came from. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const target = useRedirectTarget(paths.home);
  const login = identity.useLogin();
  const codeLogin = identity.useCodeLogin();

  function done() {
    void message.success(t('login.success'));
    void navigate(target, { replace: true });
  }

  const footer = (
    <Flex justify="space-between" wrap gap={8}>
      <span>
        {t('login.noAccount')} <Link to={paths.register}>{t('login.registerNow')}</Link>
      </span>
      <Link to={paths.forget}>{t('login.forgot')}</Link>
    </Flex>
  );

  return (
    <AuthCard title={t('login.title')}>
      <Tabs
        items={[
          {
            key: 'password',
            label: t('login.passwordTab'),
            children: (
              <PasswordLoginForm
                login={(values: PasswordLoginValues) => login.mutateAsync(values).then(done)}
                loadCaptcha={identity.loadCaptcha}
                footer={footer}
              />
            ),
          },
          {
            key: 'code',
            label: t('login.codeTab'),
            children: (
              <CodeLoginForm
                login={(values: CodeLoginValues) => codeLogin.mutateAsync(values).then(done)}
                sendCode={(account, captcha) => identity.sendCode({ account, purpose: 'login', ...captcha })}
                loadCaptcha={identity.loadCaptcha}
                footer={footer}
              />
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
