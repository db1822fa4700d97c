import { AuthRegisterPage } from '@tp/web-kit';
import { paths } from '../../../paths';
import { AUTH_SETUP } from '../authSetup';

/** `/register/:id?`: registration by mobile number, personal or enterprise; `:id` is the inviter's code. */
export const RegisterPage = () => <AuthRegisterPage {...AUTH_SETUP} ways={['mobile']} askUserType termsPath={paths.footerDetails('clauses')} />;
