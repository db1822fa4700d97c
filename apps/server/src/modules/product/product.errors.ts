import type { Language } from '@tp/contract';
import { ConflictError, NotFoundError, ValidationError, stateError } from '../../platform/http/index';
import { fieldMessage, text, type LocalizedText } from '../../platform/i18n/index';
import { PictureRefusedError } from '../../platform/uploads/index';
import { ORDER_STATE, PICTURE_LABELS } from '../retail/index';

export { OutOfStockError } from '../retail/index';

export const PRODUCT_STATUS_NAMES: Record<string, LocalizedText> = {
  D: text('草稿', 'a draft', '草稿'),
  W: text('待审核', 'pending audit', '待審核'),
  T: text('在售', 'on sale', '在售'),
  F: text('审核未通过', 'rejected', '審核未通過'),
  O: text('已下架', 'off the shelf', '已下架'),
};

export const ORDER_STATUS_NAMES: Record<string, LocalizedText> = {
  W: text('待发货', 'awaiting shipment', '待發貨'),
  S: text('已发货', 'shipped', '已發貨'),
  T: text('已收货', 'received', '已收貨'),
  U: text('已取消', 'cancelled', '已取消'),
};

export const ACTIONS = {
  submit: text('提交审核', 'submit it for audit', '提交審核'),
  offShelf: text('下架', 'take it off the shelf', '下架'),
  audit: text('审核', 'audit it', '審核'),
  buy: text('购买', 'buy it', '購買'),
  ship: text('发货', 'ship it', '發貨'),
  receive: text('确认收货', 'confirm receipt', '確認收貨'),
  cancel: text('取消', 'cancel it', '取消'),
} as const;

export const MESSAGES = {
  productNotFound: text('商品不存在', 'No such product', '商品不存在'),
  orderNotFound: text('订单不存在', 'No such order', '訂單不存在'),
  shopNotFound: text('店铺不存在', 'No such shop', '店鋪不存在'),
  shopRequired: text('请先在店铺管理中开设店铺', 'Set up the shop (shop management) first', '請先在店鋪管理中開設店鋪'),
  ownProduct: text('不能购买自己店铺的商品', 'You cannot buy your own shop’s products', '不能購買自己店鋪的商品'),
  cartEmpty: text('购物车中没有可购买的商品', 'The cart has nothing that can be bought', '購物車中沒有可購買的商品'),
  totalChanged: text('商品价格或库存已变化，请核对后重新结算（total）', 'Prices or stock changed; check the cart and pay again (total)', '商品價格或庫存已變化，請核對後重新結算（total）'),
  cartFull: text('购物车最多 50 种商品', 'A cart holds at most 50 products', '購物車最多 50 種商品'),
  consigneeNotFound: text('收货地址不存在，请从您的地址簿中选择（consigneeId）', 'No such delivery address in your address book (consigneeId)', '收貨地址不存在，請從您的地址簿中選擇（consigneeId）'),
} as const;

const PRODUCT_STATE = text('商品当前状态为“{status}”，不能{action}', 'The product is {status}; you cannot {action}', '商品當前狀態為「{status}」，不能{action}');

/** A move the product's state does not allow: the message names the state and the refused action. */
export class ProductStateError extends stateError(PRODUCT_STATE, PRODUCT_STATUS_NAMES) {}
export class OrderStateError extends stateError(ORDER_STATE, ORDER_STATUS_NAMES) {}

const FIELD_LABELS = {
  ...PICTURE_LABELS,
  logo: text('店铺标志', 'Logo', '店鋪標誌'),
  commodityTypeId: text('品种', 'commodityTypeId', '品種'),
} satisfies Record<string, LocalizedText>;
const UNKNOWN_COMMODITY = text('品种不存在', 'is not a known commodity type', '品種不存在');

/** A picture (product image or shop logo) was refused: 422 naming the field. */
export class ImageRefusedError extends PictureRefusedError {
  constructor(field: 'images' | 'logo' | 'img', lang: Language, maxMb: number) {
    super(field, FIELD_LABELS[field], lang, maxMb);
  }
}

export class UnknownCommodityError extends ValidationError {
  constructor(lang: Language) {
    super([{ field: 'commodityTypeId', rule: 'exists', message: fieldMessage(FIELD_LABELS.commodityTypeId, UNKNOWN_COMMODITY[lang], lang) }]);
  }
}

export const productNotFound = () => new NotFoundError(MESSAGES.productNotFound);
export const orderNotFound = () => new NotFoundError(MESSAGES.orderNotFound);
export const conflict = (message: LocalizedText) => new ConflictError(message);
