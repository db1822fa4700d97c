import { AuthForgetPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';

/** `/Forget`: a new login password, proven by a code sent to the account. */
export const ForgetPage = () => <AuthForgetPage {...AUTH_SETUP} />;
