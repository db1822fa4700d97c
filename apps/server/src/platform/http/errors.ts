import { ResultCode } from '@tp/contract';
import { fillText, text, type LocalizedText } from '../i18n/index';
import type { FieldError } from '../i18n/validation';

/**
 * A business error: a result code for the client, an HTTP status for tools, and a message in the
 * user's language. Anything thrown that is not an AppError is an internal error and is masked.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    readonly text: LocalizedText,
    readonly params: Record<string, string | number> = {},
  ) {
    super(text.en);
    this.name = new.target.name;
  }
}

/**
 * The base of an error that always says the same thing:
 * `export class UnknownBankError extends fixedError(BankCode.unknownBank, 404, text(...)) {}`.
 */
export function fixedError(code: string, httpStatus: number, message: LocalizedText) {
  return class extends AppError {
    constructor() {
      super(code, httpStatus, message);
    }
  };
}

export class BadRequestError extends AppError {
  constructor(message: LocalizedText, params?: Record<string, string | number>, code: string = ResultCode.badRequest) {
    super(code, 400, message, params);
  }
}

export class ValidationError extends AppError {
  constructor(readonly fields: FieldError[]) {
    super(ResultCode.validation, 422, text('参数校验失败', 'Validation failed', '參數校驗失敗'));
  }
}

export class SessionInvalidError extends AppError {
  constructor(code: string = ResultCode.sessionInvalid) {
    super(code, 401, text('会话已失效，请重新登录', 'Session invalid, please log in again', '會話已失效，請重新登入'));
  }
}

export class ForbiddenError extends AppError {
  constructor(message: LocalizedText = text('没有权限执行此操作', 'You have no right to do this', '沒有權限執行此操作')) {
    super(ResultCode.forbidden, 403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: LocalizedText = text('记录不存在', 'Not found', '記錄不存在')) {
    super(ResultCode.notFound, 404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: LocalizedText, params?: Record<string, string | number>, code: string = ResultCode.conflict) {
    super(code, 409, message, params);
  }
}

/**
 * The base of an error refusing a move that the record's state does not allow (409); the message
 * names the state (by `names`, or its code) and the refused action:
 * `export class GoodsStateError extends stateError(GOODS_STATE, GOODS_STATUS_NAMES) {}`.
 */
export function stateError(template: LocalizedText, names: Record<string, LocalizedText>) {
  return class extends ConflictError {
    constructor(status: string, action: LocalizedText) {
      super(fillText(template, { status: names[status] ?? status, action }));
    }
  };
}

/** Shorthands for the common refusals, as in `throw conflict(MESSAGES.listingState)`. */
export const notFound = (message?: LocalizedText) => new NotFoundError(message);
export const conflict = (message: LocalizedText) => new ConflictError(message);
export const badRequest = (message: LocalizedText) => new BadRequestError(message);
export const forbidden = () => new ForbiddenError();

export class RateLimitedError extends AppError {
  constructor(message: LocalizedText = text('操作过于频繁，请稍后再试', 'Too many attempts, try again later', '操作過於頻繁，請稍後再試')) {
    super(ResultCode.rateLimited, 429, message);
  }
}

export class NotOpenedError extends AppError {
  constructor() {
    super(ResultCode.notOpened, 403, text('暂未开通', 'Not yet opened', '暫未開通'));
  }
}

export const INTERNAL_ERROR = text('系统繁忙，请稍后再试', 'The system is busy, please try again later', '系統繁忙，請稍後再試');

/**
 * A request string carries a control character (NUL and the like): refused at the edge with 400,
 * naming the field, before it can reach a query (PostgreSQL refuses NUL in text).
 */
export class ControlCharacterError extends AppError {
  constructor(readonly path: string[]) {
    super(ResultCode.badRequest, 400, text('不能包含控制字符', 'must not contain control characters', '不能包含控制字元'));
  }
}
