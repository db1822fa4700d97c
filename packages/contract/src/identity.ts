import { z } from 'zod';
import { LANGUAGES } from './codes';
import { MOBILE_RE, PASSWORD_RE } from './patterns';
import { secondFactorField } from './security';

/** Paths of the identity calls; the server registers exactly these and the clients call them. */
export const IdentityPath = {
  captchaGenerate: '/api/captcha/generate',
  captchaValidate: '/api/captcha/validate',
  sendCode: '/api/code/send',
  register: '/api/user/register',
  login: '/api/user/login',
  loginByCode: '/api/user/loginByCode',
  logout: '/api/user/logout',
  qrGenerate: '/api/user/qr/generate',
  qrResult: '/api/user/qr/result',
  qrConfirm: '/api/user/qr/confirm',
  forgotPassword: '/api/user/password/forgot',
  changePassword: '/api/user/password/change',
  setPassword: '/api/user/password/set',
  checkPassword: '/api/user/password/check',
  changePhone: '/api/user/phone/change',
  userInfo: '/api/user/info',
  setLanguage: '/api/user/language',
  loadRights: '/api/firm/rights',
  /** Development and test mode only: codes and captcha answers the dev sender "sent". */
  devOutbox: '/api/dev/outbox',
} as const;

export { EMAIL_RE, LEGACY_PASSWORD_RE, MOBILE_RE, PASSWORD_RE, accountChannel } from './patterns';

export const CaptchaAnswer = z.object({
  captchaId: z.string().min(1).max(64),
  captchaCode: z.string().min(1).max(10),
});

/** The image captcha a form sends once the server has asked for one (after failures). */
export const optionalCaptchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(10).optional(),
};

export const CaptchaChallenge = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaChallenge = z.infer<typeof CaptchaChallenge>;

export const CaptchaValidateResult = z.object({ valid: z.literal(true) });
export type CaptchaValidateResult = z.infer<typeof CaptchaValidateResult>;

export const CodeChannel = z.enum(['sms', 'email']);
export const CodePurpose = z.enum(['register', 'login', 'reset', 'changePhoneOld', 'changePhoneNew', 'fundPassword']);
export type CodePurpose = z.infer<typeof CodePurpose>;

export const SendCodeRequest = z.strictObject({
  account: z.string().min(1).max(100),
  purpose: CodePurpose,
  ...optionalCaptchaFields,
});
export type SendCodeRequest = z.infer<typeof SendCodeRequest>;
/** Seconds until another code may be requested, and how long this one stays valid (for the countdown). */
export const SendCodeResult = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });
export type SendCodeResult = z.infer<typeof SendCodeResult>;

