import { App } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '@tp/web-kit';
import { loadCaptcha, sendCode, useForgotPassword } from '../../../api/identity';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

/** `/Forget`: a new login password, proven by a code sent to the account. */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forgot = useForgotPassword();

  return (
    <AuthCard title={t('forget.title')}>
      <ResetPasswordForm
        reset={(values) => forgot.mutateAsync(values)}
        sendCode={(account, captcha) => sendCode({ account, purpose: 'reset', ...captcha })}
        loadCaptcha={loadCaptcha}
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
