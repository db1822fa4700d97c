import { ExchangeAssetCode, ResultCode } from '@tp/contract';
import { AppError, fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

/** The spec's words for a transfer that could not be made. */
export class TransferFailedError extends fixedError(ExchangeAssetCode.transferFailed, 503, text('划转失败，请稍后重试', 'Transfer failed, retry later', '劃轉失敗，請稍後重試')) {}

export class UnknownAssetError extends fixedError(ExchangeAssetCode.unknownAsset, 404, text('币种不存在或已停用', 'The asset does not exist or is disabled', '幣種不存在或已停用')) {}

export class AmountPrecisionError extends AppError {
  constructor(places: number) {
    super(ResultCode.validation, 422, text('数量最多 {places} 位小数', 'The amount may have at most {places} decimal places', '數量最多 {places} 位小數'), { places });
  }
}
