import { OtcCode, type Language } from '@tp/contract';
import { AppError, ValidationError } from '../../platform/http/index';
import { render, text, type LocalizedText } from '../../platform/i18n/index';

/** Why a fiat action was refused, appended to the spec's message for that action. */
export const REASONS = {
  realName: text('请先完成实名认证', 'complete real-name verification first', '請先完成實名認證'),
  senior: text('该广告要求完成高级认证', 'this ad requires senior verification', '該廣告要求完成高級認證'),
  nickname: text('请先设置昵称', 'set a nickname first', '請先設置暱稱'),
  contact: text('请先完成联系方式设置', 'complete the contact settings first', '請先完成聯繫方式設置'),
  payment: text('请先添加该币种的收付款方式', 'add a payment method for this currency first', '請先添加該幣種的收付款方式'),
  ownAd: text('不能与自己的广告交易', 'you cannot trade with your own ad', '不能與自己的廣告交易'),
  belowMin: text('单笔金额不能低于 {min} {currency}', 'the amount must be at least {min} {currency}', '單筆金額不能低於 {min} {currency}'),
  aboveMax: text('单笔金额不能超过 {max} {currency}', 'the amount must be at most {max} {currency}', '單筆金額不能超過 {max} {currency}'),
  aboveRemaining: text('数量不能超过广告剩余数量 {remaining}', 'the quantity must not exceed the ad’s remaining {remaining}', '數量不能超過廣告剩餘數量 {remaining}'),
  funds: text('可用余额不足', 'the available funds are insufficient', '可用餘額不足'),
  places: text('数量最多 {places} 位小数', 'the quantity may have at most {places} decimal places', '數量最多 {places} 位小數'),
  tooSmall: text('数量过小', 'the quantity is too small', '數量過小'),
  methodNotOffered: text('该广告不支持此付款方式', 'the ad does not take this payment method', '該廣告不支援此付款方式'),
  cancelLimit: text('今日已取消 {limit} 笔订单，明日方可下单', 'you cancelled {limit} orders today; ordering opens again tomorrow', '今日已取消 {limit} 筆訂單，明日方可下單'),
  proprietary: text('自营会员不能交易', 'proprietary members cannot trade', '自營會員不能交易'),
  notUnpaid: text('订单不是待付款状态', 'the order is not awaiting payment', '訂單不是待付款狀態'),
  notPaid: text('订单不是已付款状态', 'the order is not marked paid', '訂單不是已付款狀態'),
  onlyBuyer: text('只有买方可以执行此操作', 'only the buyer can do this', '只有買方可以執行此操作'),
  onlySeller: text('只有卖方可以执行此操作', 'only the seller can do this', '只有賣方可以執行此操作'),
  notAppealing: text('订单不在申诉中', 'the order is not under appeal', '訂單不在申訴中'),
  notAppellant: text('只有申诉方可以执行此操作', 'only the party who appealed can do this', '只有申訴方可以執行此操作'),
  proofClosed: text('举证时间已过（{hours} 小时）', 'the {hours}-hour proof period is over', '舉證時間已過（{hours} 小時）'),
  appealType: text('申诉类型不能为空', 'the appeal type is required', '申訴類型不能為空'),
  appealReason: text('申诉原因不能为空', 'the appeal reason is required', '申訴原因不能為空'),
  imageNotYours: text('图片须为本人上传的 JPG 或 PNG 图片，且小于 3 MB', 'pictures must be JPG or PNG images you uploaded, under 3 MB', '圖片須為本人上傳的 JPG 或 PNG 圖片，且小於 3 MB'),
} satisfies Record<string, LocalizedText>;

function withReason(base: LocalizedText, reason?: LocalizedText, params: Record<string, string | number> = {}): LocalizedText {
  if (!reason) return base;
  const r = (lang: Language) => render(reason, lang, params);
  return { cn: `${base.cn}：${r('cn')}`, en: `${base.en}: ${r('en')}`, tw: `${base.tw}：${r('tw')}` };
}

/** An error in the spec's words for its action, followed by the reason when there is one. */
function actionError(code: string, base: LocalizedText) {
  return class extends AppError {
    constructor(reason?: LocalizedText, params: Record<string, string | number> = {}, httpStatus = 409) {
      super(code, httpStatus, withReason(base, reason, params));
    }
  };
}

