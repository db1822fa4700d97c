import { BankCode } from '@tp/contract';
import { fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

export class NotSignedError extends fixedError(BankCode.notSigned, 409, text('尚未签约该银行，请先完成银行签约', 'You have not signed with this bank; sign first', '尚未簽約該銀行，請先完成銀行簽約')) {}

export class AlreadySignedError extends fixedError(BankCode.alreadySigned, 409, text('已签约该银行，如需更换请修改签约', 'Already signed with this bank; modify the sign instead', '已簽約該銀行，如需更換請修改簽約')) {}

export class SignInTransitError extends fixedError(BankCode.signInTransit, 409, text('签约在途，请等待银行处理结果', 'The sign is in transit; wait for the bank', '簽約在途，請等待銀行處理結果')) {}

export class PayingTransfersError extends fixedError(BankCode.signInTransit, 409, text('有出入金在途，暂不能解约', 'A transfer is still paying; you cannot sign out yet', '有出入金在途，暫不能解約')) {}

export class DocumentRequiredError extends fixedError(BankCode.documentRequired, 409, text('请先完成工行建档', 'Create the ICBC document first', '請先完成工行建檔')) {}

export class UnknownBankError extends fixedError(BankCode.unknownBank, 404, text('银行通道不存在', 'No such bank channel', '銀行通道不存在')) {}

export class CallbackRefusedError extends fixedError(BankCode.callbackRefused, 401, text('银行通知验签失败', 'The bank notification failed verification', '銀行通知驗簽失敗')) {}

export class CallbackReplayedError extends fixedError(BankCode.callbackReplayed, 409, text('银行通知重复', 'The bank notification was already received', '銀行通知重複')) {}

export class CannotRetryError extends fixedError(BankCode.cannotRetry, 409, text('只有失败的支付可以重新支付', 'Only a failed payment can be paid again', '只有失敗的支付可以重新支付')) {}

export class BankUnavailableError extends fixedError(BankCode.bankBusy, 503, text('银行系统繁忙，请稍后重试', 'The bank is busy; try again later', '銀行系統繁忙，請稍後重試')) {}