export const RegisterRequest = z.strictObject({
  registerWay: z.enum(['mobile', 'email']),
  loginAccount: z.string().min(1).max(100),
  code: z.string().min(4).max(8),
  password: z.string().regex(PASSWORD_RE),
  termsAccepted: z.literal(true),
  invitationCode: z.string().max(32).optional(),
  marketId: z.string().max(16).optional(),
  templateId: z.string().max(32).optional(),
  userType: z.enum(['personal', 'enterprise']).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * What a login may add: the second factor once the server asked for it, and whether the account's
 * other sessions stay signed in (the exchange lists and ends them on its security page; without it
 * a login replaces them, as the commodity platform's single session wants).
 */
const loginSecurityFields = {
  ...secondFactorField,
  keepOtherSessions: z.boolean().optional(),
};

export const LoginRequest = z.strictObject({
  loginAccount: z.string().min(1).max(100),
  password: z.string().min(1).max(64),
  loginWay: z.literal('password').default('password'),
  ...optionalCaptchaFields,
  marketId: z.string().max(16).optional(),
  terminalType: z.string().max(4).optional(),
  type: z.string().max(8).optional(),
  ...loginSecurityFields,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const CodeLoginRequest = z.strictObject({
  loginAccount: z.string().min(1).max(100),
  code: z.string().min(4).max(8),
  ...optionalCaptchaFields,
  ...loginSecurityFields,
});
export type CodeLoginRequest = z.infer<typeof CodeLoginRequest>;

/** What the browser keeps in session storage after login (the spec's session fields). */
export const SessionInfo = z.object({
  isLogin: z.boolean(),
  userId: z.string(),
  sessionStr: z.string(),
  tel: z.string(),
  firmId: z.string(),
  firmCode: z.string(),
  marketId: z.string(),
  userType: z.enum(['personal', 'enterprise']),
  userCerStatus: z.string(),
  nickNameStatus: z.string(),
  highCerStatus: z.string(),
  isMainAccount: z.boolean(),
  language: z.enum(['cn', 'en', 'tw']),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const QrTicket = z.object({ uuid: z.string(), content: z.string(), expiresAt: z.string() });
export type QrTicket = z.infer<typeof QrTicket>;
export const QrResultRequest = z.strictObject({ uuid: z.string().min(1).max(64) });
export const QrStatus = z.enum(['waiting', 'confirmed', 'expired']);
export const QrResult = z.object({ status: QrStatus, session: SessionInfo.optional() });
export type QrResult = z.infer<typeof QrResult>;

/** A forgotten login password: with two-factor authentication on, the reset needs the authenticator code too. */
export const ForgotPasswordRequest = z.strictObject({
  loginAccount: z.string().min(1).max(100),
  code: z.string().min(4).max(8),
  password: z.string().regex(PASSWORD_RE),
  ...secondFactorField,
});
/** Security settings: with two-factor authentication on, changing or setting the password needs a code. */
export const ChangePasswordRequest = z.strictObject({
  oldPassword: z.string().min(1).max(64),
  password: z.string().regex(PASSWORD_RE),
  ...secondFactorField,
});
/** The mobile number signs in and resets passwords: with two-factor authentication on, moving it needs a code too. */
export const ChangePhoneRequest = z.strictObject({
  oldCode: z.string().min(4).max(8),
  newPhone: z.string().regex(MOBILE_RE),
  newCode: z.string().min(4).max(8),
  ...secondFactorField,
});
/** For accounts created without a password (staff added by their firm, who log in by SMS code first). */
export const SetPasswordRequest = z.strictObject({ password: z.string().regex(PASSWORD_RE), ...secondFactorField });
export const CheckPasswordResult = z.object({ hasPassword: z.boolean() });
export const QrConfirmRequest = z.strictObject({ uuid: z.string().min(1).max(64) });
export const SetLanguageRequest = z.strictObject({ language: z.enum(LANGUAGES) });
export type SetLanguageRequest = z.infer<typeof SetLanguageRequest>;

export const UserInfo = z.object({
  userId: z.string(),
  tel: z.string(),
  email: z.string(),
  userName: z.string(),
  firmId: z.string(),
  firmCode: z.string(),
  firmName: z.string(),
  userType: z.enum(['personal', 'enterprise']),
  isMainAccount: z.boolean(),
  myInviteCode: z.string(),
  language: z.enum(['cn', 'en', 'tw']),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const LoadRightsRequest = z.strictObject({ firmId: z.string().min(1), type: z.coerce.number().int() });
export const RightEntry = z.object({ rightCode: z.string(), rightName: z.string() });
export type RightEntry = z.infer<typeof RightEntry>;

/** What the development sender "sent": SMS and e-mail codes, and image-captcha answers (channel captcha, account = captchaId). */
export const DevOutboxChannel = z.enum(['sms', 'email', 'captcha']);
export const DevOutboxEntry = z.object({
  account: z.string(),
  channel: DevOutboxChannel,
  purpose: z.string(),
  code: z.string(),
  createdAt: z.string(),
});
export type DevOutboxEntry = z.infer<typeof DevOutboxEntry>;
export const DevOutboxQuery = z.strictObject({ account: z.string().min(1).max(100) });
