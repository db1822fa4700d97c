import { ResultCode, WalletCode } from '@tp/contract';
import { AppError, fixedError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';

/** The spec's words for a withdrawal that could not be made, with the reason when there is one. */
export class WithdrawFailedError extends AppError {
  constructor(reason?: LocalizedText, httpStatus = 400) {
    const base = text('提现失败，请稍后重试', 'Withdrawal failed, retry later', '提現失敗，請稍後重試');
    super(WalletCode.withdrawFailed, httpStatus, reason ? { cn: `${base.cn}：${reason.cn}`, en: `${base.en}: ${reason.en}`, tw: `${base.tw}：${reason.tw}` } : base);
  }
}

export class AddressInvalidError extends fixedError(WalletCode.addressInvalid, 422, text('地址格式不正确', 'The address is not valid for this chain', '地址格式不正確')) {}

export class BelowMinimumError extends AppError {
  constructor(minimum: string, asset: string) {
    super(WalletCode.belowMinimum, 422, text('提现数量不能低于 {minimum} {asset}', 'The amount must be at least {minimum} {asset}', '提現數量不能低於 {minimum} {asset}'), { minimum, asset });
  }
}

export class AmountPlacesError extends AppError {
  constructor(places: number) {
    super(ResultCode.validation, 422, text('数量最多 {places} 位小数', 'The amount may have at most {places} decimal places', '數量最多 {places} 位小數'), { places });
  }
}

/** Maker–checker: the staff member who approved a large withdrawal first cannot also execute it. */
export class SameApproverError extends fixedError(ResultCode.conflict, 409, text('大额提现须由另一位员工复核执行', 'A second, different staff member must execute this large withdrawal', '大額提現須由另一位員工複核執行')) {}

export class WalletClosedError extends fixedError(WalletCode.walletClosed, 404, text('该币种暂不支持充提', 'Deposits and withdrawals of this asset are not available', '該幣種暫不支援充提')) {}
