/**
 * What the commodity mall (商城) and the sellers' product shop (产品销售) say alike to buyers and
 * sellers: the out-of-stock refusal, the order-state refusal's wording and the picture fields' labels.
 * Each shop keeps its own states, actions and rules.
 */
export { ORDER_STATE, OutOfStockError, PICTURE_LABELS } from './retail.errors';
