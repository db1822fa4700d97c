import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@tp/contract';
import { ApiKeyRejectedError } from '../apikey/index';
import type { Incoming, SignedAuth, SignedCaller } from './binance.auth';
import { BinanceError, binanceErrors, keyRejection } from './binance.errors';
import {
  AggTradesParams,
  AllOrdersParams,
  DepthParams,
  KlinesParams,
  CoinHistoryParams,
  CoinParams,
  LegacyOcoParams,
  MyTradesParams,
  NewOrderParams,
  OcoListParams,
  OrderListRefParams,
  TradeFeeParams,
  OpenOrdersParams,
  OptionalSymbolParams,
  OrderRefParams,
  SymbolParams,
  TradesParams,
  readParams,
} from './binance.schemas';
import type { BinanceService } from './binance.service';

export const BINANCE_PREFIX = '/api/v3';

/** Requests per minute per client address, like Binance's request-weight limit; excess answers -1003. */
const LIMITED = { config: { rateLimit: { max: 1200, timeWindow: 60_000 } } };

/** A form body kept as sent: the signature covers its exact text. */
interface FormBody {
  form: string;
}

function incomingOf(request: FastifyRequest): Incoming {
  const at = request.url.indexOf('?');
  const query = at >= 0 ? request.url.slice(at + 1) : '';
  const body = typeof request.body === 'object' && request.body !== null && 'form' in request.body ? (request.body as FormBody).form : '';
  const params = { ...Object.fromEntries(new URLSearchParams(body)), ...Object.fromEntries(new URLSearchParams(query)) };
  const header = request.headers['x-mbx-apikey'];
  return { ip: request.ip, apiKey: Array.isArray(header) ? header[0] : header, query, body, params };
}

function sendError(reply: FastifyReply, error: BinanceError) {
  return reply.status(error.httpStatus).type('application/json; charset=utf-8').send({ code: error.code, msg: error.msg });
}

/**
 * The spot API in the shape of Binance's public spot REST API v3, so existing trading clients and
 * bots work unchanged. Its own plugin scope: it reads form bodies as sent (for the signature) and
 * answers in Binance's raw shapes and `{ code, msg }` errors instead of the platform's envelope.
 */
