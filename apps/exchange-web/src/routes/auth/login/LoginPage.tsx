import { AuthLoginPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';

/** `/login`: by password or by a code sent to the mobile number or e-mail; then back to where the user came from. */
export const LoginPage = () => <AuthLoginPage {...AUTH_SETUP} />;
