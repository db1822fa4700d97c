import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLoginPage } from '@tp/web-kit';
import { paths } from '../../../paths';
import { AUTH_SETUP } from '../authSetup';
import { useRedirectSearch } from '../useRedirectSearch';

/** `/login`: password or code login, or a scan with the app; afterwards back to where the user was sent from. */
export function LoginPage() {
  const { t } = useTranslation();
  const redirectSearch = useRedirectSearch();
  return (
    <AuthLoginPage
      {...AUTH_SETUP}
      extraLink={
        <Link to={paths.qrCodeLogin + redirectSearch} data-testid="qr-login-link">
          {t('login.qrLogin')}
        </Link>
      }
    />
  );
}
