import { useSecondFactorAsk, type SecondFactorAsk } from '@tp/web-kit';
import { useSecurityStatus } from '../api/security';

/**
 * The two-factor code of a security-setting form: shown from the start when the account has it
 * on, and in any case once the server asks for it.
 */
export function useSecurityCode(): SecondFactorAsk {
  const status = useSecurityStatus();
  return useSecondFactorAsk({ known: status.data?.twoFactor });
}
