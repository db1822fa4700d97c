import { App } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ResetPasswordForm } from '../ResetPasswordForm';
import { AuthCard } from './AuthCard';
import { useAppText, type AuthPagesSetup } from './setup';

/** `/forget`: a new login password, proven by a code sent to the account. */
export function AuthForgetPage({ identity, paths, card }: AuthPagesSetup) {
  const t = useAppText();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forgot = identity.useForgotPassword();

  return (
    <AuthCard title={t('forget.title')} classes={card}>
      <ResetPasswordForm
        reset={(values) => forgot.mutateAsync(values)}
        sendCode={(account, captcha) => identity.sendCode({ account, purpose: 'reset', ...captcha })}
        loadCaptcha={identity.loadCaptcha}
        onDone={() => {
          void message.success(t('forget.success'));
          void navigate(paths.login, { replace: true });
        }}
        submitText={t('forget.submit')}
        footer={<Link to={paths.login}>{t('forget.backToLogin')}</Link>}
      />
    </AuthCard>
  );
}
