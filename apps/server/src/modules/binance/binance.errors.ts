import type { ApiKeyRejection } from '../apikey/index';

/** An answer in Binance's error shape: `{ code, msg }` with its HTTP status. */
export class BinanceError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 400,
  ) {
    super(msg);
    this.name = 'BinanceError';
  }
}

/** Binance's error codes and words, so clients map them to the errors they already know. */
export const binanceErrors = {
  unknown: () => new BinanceError(-1000, 'An unknown error occurred while processing the request.', 500),
  malformed: () => new BinanceError(-1000, 'The request is malformed.', 400),
  notFound: () => new BinanceError(-1000, 'No such endpoint.', 404),
  tooManyRequests: () => new BinanceError(-1003, 'Too many requests; please use the websocket for live updates.', 429),
  timestampAhead: () => new BinanceError(-1021, "Timestamp for this request was 1000ms ahead of the server's time.", 400),
  outsideRecvWindow: () => new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.', 400),
  badSignature: () => new BinanceError(-1022, 'Signature for this request is not valid.', 401),
  illegal: (name: string, legal: string) => new BinanceError(-1100, `Illegal characters found in parameter '${name}'; legal range is '${legal}'.`),
  mandatory: (name: string) => new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  eitherOf: (a: string, b: string) => new BinanceError(-1102, `Param '${a}' or '${b}' must be sent, but both were empty/null!`),
  notRequired: (name: string) => new BinanceError(-1106, `Parameter '${name}' sent when not required.`),
  invalidTimeInForce: () => new BinanceError(-1115, 'Invalid timeInForce.'),
  invalidOrderType: () => new BinanceError(-1116, 'Invalid orderType.'),
  invalidSide: () => new BinanceError(-1117, 'Invalid side.'),
  invalidInterval: () => new BinanceError(-1120, 'Invalid interval.'),
  invalidSymbol: () => new BinanceError(-1121, 'Invalid symbol.'),
  badRecvWindow: () => new BinanceError(-1131, 'recvWindow must be less than 60000'),
  orderRejected: (msg: string) => new BinanceError(-2010, msg),
  cancelRejected: () => new BinanceError(-2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(-2013, 'Order does not exist.'),
  keyFormat: () => new BinanceError(-2014, 'API-key format invalid.', 401),
  keyRefused: () => new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
};

export function keyRejection(reason: ApiKeyRejection): BinanceError {
  if (reason === 'format') return binanceErrors.keyFormat();
  if (reason === 'signature') return binanceErrors.badSignature();
  return binanceErrors.keyRefused();
}
