import { AuthLoginPage } from '@tp/web-kit';
import { AUTH_SETUP } from '../authSetup';
import { useSecondFactorStep } from './SecondFactorStep';

/**
 * `/login`: by password or by a code sent to the mobile number or e-mail, then the authenticator
 * code when the account has two-factor authentication on; then back to where the user came from.
 */
export function LoginPage() {
  const step = useSecondFactorStep(AUTH_SETUP.identity);
  return (
    <>
      <AuthLoginPage {...AUTH_SETUP} identity={step.identity} />
      {step.dialog}
    </>
  );
}
