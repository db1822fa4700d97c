import { PresaleCode } from '@tp/contract';
import { fixedError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

/** The spec's pre-sale messages, each with its own result code. */
export class ProjectNotFoundError extends fixedError(PresaleCode.projectNotFound, 404, text('项目不存在', 'The project does not exist', '項目不存在')) {}
export class OverbuyingError extends fixedError(PresaleCode.overbuying, 409, text('购买数量过大（超买）', 'Purchase too large (overbuying)', '購買數量過大（超買）')) {}
export class TooSmallError extends fixedError(PresaleCode.tooSmall, 400, text('购买数量过小', 'Purchase too small', '購買數量過小')) {}
export class CannotTradeError extends fixedError(PresaleCode.cannotTrade, 409, text('项目不可交易', 'The project cannot be traded', '項目不可交易')) {}
export class ProjectExpiredError extends fixedError(PresaleCode.expired, 409, text('项目已过期', 'The project has expired', '項目已過期')) {}
export class ProjectNotStartedError extends fixedError(PresaleCode.notStarted, 409, text('项目未开始', 'The project has not started', '項目未開始')) {}
export class CurrencyNotSupportedError extends fixedError(PresaleCode.currencyNotSupported, 400, text('该币种不支持兑换', 'Currency not supported for conversion', '該幣種不支援兌換')) {}
export class InsufficientBalanceError extends fixedError(PresaleCode.insufficientBalance, 409, text('余额不足', 'Insufficient balance', '餘額不足')) {}
export class TooFrequentError extends fixedError(PresaleCode.tooFrequent, 429, text('操作过于频繁', 'Operation too frequent', '操作過於頻繁')) {}
export class ProjectInfoFailedError extends fixedError(PresaleCode.projectInfoFailed, 404, text('获取项目信息失败', 'Failed to get project information', '獲取項目信息失敗')) {}

export const DEAL_SUCCESS = text('成交成功', 'Deal success', '成交成功');

export const PRESALE_MESSAGES = {
  places: text('数量最多 {places} 位小数', 'the quantity may have at most {places} decimal places', '數量最多 {places} 位小數'),
  window: text('结束时间须晚于开始时间', 'the end time must be after the start time', '結束時間須晚於開始時間'),
  limits: text('须满足 最小购买 ≤ 最大购买 ≤ 发售数量 ≤ 发行总量', 'it must hold that minimum purchase ≤ maximum purchase ≤ amount ≤ total issue', '須滿足 最小購買 ≤ 最大購買 ≤ 發售數量 ≤ 發行總量'),
  stages: text('分期解锁须至少一期，且比例合计 100%', 'unlocking by stages needs at least one stage, and the percentages must add up to 100%', '分期解鎖須至少一期，且比例合計 100%'),
  started: text('项目已开始或已有认购，不能再修改', 'the project has started or has subscriptions and can no longer be changed', '項目已開始或已有認購，不能再修改'),
  allocated: text('项目已配售，不能下架', 'the project is allocated and can no longer be removed', '項目已配售，不能下架'),
};
