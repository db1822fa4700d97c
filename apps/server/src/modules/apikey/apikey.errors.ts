import { ApiKeyCode, MAX_API_KEYS, ResultCode } from '@tp/contract';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

export class TooManyApiKeysError extends ConflictError {
  constructor() {
    super(text('最多可创建 {max} 个 API 密钥', 'You can have at most {max} API keys', '最多可建立 {max} 個 API 金鑰'), { max: MAX_API_KEYS }, ApiKeyCode.tooMany);
  }
}

export class ExpiryPassedError extends BadRequestError {
  constructor() {
    super(text('过期时间须晚于当前时间', 'The expiry must be in the future', '過期時間須晚於目前時間'), {}, ApiKeyCode.expiryPassed);
  }
}

export class ApiKeyNotFoundError extends NotFoundError {
  constructor() {
    super(text('API 密钥不存在', 'No such API key', 'API 金鑰不存在'));
  }
}

/** Why a signed request's key was refused; the programmatic API answers each in its own words. */
export type ApiKeyRejection = 'format' | 'unknown' | 'expired' | 'ip' | 'scope' | 'signature';

export class ApiKeyRejectedError extends AppError {
  constructor(readonly reason: ApiKeyRejection) {
    super(ResultCode.forbidden, 401, text('API 密钥无效或无权限', 'Invalid API key, IP or permissions', 'API 金鑰無效或無權限'));
  }
}
