/**
 * Response codes the clients act on. The session codes are the spec's: any of them makes a client
 * show the message once, clear its session after 1 s and go to the login page.
 */
export const ResultCode = {
  ok: '0',
  sessionInvalid: '-10011',
  sessionInvalidLegacy: '-2',
  sessionKicked: '-4',
  validation: '-1001',
  badRequest: '-1000',
  forbidden: '-1003',
  notFound: '-1004',
  conflict: '-1009',
  rateLimited: '-1029',
  captchaRequired: '-1101',
  captchaWrong: '-1102',
  codeWrong: '-1103',
  loginFailed: '-1110',
  accountLocked: '-1111',
  paymentPasswordWrong: '-1120',
  paymentPasswordNotSet: '-1121',
  paymentPasswordLocked: '-1122',
  notOpened: '-1200',
  maintenance: '-1503',
  internal: '-1',
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export const SESSION_INVALID_CODES: readonly string[] = [
  ResultCode.sessionInvalid,
  ResultCode.sessionInvalidLegacy,
  ResultCode.sessionKicked,
];

/** The headers every authenticated call carries (terminalType 4 for the web and desktop clients). */
export const AuthHeader = {
  firmId: 'firmid',
  sessionStr: 'sessionstr',
  userId: 'userid',
  marketId: 'marketid',
  terminalType: 'terminaltype',
} as const;

export const TERMINAL_TYPE_WEB = '4';
export const DEFAULT_MARKET_ID = '13';

export const LANGUAGES = ['cn', 'en', 'tw'] as const;
export type Language = (typeof LANGUAGES)[number];
