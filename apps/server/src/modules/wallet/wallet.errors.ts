import { ResultCode, WalletCode, type AddressProblem, type Language } from '@tp/contract';
import { AppError, ValidationError, fixedError } from '../../platform/http/index';
import { render, text, type LocalizedText } from '../../platform/i18n/index';

/** The spec's words for a withdrawal that could not be made, with the reason when there is one. */
export class WithdrawFailedError extends AppError {
  constructor(reason?: LocalizedText, httpStatus = 400) {
    const base = text('提现失败，请稍后重试', 'Withdrawal failed, retry later', '提現失敗，請稍後重試');
    super(WalletCode.withdrawFailed, httpStatus, reason ? { cn: `${base.cn}：${reason.cn}`, en: `${base.en}: ${reason.en}`, tw: `${base.tw}：${reason.tw}` } : base);
  }
}

const ADDRESS = text('提现地址', 'Withdrawal address', '提現地址');
const ADDRESS_RULES: Record<AddressProblem | 'notSaved' | 'notYetUsable', LocalizedText> = {
  format: text('不是有效的 {chain} 地址', 'is not a valid {chain} address', '不是有效的 {chain} 地址'),
  checksum: text('校验码不符，请逐字核对（含大小写）', 'does not match its checksum; check every character and its case', '校驗碼不符，請逐字核對（含大小寫）'),
  notSaved: text('已开启白名单，只能提现到地址簿中的地址', 'must be a saved address while the whitelist is on', '已開啟白名單，只能提現到地址簿中的地址'),
  notYetUsable: text('新地址添加 24 小时后才能使用，约 {hours} 小时后可用', 'can be used 24 hours after it was saved, in about {hours} hours', '新地址新增 24 小時後才能使用，約 {hours} 小時後可用'),
};

/** A refusal of the withdrawal address, under the field in the user's language (422 with `value.fields`). */
class AddressRefusedError extends ValidationError {
  constructor(code: string, rule: keyof typeof ADDRESS_RULES, lang: Language, params: Record<string, string | number> = {}) {
    const sep = lang === 'en' ? ' ' : '：';
    super([{ field: 'address', rule, message: `${render(ADDRESS, lang)}${sep}${render(ADDRESS_RULES[rule], lang, params)}` }]);
    Object.defineProperty(this, 'code', { value: code });
  }
}

/** Not the chain's address format, or (EIP-55, bech32, base58check) its checksum does not match. */
export class AddressInvalidError extends AddressRefusedError {
  constructor(chain: string, problem: AddressProblem, lang: Language) {
    super(WalletCode.addressInvalid, problem, lang, { chain });
  }
}

/** Whitelist mode: the address is not saved, or was saved less than 24 hours ago. */
export class NotWhitelistedError extends AddressRefusedError {
  constructor(lang: Language, hoursLeft?: number) {
    super(WalletCode.notWhitelisted, hoursLeft === undefined ? 'notSaved' : 'notYetUsable', lang, hoursLeft === undefined ? {} : { hours: hoursLeft });
  }
}

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

export class RefillDecidedError extends fixedError(ResultCode.conflict, 409, text('该调拨申请已处理', 'This refill has already been decided', '該調撥申請已處理')) {}
