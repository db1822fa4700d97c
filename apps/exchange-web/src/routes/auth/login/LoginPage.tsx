import { AuthLoginPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';

/**
 * `/login`: by password or by a code sent to the mobile number or e-mail, then the authenticator
 * code when the account has two-factor authentication on; then back to where the user came from.
 * The account's other sessions stay signed in (listed on the security page).
 */
export const LoginPage = () => <AuthLoginPage {...AUTH_SETUP} />;
