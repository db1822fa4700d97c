import { MobilePayCode } from '@tp/contract';
import { fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

export class UnknownPaymentError extends fixedError(MobilePayCode.unknownPayment, 404, text('支付记录不存在', 'No such payment', '支付記錄不存在')) {}

export class UnknownChannelError extends fixedError(MobilePayCode.unknownChannel, 404, text('支付渠道不存在', 'No such payment channel', '支付渠道不存在')) {}

export class NotRefundableError extends fixedError(MobilePayCode.notRefundable, 409, text('该支付尚未成功，不能退款', 'The payment has not succeeded; it cannot be refunded', '該支付尚未成功，不能退款')) {}

export class RefundTooLargeError extends fixedError(MobilePayCode.refundTooLarge, 422, text('退款金额超过可退金额', 'The refund amount exceeds what can still be refunded', '退款金額超過可退金額')) {}

export class InvalidPaymentAmountError extends fixedError(MobilePayCode.invalidAmount, 422, text('金额必须大于0且最多两位小数', 'amount must be above 0 with at most 2 decimals', '金額必須大於0且最多兩位小數')) {}

export class ProviderBusyError extends fixedError(MobilePayCode.providerBusy, 503, text('支付机构繁忙，请稍后重试', 'The payment provider is busy; try again later', '支付機構繁忙，請稍後重試')) {}
