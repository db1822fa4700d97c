import type { ReactNode } from 'react';
import { App, Flex, Tabs } from 'antd';
import { Link, useNavigate } from 'react-router';
import { CodeLoginForm, type CodeLoginValues } from '../CodeLoginForm';
import { PasswordLoginForm, type PasswordLoginValues } from '../PasswordLoginForm';
import { useSecondFactorStep } from '../SecondFactorStep';
import { useRedirectTarget } from '../../routing/useRedirectTarget';
import { AuthCard } from './AuthCard';
import { useAppText, type AuthPagesSetup } from './setup';

/** `/login`: by password or by a code sent to the account; then back to where the user was sent from. */
/**
 * An account with two-factor authentication on is asked for the authenticator code in a dialog
 * once its first factor was right.
 */
export function AuthLoginPage({ identity, paths, card, extraLink, keepOtherSessions }: AuthPagesSetup & { extraLink?: ReactNode }) {
  const t = useAppText();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const target = useRedirectTarget(paths.home);
  const secondStep = useSecondFactorStep({ keepOtherSessions });
  const login = secondStep.wrap(identity.useLogin());
  const codeLogin = secondStep.wrap(identity.useCodeLogin());

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
      {extraLink}
    </Flex>
  );

  return (
    <AuthCard title={t('login.title')} classes={card}>
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
      {secondStep.dialog}
    </AuthCard>
  );
}