export class PlaceOrderFailedError extends actionError(OtcCode.placeOrderFailed, text('下单失败', 'Failed to place an order', '下單失敗')) {}
export class CancelFailedError extends actionError(OtcCode.cancelFailed, text('取消失败', 'Failed to cancel', '取消失敗')) {}
export class PaymentFailedError extends actionError(OtcCode.paymentFailed, text('付款失败', 'Payment failure', '付款失敗')) {}
export class ConfirmFailedError extends actionError(OtcCode.confirmFailed, text('确认失败', 'Confirm failed', '確認失敗')) {}
export class AppealFailedError extends actionError(OtcCode.appealFailed, text('申诉失败', 'Appeal failed', '申訴失敗')) {}
export class RevokeFailedError extends actionError(OtcCode.revokeFailed, text('撤销失败', 'Revocation failure', '撤銷失敗')) {}
export class PaymentMethodFailedError extends actionError(OtcCode.paymentMethodFailed, text('获取付款方式失败', 'Failed to get payment method', '獲取付款方式失敗')) {}
export class SettingsMissingError extends actionError(OtcCode.settingsMissing, text('法币交易设置未完成', 'Fiat settings are incomplete', '法幣交易設置未完成')) {}
export class MerchantFailedError extends actionError(OtcCode.merchantFailed, text('商家操作失败', 'Merchant request failed', '商家操作失敗')) {}

export class PaymentInfoUnavailableError extends AppError {
  constructor() {
    super(OtcCode.paymentInfoUnavailable, 409, text('订单无效或已过期，无法查看付款信息', 'Order invalid or expired: the payment information cannot be viewed', '訂單無效或已過期，無法查看付款資訊'));
  }
}

export class AdExpiredError extends AppError {
  constructor() {
    super(OtcCode.adExpired, 409, text('广告已失效，请重新选择', 'Advertisement expired, please reselect', '廣告已失效，請重新選擇'));
  }
}

/** Names of the fiat forms' fields, so a refusal names what to correct. */
const FIELD_LABELS: Record<string, LocalizedText> = {
  nickname: text('昵称', 'Nickname', '暱稱'),
  contact: text('联系方式', 'Contact', '聯繫方式'),
  bankName: text('开户银行', 'Bank', '開戶銀行'),
  qrImageId: text('收款二维码', 'QR code picture', '收款二維碼'),
  note: text('广告留言', 'Ad note', '廣告留言'),
  price: text('单价', 'Unit price', '單價'),
  floatPercent: text('浮动比例', 'Floating percentage', '浮動比例'),
  maxAmount: text('最大单笔金额', 'Maximum single turnover', '最大單筆金額'),
  totalVolume: text('交易总量', 'Total amount', '交易總量'),
  paymentMethods: text('付款方式', 'Payment methods', '付款方式'),
  documents: text('申请资料', 'Documents', '申請資料'),
  type: text('申诉类型', 'Appeal type', '申訴類型'),
  reason: text('申诉原因', 'Appeal reason', '申訴原因'),
  images: text('图片', 'Pictures', '圖片'),
  imageId: text('图片', 'Picture', '圖片'),
  proofImageId: text('付款凭证', 'Payment proof', '付款憑證'),
  text: text('消息', 'Message', '訊息'),
};

export const RULES = {
  nicknameSet: text('提交后不能修改', 'cannot be changed after submission', '提交後不能修改'),
  nicknameTaken: text('已被使用', 'is already taken', '已被使用'),
  contactRequired: text('至少填写一项', 'needs at least one entry', '至少填寫一項'),
  required: text('不能为空', 'is required', '不能為空'),
  qrRequired: text('支付宝和微信须上传收款二维码（JPG 或 PNG，小于 3 MB）', 'is required for Alipay and WeChat (JPG or PNG under 3 MB)', '支付寶和微信須上傳收款二維碼（JPG 或 PNG，小於 3 MB）'),
  noteTooLong: text('须在 {max} 个字符以内', 'must be within {max} characters', '須在 {max} 個字元以內'),
  maxBelowMin: text('不能小于最小单笔金额', 'must not be below the minimum single turnover', '不能小於最小單筆金額'),
  imageNotYours: REASONS.imageNotYours,
  places: text('最多 {places} 位小数', 'may have at most {places} decimal places', '最多 {places} 位小數'),
  noPaymentSetting: text('请先添加所选方式的收款账户（{currency}）', 'need a payment setting of each chosen method for {currency} first', '請先添加所選方式的收款帳戶（{currency}）'),
  messageEmpty: text('不能为空', 'is required (text or a picture)', '不能為空'),
} satisfies Record<string, LocalizedText>;

/** A refusal that names the field (422 with `value.fields`), in the caller's language. */
export class OtcFieldError extends ValidationError {
  constructor(field: string, rule: LocalizedText, lang: Language, params: Record<string, string | number> = {}) {
    const label = FIELD_LABELS[field] ?? text(field, field, field);
    const sep = lang === 'en' ? ' ' : '：';
    super([{ field, rule: 'otc', message: `${label[lang]}${sep}${render(rule, lang, params)}` }]);
  }
}
