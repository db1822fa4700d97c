import { ResultCode, SecurityCode } from '@tp/contract';
import { AppError, fixedError, SessionInvalidError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

export const MESSAGES = {
  loginFailed: text('账号或密码错误', 'Wrong account or password', '帳號或密碼錯誤'),
  loginFailedLeft: text(
    '账号或密码错误，再错 {left} 次账号将被锁定 15 分钟',
    'Wrong account or password; {left} more failures lock the account for 15 minutes',
    '帳號或密碼錯誤，再錯 {left} 次帳號將被鎖定 15 分鐘',
  ),
  noPassword: text('该账号未设置登录密码，请使用短信验证码登录', 'This account has no password yet; log in with an SMS code', '該帳號未設置登入密碼，請使用簡訊驗證碼登入'),
  disabled: text('账号已停用，请联系客服', 'The account is disabled; please contact customer service', '帳號已停用，請聯繫客服'),
  captchaRequired: text('请输入图形验证码', 'Please enter the image code', '請輸入圖形驗證碼'),
  captchaWrong: text('图形验证码错误或已过期', 'The image code is wrong or has expired', '圖形驗證碼錯誤或已過期'),
  accountLocked: text(
    '密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试',
    'Too many failed attempts: the account is locked, try again in {minutes} minutes',
    '密碼錯誤次數過多，帳號已鎖定，請 {minutes} 分鐘後再試',
  ),
  codeWrong: text('验证码错误或已失效', 'The verification code is wrong or has expired', '驗證碼錯誤或已失效'),
  codeTooManyAttempts: text('验证码错误次数过多，请重新获取', 'Too many wrong codes; please request a new one', '驗證碼錯誤次數過多，請重新獲取'),
  alreadyRegistered: text('该账号已注册，请直接登录', 'This account is already registered; please log in', '該帳號已註冊，請直接登入'),
  inviteUnknown: text('邀请失败，邀请码不存在', 'Invitation failed: the invitation code does not exist', '邀請失敗，邀請碼不存在'),
  accountFormat: text('请输入正确的手机号或邮箱', 'Enter a valid mobile number or e-mail address', '請輸入正確的手機號或郵箱'),
  phoneInUse: text('该手机号已被其他账号使用', 'This mobile number is already used by another account', '該手機號已被其他帳號使用'),
  samePhone: text('新手机号与当前手机号相同', 'The new mobile number is the same as the current one', '新手機號與當前手機號相同'),
  notYourAccount: text('验证码只能发送到您当前绑定的手机号或邮箱', 'The code can only be sent to your current mobile number or e-mail', '驗證碼只能發送到您當前綁定的手機號或郵箱'),
  oldPasswordWrong: text('原密码错误', 'The current password is wrong', '原密碼錯誤'),
  passwordAlreadySet: text('已设置登录密码，请使用修改密码', 'A password is already set; use change password', '已設置登入密碼，請使用修改密碼'),
  qrInvalid: text('二维码已失效，请刷新后重试', 'The QR code has expired; please refresh it', '二維碼已失效，請重新整理後重試'),
  kicked: text('您的账号已在其他地方登录，请重新登录', 'Your account was logged in elsewhere; please log in again', '您的帳號已在其他地方登入，請重新登入'),
} satisfies Record<string, LocalizedText>;

export class LoginFailedError extends AppError {
  constructor(message: LocalizedText = MESSAGES.loginFailed, params?: Record<string, string | number>) {
    super(ResultCode.loginFailed, 400, message, params);
  }
}

export class CaptchaRequiredError extends fixedError(ResultCode.captchaRequired, 400, MESSAGES.captchaRequired) {}

export class CaptchaWrongError extends fixedError(ResultCode.captchaWrong, 400, MESSAGES.captchaWrong) {}

export class AccountLockedError extends AppError {
  constructor(minutes: number) {
    super(ResultCode.accountLocked, 429, MESSAGES.accountLocked, { minutes });
  }
}

export class CodeWrongError extends AppError {
  constructor(message: LocalizedText = MESSAGES.codeWrong) {
    super(ResultCode.codeWrong, 400, message);
  }
}

/** A field the request schema could not check alone (e.g. an account that is neither a mobile number nor an e-mail). */
export class InvalidAccountError extends fixedError(ResultCode.validation, 422, MESSAGES.accountFormat) {}

/** The session was replaced by a newer login: the client says "logged in elsewhere" (-4). */
export class SessionKickedError extends SessionInvalidError {
  override readonly text = MESSAGES.kicked;
  constructor() {
    super(ResultCode.sessionKicked);
  }
}

export const SECURITY_MESSAGES = {
  secondFactorRequired: text('请输入身份验证器中的两步验证码', 'Enter the two-factor code from your authenticator app', '請輸入身份驗證器中的兩步驗證碼'),
  secondFactorWrong: text('两步验证码错误，还可尝试 {left} 次', 'Wrong two-factor code; {left} attempts left', '兩步驗證碼錯誤，還可嘗試 {left} 次'),
  secondFactorLocked: text(
    '两步验证码错误次数过多，请 {minutes} 分钟后再试',
    'Too many wrong two-factor codes: try again in {minutes} minutes',
    '兩步驗證碼錯誤次數過多，請 {minutes} 分鐘後再試',
  ),
  totpAlreadyOn: text('两步验证已开启', 'Two-factor authentication is already on', '兩步驗證已開啟'),
  totpNotOn: text('两步验证未开启', 'Two-factor authentication is not on', '兩步驗證未開啟'),
  totpNotSetUp: text('请先获取新的密钥并用身份验证器扫描', 'Get a new key and scan it with your authenticator first', '請先獲取新的密鑰並用身份驗證器掃描'),
  sessionNotFound: text('该登录设备不存在或已退出', 'No such signed-in session, or it has already ended', '該登入設備不存在或已登出'),
} satisfies Record<string, LocalizedText>;

/** The account has two-factor authentication on and the request carried no code: the client asks for one. */
export class SecondFactorRequiredError extends fixedError(SecurityCode.secondFactorRequired, 403, SECURITY_MESSAGES.secondFactorRequired) {}

export class SecondFactorWrongError extends AppError {
  constructor(left: number) {
    super(SecurityCode.secondFactorWrong, 400, SECURITY_MESSAGES.secondFactorWrong, { left });
  }
}

export class SecondFactorLockedError extends AppError {
  constructor(minutes: number) {
    super(SecurityCode.secondFactorLocked, 429, SECURITY_MESSAGES.secondFactorLocked, { minutes });
  }
}
