import { useTranslation } from 'react-i18next';
import type { IdentityApi } from '../../api/identity';
import type { AuthCardClasses } from './AuthCard';

/**
 * What an app gives the shared account pages: its identity calls, its addresses and its card's
 * look. The pages' texts are the `login.*`, `register.*` and `forget.*` keys of the app's own
 * dictionary, which every app with these pages provides.
 */
export interface AuthPagesSetup {
  identity: Pick<IdentityApi, 'useLogin' | 'useCodeLogin' | 'useRegister' | 'useForgotPassword' | 'loadCaptcha' | 'sendCode'>;
  paths: { home: string; login: string; register: string; forget: string };
  card: AuthCardClasses;
  /** A login leaves the account's other sessions signed in (the exchange lists them); otherwise it replaces them. */
  keepOtherSessions?: boolean;
}

/** `t` over the app's own dictionary, whose keys web-kit's types do not know. */
export function useAppText(): (key: string) => string {
  const { t } = useTranslation();
  return t as unknown as (key: string) => string;
}
