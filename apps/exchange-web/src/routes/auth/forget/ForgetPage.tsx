import { AuthForgetPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';

/** `/forget`: a new login password, proven by a code sent to the mobile number or e-mail. */
export const ForgetPage = () => <AuthForgetPage {...AUTH_SETUP} />;
