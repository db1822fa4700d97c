import { createIdentityApi } from '@tp/web-kit';
import { session } from '../session';
import { api, queryClient } from './client';

export { identityKeys } from '@tp/web-kit';

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
} = createIdentityApi({ api, session, queryClient });
