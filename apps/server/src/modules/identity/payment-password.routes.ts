import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PaymentPasswordPath,
  PaymentPasswordStatus,
  ResetPaymentPasswordRequest,
  SetPaymentPasswordRequest,
  UpdatePaymentPasswordRequest,
} from '@tp/contract';
import { caller, ok, postRoutes, replyOf } from '../../platform/http/index';
import type { PaymentPasswordService } from './payment-password.service';

/** Tight per-IP limit on top of the per-password lockout: these calls check a six-digit secret. */
const PASSWORD_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** Setting, changing or resetting a payment password is a security setting: the user's second factor guards it. */

export function registerPaymentPasswordRoutes(app: FastifyInstance, service: PaymentPasswordService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const post = postRoutes(app, { userPassword: { auth: 'user', rateLimit: PASSWORD_LIMIT, secondFactor: true } });
  r.post(PaymentPasswordPath.status, { schema: { response: replyOf(PaymentPasswordStatus) }, config: { auth: 'user' } }, async (request) =>
    ok(await service.status(caller(request))),
  );
  post.userPassword(PaymentPasswordPath.set, SetPaymentPasswordRequest, z.null(), (body, request) => service.set(caller(request), body, request.ip));
  post.userPassword(PaymentPasswordPath.update, UpdatePaymentPasswordRequest, z.null(), (body, request) => service.update(caller(request), body, request.ip));
  post.userPassword(PaymentPasswordPath.reset, ResetPaymentPasswordRequest, z.null(), (body, request) => service.reset(caller(request), body, request.ip));
}
