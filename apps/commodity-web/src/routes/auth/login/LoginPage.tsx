import { App, Flex, Tabs } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CodeLoginForm, PasswordLoginForm, useRedirectTarget, type CodeLoginValues, type PasswordLoginValues } from '@tp/web-kit';
import { loadCaptcha, sendCode, useCodeLogin, useLogin } from '../../../api/identity';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';
import { useRedirectSearch } from '../useRedirectSearch';

/** `/login`: password or code login; afterwards back to where the user was sent from. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const target = useRedirectTarget(paths.home);
  const redirectSearch = useRedirectSearch();
  const login = useLogin();
  const codeLogin = useCodeLogin();

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
      <Link to={paths.qrCodeLogin + redirectSearch} data-testid="qr-login-link">
        {t('login.qrLogin')}
      </Link>
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
                loadCaptcha={loadCaptcha}
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
                sendCode={(account, captcha) => sendCode({ account, purpose: 'login', ...captcha })}
                loadCaptcha={loadCaptcha}
                footer={footer}
              />
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