export async function registerBinanceRoutes(app: FastifyInstance, deps: { binance: BinanceService; authenticate: SignedAuth }): Promise<void> {
  const { binance, authenticate } = deps;

  /** One Binance-shaped scope: form bodies kept as sent, Binance's error shape, its own 404. */
  const scope = (prefix: string, routes: (api: FastifyInstance, handlers: Handlers) => void) =>
    app.register(
      async (api) => {
        api.removeAllContentTypeParsers();
        api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, { form: body as string } satisfies FormBody));
        api.setErrorHandler((err: FastifyError, request, reply) => {
          if (err instanceof BinanceError) return sendError(reply, err);
          if (err instanceof ApiKeyRejectedError) return sendError(reply, keyRejection(err.reason));
          if (err.statusCode === 429) return sendError(reply, binanceErrors.tooManyRequests());
          if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
            request.log.info({ err: { message: err.message, code: err.code } }, 'request refused');
            return sendError(reply, binanceErrors.malformed());
          }
          request.log.error({ err }, 'unhandled error');
          return sendError(reply, binanceErrors.unknown());
        });
        api.setNotFoundHandler((_request, reply) => sendError(reply, binanceErrors.notFound()));
        routes(api, {
          open: (handle) => async (request) => handle(incomingOf(request)),
          signed: (scopeName, handle) => async (request) => {
            const incoming = incomingOf(request);
            return handle(await authenticate(incoming, scopeName), incoming.params);
          },
        });
      },
      { prefix },
    );

  await scope(BINANCE_PREFIX, (api, { open, signed }) => {
    api.get('/ping', LIMITED, open(() => ({})));
    api.get('/time', LIMITED, open(() => binance.time()));
    api.get('/exchangeInfo', LIMITED, open(({ params }) => binance.exchangeInfo(readParams(OptionalSymbolParams, params))));
    api.get('/depth', LIMITED, open(({ params }) => {
      const q = readParams(DepthParams, params);
      return binance.depth(q.symbol, q.limit);
    }));
    api.get('/trades', LIMITED, open(({ params }) => {
      const q = readParams(TradesParams, params);
      return binance.trades(q.symbol, q.limit);
    }));
    api.get('/aggTrades', LIMITED, open(({ params }) => binance.aggTrades(readParams(AggTradesParams, params))));
    api.get('/klines', LIMITED, open(({ params }) => binance.klines(readParams(KlinesParams, params))));
    api.get('/ticker/24hr', LIMITED, open(({ params }) => binance.ticker24h(readParams(OptionalSymbolParams, params))));
    api.get('/ticker/price', LIMITED, open(({ params }) => binance.tickerPrice(readParams(OptionalSymbolParams, params))));
    api.get('/ticker/bookTicker', LIMITED, open(({ params }) => binance.bookTicker(readParams(OptionalSymbolParams, params))));

    api.get('/account', LIMITED, signed('read', (caller) => binance.account(caller)));
    api.post('/order', LIMITED, signed('trade', (caller, params) => binance.newOrder(caller.userId, readParams(NewOrderParams, params))));
    api.get('/order', LIMITED, signed('read', (caller, params) => binance.queryOrder(caller.userId, readParams(OrderRefParams, params))));
    api.delete('/order', LIMITED, signed('trade', (caller, params) => binance.cancelOrder(caller.userId, readParams(OrderRefParams, params))));
    api.post('/orderList/oco', LIMITED, signed('trade', (caller, params) => binance.newOcoList(caller.userId, readParams(OcoListParams, params))));
    api.post('/order/oco', LIMITED, signed('trade', (caller, params) => binance.newLegacyOco(caller.userId, readParams(LegacyOcoParams, params))));
    api.delete('/orderList', LIMITED, signed('trade', (caller, params) => binance.cancelOrderList(caller.userId, readParams(OrderListRefParams, params))));
    api.get('/openOrders', LIMITED, signed('read', (caller, params) => binance.openOrders(caller.userId, readParams(OpenOrdersParams, params).symbol)));
    api.delete('/openOrders', LIMITED, signed('trade', (caller, params) => binance.cancelOpenOrders(caller.userId, readParams(SymbolParams, params).symbol)));
    api.get('/allOrders', LIMITED, signed('read', (caller, params) => binance.allOrders(caller.userId, readParams(AllOrdersParams, params))));
    api.get('/myTrades', LIMITED, signed('read', (caller, params) => binance.myTrades(caller.userId, readParams(MyTradesParams, params))));
  });

  // Binance's wallet and account endpoints that trading clients read: fees, coins, deposit
  // addresses, deposit and withdrawal records. There is no margin trading: its pair lists are empty.
  await scope('/sapi/v1', (api, { open, signed }) => {
    api.get('/margin/allPairs', LIMITED, open(() => []));
    api.get('/margin/isolated/allPairs', LIMITED, open(() => []));
    api.get('/asset/tradeFee', LIMITED, signed('read', (_caller, params) => binance.tradeFees(readParams(TradeFeeParams, params).symbol)));
    api.get('/capital/config/getall', LIMITED, signed('read', (caller) => binance.coins(caller.userId)));
    api.get('/capital/deposit/address', LIMITED, signed('read', (caller, params) => {
      const q = readParams(CoinParams, params);
      return binance.depositAddress(caller.userId, q.coin, q.network);
    }));
    api.get('/capital/deposit/hisrec', LIMITED, signed('read', (caller, params) => binance.deposits(caller.userId, readParams(CoinHistoryParams, params))));
    api.get('/capital/withdraw/history', LIMITED, signed('read', (caller, params) => binance.withdrawals(caller.userId, readParams(CoinHistoryParams, params))));
  });

  // Clients that load every Binance market type find no futures listed here (the platform's contracts have their own API).
  for (const futures of ['/fapi/v1', '/dapi/v1']) {
    await scope(futures, (api, { open }) => {
      api.get('/exchangeInfo', LIMITED, open(() => binance.noFutures()));
    });
  }
}

interface Handlers {
  open: (handle: (incoming: Incoming) => unknown) => (request: FastifyRequest) => Promise<unknown>;
  signed: (scope: ApiKeyScope, handle: (caller: SignedCaller, params: Record<string, string>) => unknown) => (request: FastifyRequest) => Promise<unknown>;
}
