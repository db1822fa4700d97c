import type { Language } from '@tp/contract';
import { text, type LocalizedText } from '../../platform/i18n/index';

export const REDEMPTION_STATUS_NAMES: Record<string, LocalizedText> = {
  W: text('待发货', 'awaiting shipment', '待發貨'),
  S: text('已发货', 'shipped', '已發貨'),
  T: text('已收货', 'received', '已收貨'),
  U: text('已取消', 'cancelled', '已取消'),
};

export const APPLICATION_STATUS_NAMES: Record<string, LocalizedText> = {
  W: text('待审核', 'awaiting review', '待審核'),
  T: text('已通过', 'approved', '已通過'),
  F: text('已驳回', 'rejected', '已駁回'),
};

export const ACTIONS = {
  ship: text('发货', 'ship it', '發貨'),
  receive: text('确认收货', 'confirm receipt', '確認收貨'),
  cancel: text('取消', 'cancel it', '取消'),
  decide: text('审核', 'review it', '審核'),
} as const;

export const MESSAGES = {
  goodsNotFound: text('积分商品不存在', 'No such integral goods', '積分商品不存在'),
  redemptionNotFound: text('兑换记录不存在', 'No such redemption', '兌換記錄不存在'),
  applicationNotFound: text('奖励申请不存在', 'No such reward application', '獎勵申請不存在'),
  consigneeNotFound: text('收货地址不存在，请从您的地址簿中选择（consigneeId）', 'No such delivery address in your address book (consigneeId)', '收貨地址不存在，請從您的地址簿中選擇（consigneeId）'),
  imageNotFound: text('图片不存在，请重新上传（imageId）', 'No such picture; upload it again (imageId)', '圖片不存在，請重新上傳（imageId）'),
  imageRefused: text('图片须为 JPG 或 PNG（img）', 'The picture must be a JPG or PNG (img)', '圖片須為 JPG 或 PNG（img）'),
  offShelf: text('该积分商品已下架', 'These goods are off the shelf', '該積分商品已下架'),
  outOfStock: text('库存不足，剩余 {stock} 件（quantity）', 'Not enough stock: {stock} left (quantity)', '庫存不足，剩餘 {stock} 件（quantity）'),
  overLimit: text('每个企业限兑 {limit} 件，已兑换 {redeemed} 件（quantity）', 'Each firm may redeem at most {limit}; yours has {redeemed} (quantity)', '每個企業限兌 {limit} 件，已兌換 {redeemed} 件（quantity）'),
  insufficient: text('积分不足：需要 {points}，可用 {balance}', 'Not enough integrals: {points} needed, {balance} available', '積分不足：需要 {points}，可用 {balance}'),
  signedIn: text('今天已经签到过了', 'You have already signed in today', '今天已經簽到過了'),
  signInClosed: text('签到奖励未开放', 'Sign-in rewards are not open', '簽到獎勵未開放'),
  pendingApplication: text('已有待审核的奖励申请，请等待审核结果', 'A reward application of your firm is awaiting review', '已有待審核的獎勵申請，請等待審核結果'),
  pointsRequired: text('通过申请须填写奖励积分（points）', 'Approving needs the points to award (points)', '通過申請須填寫獎勵積分（points）'),
  reasonRequired: text('驳回申请须填写原因（reason）', 'Rejecting needs a reason (reason)', '駁回申請須填寫原因（reason）'),
} as const;

const STATE = text('当前状态为“{status}”，不能{action}', 'It is {status}; you cannot {action}', '當前狀態為「{status}」，不能{action}');

/** "It is shipped; you cannot cancel it", in the caller's language. */
export function stateMessage(names: Record<string, LocalizedText>, status: string, action: LocalizedText): LocalizedText {
  const name = names[status] ?? text(status, status, status);
  const fill = (lang: Language) => STATE[lang].replace('{status}', name[lang]).replace('{action}', action[lang]);
  return { cn: fill('cn'), en: fill('en'), tw: fill('tw') };
}
