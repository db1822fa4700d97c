import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthHeader, DEFAULT_MARKET_ID } from '@tp/contract';
import { languageFromHeader } from '../i18n/index';
import type { AuthContext, SessionResolver } from './context';
import { SessionInvalidError } from './errors';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Reads `firmId`, `sessionStr`, `userId`, `marketId` and `terminalType` on every request. Routes
 * declare `config.auth`; a route that needs a session and gets none or an expired one answers
 * -10011 so the client's expiry flow runs.
 */
export function installAuth(app: FastifyInstance, resolver: SessionResolver): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'cn');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(header(request, 'accept-language'));
  });
  app.addHook('preHandler', async (request) => {
    const requirement = request.routeOptions.config?.auth ?? 'none';
    if (requirement === 'none') return;
    const sessionStr = header(request, AuthHeader.sessionStr);
    if (!sessionStr) {
      if (requirement === 'optional') return;
      throw new SessionInvalidError();
    }
    let auth: AuthContext;
    try {
      auth = await resolver.resolve({
        kind: requirement === 'staff' ? 'staff' : 'user',
        sessionStr,
        userId: header(request, AuthHeader.userId),
        firmId: header(request, AuthHeader.firmId),
        marketId: header(request, AuthHeader.marketId) || DEFAULT_MARKET_ID,
      });
    } catch (err) {
      if (requirement === 'optional' && err instanceof SessionInvalidError) return;
      throw err;
    }
    request.auth = auth;
    // A logged-in user's chosen language wins over the browser's header.
    if (!request.headers['accept-language']) request.lang = auth.language;
  });
}

/** The caller of a route that declared `auth: 'user'` or `'staff'`. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new SessionInvalidError();
  return request.auth;
}
