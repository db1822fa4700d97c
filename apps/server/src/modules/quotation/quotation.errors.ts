import { NotFoundError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  commodityNotFound: text('商品品种不存在（commodityId）', 'No such commodity (commodityId)', '商品品種不存在（commodityId）'),
} as const;

export const commodityNotFound = () => new NotFoundError(MESSAGES.commodityNotFound);
