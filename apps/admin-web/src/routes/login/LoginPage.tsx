import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher, PasswordLoginForm, useApp, useRedirectTarget, type PasswordLoginValues } from '@tp/web-kit';
import { paths } from '../../paths';
import '../../styles.css';

// The staff API and the contract's response schemas (with zod) come with the first submit or
// captcha, not with the page: a visitor who only looks at the form does not download them.
const adminApi = () => import('../../api/admin');
const loadCaptcha = () => adminApi().then((m) => m.loadCaptcha());

/**
 * `/login`: staff log in with their work account; the captcha appears after failed attempts. The
 * card around the form is plain markup styled in styles.css: the back office's first load.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = useApp();
  const target = useRedirectTarget(paths.home);

  async function onLogin(values: PasswordLoginValues) {
    const { staffLogin } = await adminApi();
    await staffLogin({ account: values.loginAccount, password: values.password, captchaId: values.captchaId, captchaCode: values.captchaCode });
    void message.success(t('login.success'));
    void navigate(target, { replace: true });
  }

  return (
    <div className="adm-login">
      <section className="adm-login-card">
        <header className="adm-login-head">
          <h1 className="adm-heading" data-testid="page-heading">
            {t('login.title')}
          </h1>
          <LanguageSwitcher />
        </header>
        <div className="adm-login-body">
          <PasswordLoginForm
            name="adminLogin"
            submitTestId="admin-login-submit"
            accountLabel={t('login.account')}
            accountPlaceholder={t('login.account')}
            submitText={t('login.submit')}
            login={onLogin}
            loadCaptcha={loadCaptcha}
          />
        </div>
      </section>
    </div>
  );
}
