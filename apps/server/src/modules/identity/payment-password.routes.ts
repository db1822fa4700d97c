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
import { caller, ok, replyOf } from '../../platform/http/index';
import type { PaymentPasswordService } from './payment-password.service';

/** Tight per-IP limit on top of the per-password lockout: these calls check a six-digit secret. */
const PASSWORD_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export function registerPaymentPasswordRoutes(app: FastifyInstance, service: PaymentPasswordService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(PaymentPasswordPath.status, { schema: { response: replyOf(PaymentPasswordStatus) }, config: { auth: 'user' } }, async (request) =>
    ok(await service.status(caller(request))),
  );
  r.post(
    PaymentPasswordPath.set,
    { schema: { body: SetPaymentPasswordRequest, response: replyOf(z.null()) }, config: { auth: 'user', rateLimit: PASSWORD_LIMIT } },
    async (request) => ok(await service.set(caller(request), request.body, request.ip)),
  );
  r.post(
    PaymentPasswordPath.update,
    { schema: { body: UpdatePaymentPasswordRequest, response: replyOf(z.null()) }, config: { auth: 'user', rateLimit: PASSWORD_LIMIT } },
    async (request) => ok(await service.update(caller(request), request.body, request.ip)),
  );
  r.post(
    PaymentPasswordPath.reset,
    { schema: { body: ResetPaymentPasswordRequest, response: replyOf(z.null()) }, config: { auth: 'user', rateLimit: PASSWORD_LIMIT } },
    async (request) => ok(await service.reset(caller(request), request.body, request.ip)),
  );
}
