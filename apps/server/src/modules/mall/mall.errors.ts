import type { Language } from '@tp/contract';
import { ConflictError, NotFoundError, ValidationError, stateError } from '../../platform/http/index';
import { fieldMessage, text, type LocalizedText } from '../../platform/i18n/index';
import { PictureRefusedError } from '../../platform/uploads/index';
import { ORDER_STATE, PICTURE_LABELS } from '../retail/index';

export { OutOfStockError } from '../retail/index';

export const GOODS_STATUS_NAMES: Record<string, LocalizedText> = {
  W: text('待审核', 'pending audit', '待審核'),
  T: text('在售', 'on sale', '在售'),
  F: text('审核未通过', 'rejected', '審核未通過'),
  O: text('已下架', 'off the shelf', '已下架'),
};

export const ORDER_STATUS_NAMES: Record<string, LocalizedText> = {
  P: text('待付款', 'awaiting payment', '待付款'),
  W: text('待发货', 'awaiting shipment', '待發貨'),
  S: text('已发货', 'shipped', '已發貨'),
  T: text('已收货', 'received', '已收貨'),
  C: text('已完成', 'completed', '已完成'),
  U: text('已取消', 'cancelled', '已取消'),
  R: text('已退款', 'refunded', '已退款'),
};

export const ACTIONS = {
  audit: text('审核', 'audit it', '審核'),
  offShelf: text('下架', 'take it off the shelf', '下架'),
  pay: text('付款', 'pay it', '付款'),
  ship: text('发货', 'ship it', '發貨'),
  receive: text('确认收货', 'confirm receipt', '確認收貨'),
  cancel: text('取消', 'cancel it', '取消'),
  refund: text('退款', 'refund it', '退款'),
} as const;

export const MESSAGES = {
  goodsNotFound: text('商品不存在', 'No such goods', '商品不存在'),
  orderNotFound: text('订单不存在', 'No such order', '訂單不存在'),
  classNotFound: text('商品分类不存在', 'No such goods class', '商品分類不存在'),
  ownGoods: text('不能购买自己发布的商品', 'You cannot buy goods your own firm sells', '不能購買自己發佈的商品'),
  consigneeNotFound: text('收货地址不存在，请从您的地址簿中选择（consigneeId）', 'No such delivery address in your address book (consigneeId)', '收貨地址不存在，請從您的地址簿中選擇（consigneeId）'),
  mobilePayUnavailable: text('移动支付暂不可用，请使用余额支付', 'Mobile payment is not available; pay from the balance', '行動支付暫不可用，請使用餘額支付'),
} as const;

const GOODS_STATE = text('商品当前状态为“{status}”，不能{action}', 'The goods are {status}; you cannot {action}', '商品當前狀態為「{status}」，不能{action}');

export class GoodsStateError extends stateError(GOODS_STATE, GOODS_STATUS_NAMES) {}
export class OrderStateError extends stateError(ORDER_STATE, ORDER_STATUS_NAMES) {}

const FIELD_LABELS = {
  ...PICTURE_LABELS,
  classId: text('商品分类', 'classId', '商品分類'),
  commoditySpec: text('商品规格', 'commoditySpec', '商品規格'),
} satisfies Record<string, LocalizedText>;
const RULES = {
  classId: text('分类不存在或已停用', 'is not an enabled goods class', '分類不存在或已停用'),
  commoditySpec: text('请选择商品提供的规格', 'must be one of the specifications the goods offer', '請選擇商品提供的規格'),
};

/** A picture was refused: 422 naming the field. */
export class ImageRefusedError extends PictureRefusedError {
  constructor(field: 'images' | 'img', lang: Language, maxMb: number) {
    super(field, FIELD_LABELS[field], lang, maxMb);
  }
}

/** A field whose value the mall does not know: 422 naming it. */
export class UnknownValueError extends ValidationError {
  constructor(field: 'classId' | 'commoditySpec', lang: Language) {
    super([{ field, rule: 'exists', message: fieldMessage(FIELD_LABELS[field], RULES[field][lang], lang) }]);
  }
}

export const goodsNotFound = () => new NotFoundError(MESSAGES.goodsNotFound);
export const orderNotFound = () => new NotFoundError(MESSAGES.orderNotFound);
export const conflict = (message: LocalizedText) => new ConflictError(message);
