import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';

export interface AccountLimit {
  /** Names the counter, so limits of different actions never share one. */
  name: string;
  max: number;
  timeWindow: string | number;
  /** The account the request acts for; undefined leaves it to the per-IP limit alone. */
  accountOf(request: FastifyRequest): string | undefined;
}

/**
 * Per-IP limits alone let one attacker spread guesses or uploads over many addresses: these count
 * per account, in the same store as the per-IP limits (Redis when REDIS_URL is set, so every server
 * instance shares the counters). Returns a hook that refuses with 429 once the account is over.
 */
export function accountLimiter(app: FastifyInstance, limit: AccountLimit): (request: FastifyRequest) => Promise<void> {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindow,
    keyGenerator: (request) => `acct:${limit.name}:${limit.accountOf(request) ?? ''}`,
  });
  return async (request) => {
    if (limit.accountOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw new RateLimitedError();
  };
}

/** Uploads per account (user or staff member): image decoding is the costliest thing a caller can ask for. */
export const UPLOADS_PER_ACCOUNT = { max: 30, timeWindow: '1 minute' } as const;

/** Every multipart request of a signed-in caller counts towards its account's upload limit. */
export function installUploadLimit(app: FastifyInstance): void {
  const limited = accountLimiter(app, {
    name: 'upload',
    ...UPLOADS_PER_ACCOUNT,
    accountOf: (request) => (request.auth && request.isMultipart() ? `${request.auth.kind}:${request.auth.userId}` : undefined),
  });
  app.addHook('preHandler', limited);
}
