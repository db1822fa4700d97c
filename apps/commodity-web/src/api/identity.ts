import { createIdentityApi } from '@tp/web-kit';
import { session } from '../session';
import { api, queryClient } from './client';

export { identityKeys } from '@tp/web-kit';

/** The identity calls, whole for the shared account pages and one by one for the app's own. */
export const identity = createIdentityApi({ api, session, queryClient });

export const {
  loadCaptcha,
  sendCode,
  useFirmRights,
  useLogin,
  useCodeLogin,
  useRegister,
  useForgotPassword,
  endSession,
  useLogout,
  useUserInfo,
  useHasPassword,
  useChangePassword,
  useSetPassword,
  useChangePhone,
  useSaveLanguage,
  useQrTicket,
  useQrResult,
  useQrConfirm,
} = identity;
