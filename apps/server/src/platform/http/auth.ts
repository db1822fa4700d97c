import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthHeader, DEFAULT_MARKET_ID, type StaffRight } from '@tp/contract';
import { languageFromHeader } from '../i18n/index';
import type { AuthContext, SessionResolver, StaffAccessResolver } from './context';
import { ForbiddenError, SessionInvalidError } from './errors';

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Reads `firmId`, `sessionStr`, `userId`, `marketId` and `terminalType` on every request. Routes
 * declare `config.auth`; a route that needs a session and gets none or an expired one answers
 * -10011 so the client's expiry flow runs.
 */
export function installAuth(app: FastifyInstance, resolver: SessionResolver, staffAccess?: StaffAccessResolver): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'cn');
  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(header(request, 'accept-language'));
  });
  // Before validation, so an anonymous or unentitled caller learns nothing about the body a call expects.
  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.config?.auth ?? 'none';
    const rights = typeof declared === 'object' ? ([] as readonly StaffRight[]).concat(declared.staff) : undefined;
    const requirement = typeof declared === 'object' ? 'staff' : declared;
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
    if (rights) {
      // No resolver wired means no staff rights can be proven: refuse rather than allow everything.
      const access = staffAccess ? await staffAccess.accessOf(auth.userId) : undefined;
      if (!access || !(access.superAdmin || rights.some((right) => access.rights.includes(right)))) throw new ForbiddenError();
    }
  });
  if (staffAccess) {
    // Written before the answer leaves (onSend, not onResponse): a caller who has seen success can
    // read the audit row, and a failed audit write fails the request instead of going unrecorded.
    app.addHook('onSend', async (request, reply, payload) => {
      const action = request.routeOptions.config?.audit;
      if (!action || !request.auth || request.auth.kind !== 'staff' || reply.statusCode >= 400) return payload;
      await staffAccess.recordAction({ staffId: request.auth.userId, action, objectId: request.routeOptions.url ?? '', detail: { request: request.body ?? null } });
      return payload;
    });
  }
}

/** The caller of a route that declared `auth: 'user'` or `'staff'`. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new SessionInvalidError();
  return request.auth;
}
