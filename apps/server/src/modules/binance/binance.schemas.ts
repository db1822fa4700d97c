import { z } from 'zod';
import { KlineInterval, StpMode } from '@tp/contract';
import { type BinanceError, binanceErrors } from './binance.errors';

/** Binance's parameter rules and the error each broken rule answers. */
const DECIMAL_RANGE = '^([0-9]{1,20})(\\.[0-9]{1,20})?$';
const SYMBOL_RANGE = '^[A-Z0-9-_.]{1,20}$';
const CLIENT_ID_RANGE = '^[a-zA-Z0-9-_]{1,36}$';

const decimal = z.string().regex(new RegExp(DECIMAL_RANGE));
const integer = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number)
  .refine((n) => Number.isSafeInteger(n));
const symbol = z.string().regex(new RegExp(SYMBOL_RANGE));
const clientId = z.string().regex(new RegExp(CLIENT_ID_RANGE));
const limit = (max: number, fallback: number) => integer.refine((n) => n >= 1 && n <= max).default(fallback);

const LEGAL: Record<string, string> = {
  symbol: SYMBOL_RANGE,
  price: DECIMAL_RANGE,
  quantity: DECIMAL_RANGE,
  quoteOrderQty: DECIMAL_RANGE,
  stopPrice: DECIMAL_RANGE,
  abovePrice: DECIMAL_RANGE,
  aboveStopPrice: DECIMAL_RANGE,
  belowPrice: DECIMAL_RANGE,
  belowStopPrice: DECIMAL_RANGE,
  stopLimitPrice: DECIMAL_RANGE,
  newClientOrderId: CLIENT_ID_RANGE,
  origClientOrderId: CLIENT_ID_RANGE,
};
const ENUM_ERRORS: Record<string, () => BinanceError> = {
  side: binanceErrors.invalidSide,
  type: binanceErrors.invalidOrderType,
  timeInForce: binanceErrors.invalidTimeInForce,
  aboveTimeInForce: binanceErrors.invalidTimeInForce,
  belowTimeInForce: binanceErrors.invalidTimeInForce,
  stopLimitTimeInForce: binanceErrors.invalidTimeInForce,
  aboveType: binanceErrors.invalidOrderType,
  belowType: binanceErrors.invalidOrderType,
  interval: binanceErrors.invalidInterval,
};

/** Reads parameters with a schema; the first broken rule becomes Binance's error for it. */
export function readParams<T extends z.ZodType>(schema: T, params: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? '');
  const value = params[name];
  if (value === undefined || value === '') throw binanceErrors.mandatory(name);
  const special = ENUM_ERRORS[name];
  if (special) throw special();
  throw binanceErrors.illegal(name, LEGAL[name] ?? 'a valid value');
}

export const SymbolParams = z.object({ symbol });
export const OptionalSymbolParams = z.object({ symbol: symbol.optional(), symbols: z.string().max(2000).optional() });
export const DepthParams = z.object({ symbol, limit: limit(5000, 100) });
export const TradesParams = z.object({ symbol, limit: limit(1000, 500) });
export const AggTradesParams = z.object({ symbol, limit: limit(1000, 500), startTime: integer.optional(), endTime: integer.optional() });
export const KlinesParams = z.object({ symbol, interval: KlineInterval, limit: limit(1000, 500), startTime: integer.optional(), endTime: integer.optional() });

export const SignedParams = z.object({ timestamp: integer, recvWindow: integer.optional() });

const side = z.enum(['BUY', 'SELL']);
const timeInForce = z.enum(['GTC', 'IOC', 'FOK']);
const stpMode = StpMode;
const respType = z.enum(['ACK', 'RESULT', 'FULL']);

export const NewOrderParams = z.object({
  symbol,
  side,
  type: z.enum(['LIMIT', 'MARKET', 'LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT']),
  timeInForce: timeInForce.optional(),
  quantity: decimal.optional(),
  quoteOrderQty: decimal.optional(),
  price: decimal.optional(),
  stopPrice: decimal.optional(),
  newClientOrderId: clientId.optional(),
  newOrderRespType: respType.optional(),
  selfTradePreventionMode: stpMode.optional(),
});
export type NewOrderParams = z.output<typeof NewOrderParams>;

/** What both OCO endpoints take besides their two orders. */
const listParams = { symbol, side, quantity: decimal, listClientOrderId: clientId.optional(), newOrderRespType: respType.optional(), selfTradePreventionMode: stpMode.optional() };

/** `POST /api/v3/orderList/oco`: the order above the price and the order below it. */
export const OcoListParams = z.object({
  ...listParams,
  aboveType: z.enum(['LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT']),
  abovePrice: decimal.optional(),
  aboveStopPrice: decimal.optional(),
  aboveTimeInForce: timeInForce.optional(),
  aboveClientOrderId: clientId.optional(),
  belowType: z.enum(['LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT']),
  belowPrice: decimal.optional(),
  belowStopPrice: decimal.optional(),
  belowTimeInForce: timeInForce.optional(),
  belowClientOrderId: clientId.optional(),
});
export type OcoListParams = z.output<typeof OcoListParams>;

/** The older `POST /api/v3/order/oco`: a limit order at `price` and a stop order at `stopPrice`. */
export const LegacyOcoParams = z.object({
  ...listParams,
  price: decimal,
  stopPrice: decimal,
  stopLimitPrice: decimal.optional(),
  stopLimitTimeInForce: timeInForce.optional(),
  limitClientOrderId: clientId.optional(),
  stopClientOrderId: clientId.optional(),
});
export type LegacyOcoParams = z.output<typeof LegacyOcoParams>;

export const OrderListRefParams = z.object({ symbol, orderListId: integer.optional(), listClientOrderId: clientId.optional() });
export type OrderListRefParams = z.output<typeof OrderListRefParams>;

export const TradeFeeParams = z.object({ symbol: symbol.optional() });
export const CoinParams = z.object({ coin: z.string().regex(/^[A-Z0-9]{1,20}$/), network: z.string().max(20).optional() });
export const CoinHistoryParams = z.object({ coin: z.string().regex(/^[A-Z0-9]{1,20}$/).optional(), limit: limit(1000, 1000), offset: integer.default(0) });
export type CoinHistoryParams = z.output<typeof CoinHistoryParams>;

export const OrderRefParams = z.object({ symbol, orderId: integer.optional(), origClientOrderId: clientId.optional(), newClientOrderId: clientId.optional() });
export type OrderRefParams = z.output<typeof OrderRefParams>;

export const OpenOrdersParams = z.object({ symbol: symbol.optional() });
export const AllOrdersParams = z.object({ symbol, orderId: integer.optional(), startTime: integer.optional(), endTime: integer.optional(), limit: limit(1000, 500) });
export type AllOrdersParams = z.output<typeof AllOrdersParams>;
export const MyTradesParams = AllOrdersParams.extend({ fromId: integer.optional() });
export type MyTradesParams = z.output<typeof MyTradesParams>;
