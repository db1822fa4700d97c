import { ApiKeyScope } from '@tp/contract';
import type { Clock } from '../../platform/clock';
import { ApiKeyRejectedError, type ApiKeyService } from '../apikey/index';
import { binanceErrors, keyRejection } from './binance.errors';
import { SignedParams, readParams } from './binance.schemas';

const DEFAULT_RECV_WINDOW = 5_000;
const MAX_RECV_WINDOW = 60_000;
/** How far ahead of the server's clock a client's timestamp may be. */
const AHEAD_TOLERANCE = 1_000;

/** A request as it arrived: the raw query string and form body (what was signed) and their parameters. */
export interface Incoming {
  ip: string;
  apiKey: string | undefined;
  query: string;
  body: string;
  /** Query parameters win over body parameters of the same name, as on Binance. */
  params: Record<string, string>;
}

export interface SignedCaller {
  userId: number;
  canTrade: boolean;
}

function withoutSignature(raw: string): { rest: string; signature: string | undefined } {
  let signature: string | undefined;
  const parts = raw.split('&').filter((part) => {
    if (!part.startsWith('signature=')) return true;
    signature = part.slice('signature='.length);
    return false;
  });
  return { rest: parts.join('&'), signature };
}

/**
 * Binance's SIGNED endpoint security: an `X-MBX-APIKEY` header, a `timestamp` within
 * `recvWindow` of the server's clock, and `signature`, the hex HMAC-SHA256 of the query string
 * followed by the body (without the signature itself).
 */
export function createSignedAuth(deps: { apiKeys: Pick<ApiKeyService, 'verify'>; clock: Clock }) {
  return async function authenticate(incoming: Incoming, scope: ApiKeyScope): Promise<SignedCaller> {
    if (!incoming.apiKey) throw binanceErrors.keyFormat();
    const { timestamp, recvWindow = DEFAULT_RECV_WINDOW } = readParams(SignedParams, incoming.params);
    if (recvWindow > MAX_RECV_WINDOW) throw binanceErrors.badRecvWindow();
    const now = deps.clock.now().getTime();
    if (timestamp >= now + AHEAD_TOLERANCE) throw binanceErrors.timestampAhead();
    if (now - timestamp > recvWindow) throw binanceErrors.outsideRecvWindow();
    const query = withoutSignature(incoming.query);
    const body = withoutSignature(incoming.body);
    const signature = query.signature ?? body.signature;
    if (!signature) throw binanceErrors.mandatory('signature');
    try {
      const key = await deps.apiKeys.verify({ apiKey: incoming.apiKey, ip: incoming.ip, scope, payload: query.rest + body.rest, signature });
      return { userId: key.userId, canTrade: key.scopes.includes(ApiKeyScope.enum.trade) };
    } catch (error) {
      if (error instanceof ApiKeyRejectedError) throw keyRejection(error.reason);
      throw error;
    }
  };
}
export type SignedAuth = ReturnType<typeof createSignedAuth>;
