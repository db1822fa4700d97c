import { App } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResetPasswordForm } from '@tp/web-kit';
import { identity } from '../../../api/client';
import { paths } from '../../../paths';
import { AuthCard } from '../AuthCard';

/** `/forget`: a new login password, proven by a code sent to the mobile number or e-mail. */
export function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forgot = identity.useForgotPassword();

  return (
    <AuthCard title={t('forget.title')}>
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
