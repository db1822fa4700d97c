import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DisableTotpRequest,
  EnableTotpRequest,
  RecoveryCodes,
  RevokeSessionRequest,
  SecurityPath,
  SecurityStatus,
  SessionListRequest,
  SetAntiPhishingRequest,
  TotpSetup,
  UserSession,
  pageOf,
} from '@tp/contract';
import { caller, postRoutes } from '../../platform/http/index';
import type { RequestMeta } from './identity.schemas';
import type { IdentityService } from './identity.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The action needs the user's second factor when they turned it on: the body's `totpCode`
     * (the contract's `secondFactorField`) is checked before the handler runs.
     */
    secondFactor?: boolean;
  }
}

const metaOf = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
const NoBody = z.strictObject({}).optional();

/**
 * Calls that check a two-factor code are limited per address as tightly as password calls; per
 * account, five wrong codes lock the second factor (see `two-factor.service.ts`).
 */
const CODE_GUESSES = { max: 10, timeWindow: '1 minute' } as const;

/**
 * Routes of any module declare `config: { secondFactor: true }` (withdrawals, API keys): after
 * validation and before the handler, a user with two-factor authentication on must send a right
 * code, or the call is refused with the second factor's code and nothing happens.
 */
function installSecondFactorGuard(app: FastifyInstance, identity: Pick<IdentityService, 'requireSecondFactor'>): void {
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config?.secondFactor || request.auth?.kind !== 'user') return;
    const code = (request.body as { totpCode?: unknown } | undefined)?.totpCode;
    await identity.requireSecondFactor(Number(request.auth.userId), typeof code === 'string' ? code : undefined);
  });
}

/** The signed-in user's security settings and sessions (`/api/user/security/*`), and the second-factor guard. */
export function registerSecurityRoutes(app: FastifyInstance, identity: IdentityService): void {
  installSecondFactorGuard(app, identity);
  const post = postRoutes(app, { user: { auth: 'user' }, guesses: { auth: 'user', rateLimit: CODE_GUESSES } });
  post.user(SecurityPath.status, NoBody, SecurityStatus, (_body, request) => identity.securityStatus(caller(request)));
  post.user(SecurityPath.totpSetup, NoBody, TotpSetup, (_body, request) => identity.setupTotp(caller(request)));
  post.guesses(SecurityPath.totpEnable, EnableTotpRequest, RecoveryCodes, (body, request) => identity.enableTotp(caller(request), body, metaOf(request)));
  post.guesses(SecurityPath.totpDisable, DisableTotpRequest, z.null(), (body, request) => identity.disableTotp(caller(request), body, metaOf(request)));
  post.guesses(SecurityPath.antiPhishing, SetAntiPhishingRequest, z.null(), (body, request) => identity.setAntiPhishing(caller(request), body, metaOf(request)));
  post.user(SecurityPath.sessions, SessionListRequest, pageOf(UserSession), (body, request) => identity.listSessions(caller(request), body));
  post.user(SecurityPath.revokeSession, RevokeSessionRequest, z.null(), (body, request) => identity.revokeSession(caller(request), body, metaOf(request)));
  post.user(SecurityPath.revokeAllSessions, NoBody, z.null(), (_body, request) => identity.revokeAllSessions(caller(request), metaOf(request)));
}
