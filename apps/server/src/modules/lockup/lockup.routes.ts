import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCKUP_RULES, LockRequest, LockupLock, LockupOverview, LockupPath, LockupRules } from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { LockupService } from './lockup.service';

export function registerLockupRoutes(app: FastifyInstance, lockup: LockupService): void {
  app.withTypeProvider<ZodTypeProvider>().get(LockupPath.rules, { schema: { response: replyOf(LockupRules) } }, async () => ok({ ...LOCKUP_RULES }));
  const post = postRoutes(app, { user: { auth: 'user' } });
  post.user(LockupPath.overview, z.strictObject({}), LockupOverview, (_body, request) => lockup.overview(caller(request)));
  post.user(LockupPath.lock, LockRequest, LockupLock, (body, request) => lockup.lock(caller(request), body.amount));
}
