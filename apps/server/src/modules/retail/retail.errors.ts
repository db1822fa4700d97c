import { ConflictError } from '../../platform/http/index';
import { fillText, text } from '../../platform/i18n/index';

/** The refusal of an order's move; each shop names its own order states. */
export const ORDER_STATE = text('订单当前状态为“{status}”，不能{action}', 'The order is {status}; you cannot {action}', '訂單當前狀態為「{status}」，不能{action}');

/** The labels of the picture fields both shops' forms have. */
export const PICTURE_LABELS = {
  images: text('商品图片', 'Images', '商品圖片'),
  img: text('图片', 'Image', '圖片'),
};

const OUT_OF_STOCK = text('商品“{name}”库存不足（剩余 {stock}）', 'Not enough stock of “{name}” ({stock} left)', '商品「{name}」庫存不足（剩餘 {stock}）');

/** An order asked for more pieces than are left: 409 naming the goods and what is left. */
export class OutOfStockError extends ConflictError {
  constructor(name: string, stock: number) {
    super(fillText(OUT_OF_STOCK, { name, stock }));
  }
}
