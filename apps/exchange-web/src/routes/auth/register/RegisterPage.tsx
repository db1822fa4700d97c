import { AuthRegisterPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';

/** `/register/:id?`: sign-up by mobile number or e-mail with a code; `:id` pre-fills the inviter's code. */
export const RegisterPage = () => <AuthRegisterPage {...AUTH_SETUP} ways={['mobile', 'email']} />;
